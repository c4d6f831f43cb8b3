package org.mprt.ctk.verdict.failure;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.DirectionsToScan;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.state.CaptureState;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.PathRecord;
import org.mprt.ctk.verdict.state.Segment;
import org.mprt.ctk.verdict.state.Timers;
import org.mprt.ctk.wire.mprt.MdethFlyweight;
import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * MPRT-FAIL-002 (mprt-v0.1.md sections 10.4 and 10.5): if a path P has unacknowledged data packets
 * and no ACK progress and no NAK reach the sender for P during (FAIL_RTO_COUNT + 1) x RTO_MAX while
 * another path of the connection makes ACK progress, the sender has re-sprayed the oldest of them
 * that is still unacknowledged onto another path (R=1) by the end of that time; and from its first
 * re-spray away from P until every data packet abandoned on P has been re-sprayed it sends no new
 * data packet (R=0) on any path of the connection. Judged at the sender's port.
 *
 * <p>Reading for a capture: the oldest packet of P whose data no captured ACK has acknowledged and
 * that has not been re-sprayed owes its re-spray from the later of its first transmission on P and
 * P's last ACK progress or NAK, when another path of the direction made ACK progress after that
 * instant; a PROBE on P abandons its PSNs but re-sprays nothing. A re-spray is a data packet carrying
 * (stream, MSN, offset) last sent on another path. From the first re-spray away from P, the packets
 * of P still owing their data are the ones to re-spray before any new data; a new data packet
 * captured within the judging tolerance after that first re-spray may have left before it was
 * decided. The bound is widened by the judging tolerance and checked every RTO_MAX / 4 of capture
 * time (on the directions that may be overdue: {@link DirectionsToScan}) and at the end of the capture.
 */
public final class ResprayRule extends BehaviourRule {

    private static final int MAX_FLAGGED = 1 << 16;

    /** The packets abandoned on one path that must be re-sprayed before any new data. */
    private record Owing(PathRecord path, int psn, Segment segment) {
    }

    private static final class Episode {
        final PathRecord failed;
        final long frame;
        final long ns;
        final List<Owing> owing;

        Episode(final PathRecord failed, final long frame, final long ns, final List<Owing> owing) {
            this.failed = failed;
            this.frame = frame;
            this.ns = ns;
            this.owing = owing;
        }
    }

    private final Timers timers;
    private final long boundNs;
    private final Map<MprtDirection, List<Episode>> episodes = new IdentityHashMap<>();
    private final Map<Segment, Boolean> flagged = new IdentityHashMap<>();
    private final DirectionsToScan toScan = new DirectionsToScan();
    private long nextScanNs = Long.MIN_VALUE;
    private CaptureState state;
    private long lastNs;

    public ResprayRule(final Timers timers) {
        super("MPRT-FAIL-002", JudgedAt.SENDER, false, false);
        this.timers = timers;
        this.boundNs = (timers.failRtoCount() + 1L) * timers.rtoMaxNs() + timers.judgingToleranceNs();
    }

    @Override
    public void observe(final Observation o) {
        state = o.state();
        lastNs = o.timestampNs();
        if (o.timestampNs() >= nextScanNs) {
            final long nowNs = o.timestampNs();
            toScan.scan(d -> scan(d, nowNs));
            nextScanNs = nowNs + Math.max(1, timers.rtoMaxNs() / 4);
        }
        toScan.named(o);
        if (!o.isMprtData() || !o.isAccountable()) {
            return;
        }
        final MdethFlyweight m = o.packet().extensions().mdeth();
        final MprtDirection d = o.mprtDirection();
        final Segment s = o.segmentSentBefore();
        if (s != null && s.latestPathId() != m.pathId() && m.r() == 1) {
            resprayed(o, d, s);
        } else if (m.r() == 0) {
            newData(o, d);
        }
    }

    private void resprayed(final Observation o, final MprtDirection d, final Segment s) {
        final PathRecord failed = d.path(s.latestPathId());
        if (failed == null) {
            return;
        }
        final List<Episode> open = episodes.computeIfAbsent(d, k -> new ArrayList<>());
        for (final Episode e : open) {
            if (e.failed == failed) {
                return;
            }
        }
        // Re-sprayed only once the path has been readmitted: the PSNs it has carried since are not abandoned.
        final boolean readmitted = failed.isReadmittedSince(s.latestPsn());
        final List<Owing> owing = new ArrayList<>();
        for (int back = 0, held = failed.heldBack(failed.highestPsn()); back < held; back++) {
            final int psn = SerialNumber.add24(failed.highestPsn(), -back);
            final int slot = failed.slot(psn);
            final Segment other = slot < 0 ? null : failed.segment(slot);
            if (other != null && other != s && (!readmitted || failed.isAbandoned(slot))
                && owes(failed, psn, slot, other)) {
                owing.add(new Owing(failed, psn, other));
            }
        }
        flagged.remove(s);
        evidence.of(d).conforming(o.frameNumber());
        open.add(new Episode(failed, o.frameNumber(), o.timestampNs(), owing));
    }

    /** True when the PSN's data is still owed: not acknowledged, and its latest copy is this PSN. */
    private static boolean owes(final PathRecord path, final int psn, final int slot, final Segment s) {
        return (path.ackedFrame(slot) == 0 || path.isAbandoned(slot)) && !s.isAcknowledged()
            && s.latestPathId() == path.pathId() && s.latestPsn() == psn;
    }

    private void newData(final Observation o, final MprtDirection d) {
        if (episodes.isEmpty()) {
            // No re-spray seen yet: the lookup would miss for every new data packet.
            return;
        }
        final List<Episode> open = episodes.get(d);
        if (open == null || open.isEmpty()) {
            return;
        }
        for (final Episode e : new ArrayList<>(open)) {
            e.owing.removeIf(w -> {
                final int slot = w.path.slot(w.psn);
                return slot < 0 || !owes(w.path, w.psn, slot, w.segment);
            });
            if (e.owing.isEmpty()) {
                open.remove(e);
                continue;
            }
            if (o.timestampNs() - e.ns <= timers.judgingToleranceNs()) {
                continue;
            }
            open.remove(e);
            final Owing first = e.owing.get(0);
            violationUnlessCut(o.state(), d, o.frameNumber(), () -> "mprt.mdeth.r: new data (R=0, PSN " + o.psn()
                + " on path " + o.packet().extensions().mdeth().pathId() + ") while " + e.owing.size() + " packets"
                + " abandoned on path " + e.failed.pathId() + " since its first re-spray (frame " + e.frame + ") still"
                + " await theirs, e.g. PSN " + first.psn + " (" + first.segment + ")");
            return;
        }
    }

    /** Looks for paths overdue for a re-spray in every direction: at the end of the capture. */
    private void scan(final long nowNs) {
        if (state == null) {
            return;
        }
        for (final MprtDirection d : state.mprtDirections()) {
            scan(d, nowNs);
        }
    }

    /**
     * Looks for paths of the direction overdue for a re-spray; true while the oldest data owed on one
     * of them has its bound ahead, so that the passing of time alone may make it overdue.
     */
    private boolean scan(final MprtDirection d, final long nowNs) {
        if (flagged.size() >= MAX_FLAGGED || state.isInError(d, nowNs)) {
            return false;
        }
        boolean boundAhead = false;
        for (final PathRecord path : d.paths()) {
            if (path != null && path.hasData()) {
                boundAhead |= scan(d, path, nowNs);
            }
        }
        return boundAhead;
    }

    /** Looks at the oldest data the path owes; true while its bound is ahead. */
    private boolean scan(final MprtDirection d, final PathRecord path, final long nowNs) {
        for (int back = path.owedBack() - 1; back >= 0; back--) {
            final int psn = SerialNumber.add24(path.highestPsn(), -back);
            final int slot = path.slot(psn);
            final Segment s = slot < 0 ? null : path.segment(slot);
            if (s == null || !owes(path, psn, slot, s)) {
                continue;
            }
            if (flagged.containsKey(s)) {
                return false;
            }
            final long fromNs = Math.max(path.firstNs(slot), path.lastProgressOrNakNs());
            final long elsewhereNs = progressElsewhere(d, path);
            if (nowNs - fromNs > boundNs && elsewhereNs > fromNs) {
                flagged.put(s, true);
                violationUnlessCut(state, d, path.firstFrame(slot), () -> "mprt.mdeth.path_id: PSN " + psn + " of path "
                    + path.pathId() + " (" + s + ") is the oldest data of a path that has had no ACK progress or NAK for "
                    + (nowNs - fromNs) + " ns while another path made ACK progress, and it is not re-sprayed within"
                    + " (FAIL_RTO_COUNT + 1) x RTO_MAX (" + boundNs + " ns with the judging tolerance)");
            }
            return nowNs - fromNs <= boundNs;
        }
        return false;
    }

    private static long progressElsewhere(final MprtDirection d, final PathRecord failed) {
        long latest = PathRecord.NEVER;
        for (final PathRecord p : d.paths()) {
            if (p != null && p != failed) {
                latest = Math.max(latest, p.lastProgressNs());
            }
        }
        return latest;
    }

    @Override
    protected void atEnd() {
        scan(lastNs);
    }

    @Override
    protected String passText(final long checked) {
        return checked + " path failures were followed by a re-spray of the failed path's data before new data";
    }

    @Override
    protected String notApplicableText() {
        return "no path in the capture stayed silent while another made progress, and no data was re-sprayed";
    }
}
