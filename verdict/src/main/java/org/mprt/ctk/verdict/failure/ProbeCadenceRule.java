package org.mprt.ctk.verdict.failure;

import org.mprt.ctk.wire.ip.Ipv4Flyweight;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.MprtOpcodes;
import org.mprt.ctk.verdict.state.PathRecord;
import org.mprt.ctk.verdict.state.Plane;
import org.mprt.ctk.verdict.state.Timers;
import org.mprt.ctk.wire.bth.BthFlyweight;
import org.mprt.ctk.wire.mprt.MpethFlyweight;
import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * MPRT-FAIL-005 (mprt-v0.1.md section 10.6): from its first re-spray away from a path P until P
 * carries data at a PSN it has not carried before (new data, or data re-sprayed onto it once it is
 * readmitted) or the connection enters ERROR, a sender that declares {@code probe} sends
 * an MPRT_PROBE on P at least every 2 x PROBE_INTERVAL, the first within 2 x PROBE_INTERVAL after
 * that re-spray, each between P's plane addresses and carrying in BTH.PSN the PSN one more than the
 * highest PSN sent on P. Judged at the sender's port.
 *
 * <p>Reading for a capture: data abandoned on P and re-sprayed only once P has been readmitted and
 * carried data again starts no probing. The bound is widened by the judging tolerance; a gap whose
 * bound runs past the end of the capture is not judged. With a PICS the rule applies when it
 * declares {@code probe} (otherwise the rule book makes it not applicable). Without one, a sender
 * that sends no PROBE at all on the connection direction may not declare {@code probe}: its missing
 * PROBEs give INCONCLUSIVE, and the verdict says so.
 */
public final class ProbeCadenceRule extends BehaviourRule {

    private static final class Episode {
        final MprtDirection direction;
        final PathRecord path;
        final Plane plane;
        final long frame;
        long lastNs;
        long lastFrame;

        Episode(final MprtDirection direction, final PathRecord path, final Plane plane, final long frame, final long ns) {
            this.direction = direction;
            this.path = path;
            this.plane = plane;
            this.frame = frame;
            this.lastNs = ns;
            this.lastFrame = frame;
        }
    }

    private record Deferred(MprtDirection direction, long frame, String message) {
    }

    private final Timers timers;
    private final boolean declared;
    private final long boundNs;
    private final List<Episode> open = new ArrayList<>();
    private final Map<MprtDirection, Boolean> probing = new IdentityHashMap<>();
    private final List<Deferred> deferred = new ArrayList<>();

    /**
     * @param declared true when a PICS declares {@code probe}; false when there is no PICS to tell
     */
    public ProbeCadenceRule(final Timers timers, final boolean declared) {
        super("MPRT-FAIL-005", JudgedAt.SENDER, false, false);
        this.timers = timers;
        this.declared = declared;
        this.boundNs = 2 * timers.probeIntervalNs() + timers.judgingToleranceNs();
    }

    @Override
    public void observe(final Observation o) {
        expire(o);
        if (!o.isMprt() || !o.isAccountable()) {
            return;
        }
        if (MprtOpcodes.isProbe(o.packet())) {
            probed(o);
        } else if (o.isMprtData()) {
            data(o);
        }
    }

    private void expire(final Observation o) {
        for (final Iterator<Episode> i = open.iterator(); i.hasNext(); ) {
            final Episode e = i.next();
            if (o.state().isInError(e.direction, o.timestampNs())) {
                i.remove();
            } else if (o.timestampNs() - e.lastNs > boundNs) {
                i.remove();
                violation(e.direction, e.lastFrame, "mprt.mpeth.path_id: no PROBE on path " + e.path.pathId()
                    + " within 2 x PROBE_INTERVAL (" + boundNs + " ns with the judging tolerance) after frame " + e.lastFrame
                    + (e.lastFrame == e.frame ? ", its first re-spray away from the path" : ", its previous PROBE"));
            }
        }
    }

    private void probed(final Observation o) {
        final MpethFlyweight m = o.packet().extensions().mpeth();
        final MprtDirection d = o.mprtDirection();
        probing.put(d, true);
        final PathRecord path = o.mprtPath();
        for (final Episode e : open) {
            if (e.direction != d || e.path != path) {
                continue;
            }
            final Plane plane = o.state().planeOf(o.packet());
            final int expected = SerialNumber.add24(path.highestPsn(), 1);
            final int psn = o.psn();
            if (e.plane != null && !e.plane.equals(plane)) {
                violation(d, o.frameNumber(), Ipv4Flyweight.SOURCE.id() + " and " + Ipv4Flyweight.DESTINATION.id() + ": PROBE on path " + m.pathId() + " goes " + plane + ", not on the"
                    + " path's plane " + e.plane);
            } else if (psn != expected) {
                violation(d, o.frameNumber(), BthFlyweight.PSN.id() + ": expected " + expected + ", one more than the"
                    + " highest PSN sent on path " + m.pathId() + ", found " + psn);
            } else {
                evidence.of(d).conforming(o.frameNumber());
            }
            e.lastNs = o.timestampNs();
            e.lastFrame = o.frameNumber();
            return;
        }
    }

    private void data(final Observation o) {
        final MprtDirection d = o.mprtDirection();
        final PathRecord path = o.mprtPath();
        // Mostly empty: the guard spares every data packet a capturing lambda. New data on a path ends its probing.
        if (!open.isEmpty() && PathFailures.isNewDataOnItsPath(o)) {
            open.removeIf(e -> e.direction == d && e.path == path);
        }
        final PathRecord failed = PathFailures.failedAnew(o);
        if (failed == null) {
            return;
        }
        for (final Episode e : open) {
            if (e.direction == d && e.path == failed) {
                return;
            }
        }
        open.add(new Episode(d, failed, failed.plane(), o.frameNumber(), o.timestampNs()));
    }

    private void violation(final MprtDirection d, final long frame, final String message) {
        if (declared) {
            evidence.of(d).violation(frame, message);
        } else if (deferred.size() < 1024) {
            deferred.add(new Deferred(d, frame, message));
        }
    }

    @Override
    protected void atEnd() {
        for (final Deferred v : deferred) {
            if (probing.containsKey(v.direction)) {
                evidence.of(v.direction).violation(v.frame, v.message);
            } else {
                evidence.of(v.direction).inconclusive(v.frame, () -> "frame " + v.frame + ": " + v.message + "; the sender"
                    + " sends no PROBE at all and, without a PICS, the kit cannot tell whether it declares probe");
            }
        }
    }

    @Override
    protected String passText(final long checked) {
        return checked + " PROBEs of failed paths went out on time, on the path's plane, with its next PSN";
    }

    @Override
    protected String notApplicableText() {
        return "no data re-sprayed away from a path in the capture";
    }
}
