package org.mprt.ctk.verdict.timeline;

import java.util.ArrayList;
import java.util.List;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.rule.PassObserver;
import org.mprt.ctk.verdict.rule.PerPath;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.PathRecord;
import org.mprt.ctk.wire.mprt.MaethFlyweight;
import org.mprt.ctk.wire.mprt.MdethFlyweight;
import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * Collects, during the judge's one pass, the points of the report's per-path time-sequence plots
 * ({@link PathPlot}): for each path of each MPRT connection direction, its data packets and its ACKs.
 * Memory is bounded by the number of plots ({@link #MAX_PLOTS}) and the points each keeps, never by
 * the capture's length; the work per frame is a lookup and, for one frame in {@code stride}, a copy.
 */
public final class TimeSequence implements PassObserver {

    /** Paths plotted at most; the others are counted. */
    public static final int MAX_PLOTS = 64;
    static final int DATA_POINTS = 1024;
    static final int RESENT_POINTS = 256;
    static final int ACK_POINTS = 512;

    private static final class Series {
        final MprtDirection direction;
        final PathRecord path;
        final SampledSeries data = new SampledSeries(DATA_POINTS);
        final SampledSeries resent = new SampledSeries(RESENT_POINTS);
        final SampledSeries acks = new SampledSeries(ACK_POINTS);
        boolean started;
        int lastPsn;
        long lastUnwrapped;

        Series(final MprtDirection direction, final PathRecord path) {
            this.direction = direction;
            this.path = path;
        }

        /** The PSN counted on from the path's first one, across the wrap. */
        long unwrap(final int psn, final boolean advance) {
            if (!started) {
                started = true;
                lastPsn = psn;
                lastUnwrapped = psn;
            }
            final long u = lastUnwrapped + SerialNumber.signedDistance24(lastPsn, psn);
            if (advance && u > lastUnwrapped) {
                lastPsn = psn;
                lastUnwrapped = u;
            }
            return u;
        }
    }

    private final PerPath<Series> series = new PerPath<>();
    private final long[] words = new long[MaethFlyweight.SACK_BITMAP_WORDS];
    private final List<Series> order = new ArrayList<>();
    private long unplotted;
    /** True once a plotted frame recorded no capture time: the plots then run along frame numbers. */
    private boolean untimed;

    @Override
    public void observe(final Observation o) {
        if (!o.isMprt() || !o.isAccountable()) {
            return;
        }
        untimed |= !o.frame().isTimed();
        if (o.isMprtData()) {
            final MdethFlyweight m = o.packet().extensions().mdeth();
            final Series s = series(o.mprtDirection(), o.mprtPath());
            if (s != null) {
                final int psn = o.psn();
                final boolean again = m.r() == 1 && s.path.slot(psn) >= 0;
                (again ? s.resent : s.data).add(o.timestampNs(), o.frameNumber(), s.unwrap(psn, true), 0);
            }
        } else if (o.isMprtAck()) {
            final MaethFlyweight a = o.packet().extensions().maeth();
            final Series s = series(o.mprtAnswered(), o.mprtPath());
            if (s != null) {
                final int cack = o.psn();
                a.sackBitmap(words);
                s.acks.add(o.timestampNs(), o.frameNumber(), s.unwrap(cack, false), s.unwrap(PathRecord.highestAcknowledged(cack, words), false));
            }
        }
    }

    private Series series(final MprtDirection d, final PathRecord path) {
        if (path == null) {
            return null;
        }
        Series s = series.find(d, path);
        if (s == null) {
            if (order.size() >= MAX_PLOTS) {
                unplotted++;
                return null;
            }
            s = new Series(d, path);
            series.put(d, path, s);
            order.add(s);
        }
        return s;
    }

    /**
     * The plots, in the order their paths first appeared: along capture time, or along frame numbers
     * when a plotted frame recorded no time.
     */
    public List<PathPlot> plots() {
        final List<PathPlot> out = new ArrayList<>(order.size());
        final PathPlot.Axis axis = untimed ? PathPlot.Axis.FRAME_NUMBER : PathPlot.Axis.TIME_NS;
        for (final Series s : order) {
            out.add(new PathPlot(s.direction.label(), s.path.pathId(), s.path.plane() == null ? "" : s.path.plane().toString(),
                axis, at(s.data, axis), s.data.first(), s.data.seen(), at(s.resent, axis), s.resent.first(), s.resent.seen(),
                at(s.acks, axis), s.acks.first(), s.acks.second(), s.acks.seen()));
        }
        return out;
    }

    private static long[] at(final SampledSeries series, final PathPlot.Axis axis) {
        return axis == PathPlot.Axis.TIME_NS ? series.ns() : series.frames();
    }

    /** Frames of paths beyond {@link #MAX_PLOTS}, which are not plotted. */
    public long unplottedFrames() {
        return unplotted;
    }
}
