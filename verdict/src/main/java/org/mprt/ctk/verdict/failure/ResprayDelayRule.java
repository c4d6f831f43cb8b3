package org.mprt.ctk.verdict.failure;

import java.util.IdentityHashMap;
import java.util.Map;
import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.PathRecord;
import org.mprt.ctk.verdict.state.Segment;
import org.mprt.ctk.verdict.state.Timers;
import org.mprt.ctk.wire.mprt.MdethFlyweight;

/**
 * MPRT-FAIL-003 (mprt-v0.1.md sections 10.4 and 10.5): a sender re-sprays data away from a path only
 * after that path has gone at least FAIL_RTO_COUNT x RTO_MIN without ACK progress while the data was
 * unacknowledged on it: the path must have had FAIL_RTO_COUNT expiries, each at least RTO_MIN after
 * the last. Judged at the sender's port.
 *
 * <p>Reading for a capture: the first re-spray away from a path after it last carried new data is
 * judged: the path's silence is measured from the later of its last captured ACK progress and the
 * start of its current stretch of unacknowledged data ({@link PathRecord#unacknowledgedSinceNs()}),
 * and must reach FAIL_RTO_COUNT x RTO_MIN, shortened by the judging tolerance. Data the capture showed
 * abandoned before (a PROBE on the path, or a failure the path has since been readmitted from) was
 * unacknowledged on it only until then: the silence is the one the path had reached when its PSNs
 * were last abandoned ({@link PathRecord#silenceAbandonedNs()}). When that stretch
 * began with the capture (the path captured from a PSN after 0, no progress captured, a capture not
 * stated to hold the connection's start) the silence may have begun earlier: the re-spray is not
 * judged.
 */
public final class ResprayDelayRule extends BehaviourRule {

    private final Timers timers;
    /** Paths whose current failure has been judged; cleared when the path carries new data. */
    private final Map<PathRecord, Boolean> judged = new IdentityHashMap<>();

    public ResprayDelayRule(final Timers timers) {
        super("MPRT-FAIL-003", JudgedAt.SENDER, false, false);
        this.timers = timers;
    }

    @Override
    public int kinds() {
        return FrameKind.MPRT_DATA.bit();
    }

    @Override
    public void observe(final Observation o) {
        if (!o.isMprtData() || !o.isAccountable()) {
            return;
        }
        final MdethFlyweight m = o.packet().extensions().mdeth();
        final MprtDirection d = o.mprtDirection();
        if (m.r() == 0) {
            final PathRecord path = o.mprtPath();
            if (path != null && !judged.isEmpty()) {
                judged.remove(path);
            }
            return;
        }
        final Segment s = o.segmentSentBefore();
        if (s == null || s.latestPathId() == m.pathId()) {
            return;
        }
        final PathRecord failed = d.path(s.latestPathId());
        if (failed == null || judged.put(failed, true) != null) {
            return;
        }
        final long silentNs;
        if (failed.isAbandonedPsn(s.latestPsn())) {
            // Abandoned before (by a PROBE, or in a failure the path has been readmitted from since): the data
            // stopped being unacknowledged on the path then, not now.
            silentNs = failed.silenceAbandonedNs();
        } else {
            final long since = failed.unacknowledgedSinceNs();
            silentNs = since == PathRecord.NEVER ? PathRecord.NEVER
                : o.timestampNs() - Math.max(since, failed.lastProgressNs());
        }
        if (silentNs == PathRecord.NEVER) {
            return;
        }
        if (failed.lastProgressNs() == PathRecord.NEVER && failed.lowestPsn() != 0 && !o.state().isFromConnectionStart()) {
            evidence.of(d).inconclusive(o.frameNumber(), () -> "frame " + o.frameNumber() + ": path " + failed.pathId()
                + " may have been silent since before the capture began");
            return;
        }
        final long bound = timers.failRtoCount() * timers.rtoMinNs() - timers.judgingToleranceNs();
        if (silentNs < bound) {
            evidence.of(d).violation(o.frameNumber(), () -> "frame.time: " + s + " is re-sprayed from path " + failed.pathId()
                + " onto path " + m.pathId() + " after " + silentNs + " ns without ACK progress on path " + failed.pathId()
                + " while it had unacknowledged data, less than FAIL_RTO_COUNT x RTO_MIN (" + timers.failRtoCount() + " x "
                + timers.rtoMinNs() + " ns, " + timers.judgingToleranceNs() + " ns judging tolerance)");
        } else {
            evidence.of(d).conforming(o.frameNumber());
        }
    }

    @Override
    protected String passText(final long checked) {
        return checked + " re-sprays left paths that had been silent for FAIL_RTO_COUNT x RTO_MIN or more";
    }

    @Override
    protected String notApplicableText() {
        return "no data re-sprayed in the capture";
    }
}
