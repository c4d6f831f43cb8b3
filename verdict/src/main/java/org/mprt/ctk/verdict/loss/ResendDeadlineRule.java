package org.mprt.ctk.verdict.loss;

import java.util.IdentityHashMap;
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
import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * MPRT-LOSS-006 (mprt-v0.1.md sections 9.3 and 10.5): while the connection is not in ERROR and some
 * path of it makes ACK progress, a data packet that stays unacknowledged is sent again (retransmitted
 * or re-sprayed) within (FAIL_RTO_COUNT + 1) x RTO_MAX after the latest of its previous transmission
 * and the last ACK progress or NAK on its path, and the oldest unacknowledged data packet of a path
 * that is not FAILED within RTO_MAX after that instant. Judged at the sender's port.
 *
 * <p>Reading for a capture: "unacknowledged" is read of the data, (stream, MSN, offset): a packet
 * whose PSN was abandoned with its path still owes its data until it is re-sprayed and
 * acknowledged. The second bound applies to the oldest PSN of a path that is neither acknowledged
 * nor abandoned (a path whose PSNs are abandoned is FAILED). "Some path makes ACK progress" is ACK
 * progress on the connection direction after that instant. Both bounds are widened by the judging
 * tolerance. The rule looks for overdue packets every RTO_MAX / 4 of capture time, on the directions
 * that may have some ({@link DirectionsToScan}), and on every direction at the end of the capture; it
 * judges each copy sent again when it goes out. A packet whose bound runs past the end of the capture
 * is not judged.
 */
public final class ResendDeadlineRule extends BehaviourRule {

    /** Overdue segments remembered so that each is reported once; past it, the rule stops looking. */
    private static final int MAX_FLAGGED = 1 << 16;

    private final Timers timers;
    private final long anyBoundNs;
    private final long oldestBoundNs;
    private final Map<Segment, Long> flagged = new IdentityHashMap<>();
    private final DirectionsToScan toScan = new DirectionsToScan();
    private long nextScanNs = Long.MIN_VALUE;
    private CaptureState state;
    private long lastNs;

    public ResendDeadlineRule(final Timers timers) {
        super("MPRT-LOSS-006", JudgedAt.SENDER, false, false);
        this.timers = timers;
        this.anyBoundNs = (timers.failRtoCount() + 1L) * timers.rtoMaxNs() + timers.judgingToleranceNs();
        this.oldestBoundNs = timers.rtoMaxNs() + timers.judgingToleranceNs();
    }

    @Override
    public void observe(final Observation o) {
        state = o.state();
        lastNs = o.timestampNs();
        if (o.timestampNs() >= nextScanNs) {
            final long nowNs = o.timestampNs();
            toScan.scan(d -> scan(o.state(), d, nowNs));
            nextScanNs = nowNs + Math.max(1, timers.rtoMaxNs() / 4);
        }
        toScan.named(o);
        if (o.isMprtData() && o.isAccountable()) {
            sentAgain(o);
        }
    }

    private void sentAgain(final Observation o) {
        final MprtDirection d = o.mprtDirection();
        final Segment s = o.segmentSentBefore();
        if (s == null || s.isAcknowledged() || o.state().isInError(d, o.timestampNs())) {
            return;
        }
        final PathRecord previous = d.path(s.latestPathId());
        final long fromNs = previous == null ? s.latestNs() : Math.max(s.latestNs(), previous.lastProgressOrNakNs());
        final Long already = flagged.remove(s);
        if (already != null && already == s.latestFrame()) {
            return;
        }
        if (o.timestampNs() - fromNs > anyBoundNs && d.lastProgressNs() > fromNs) {
            violationUnlessCut(o.state(), d, o.frameNumber(), () -> "frame.time: " + s + " is sent again " + (o.timestampNs() - fromNs)
                + " ns after its previous transmission (frame " + s.latestFrame() + ") or its path's last ACK progress"
                + " or NAK, more than (FAIL_RTO_COUNT + 1) x RTO_MAX (" + anyBoundNs + " ns with the judging tolerance)");
        } else {
            evidence.of(d).conforming(o.frameNumber());
        }
    }

    /** Looks for overdue packets on every path of every direction: at the end of the capture. */
    private void scan(final CaptureState state, final long nowNs) {
        for (final MprtDirection d : state.mprtDirections()) {
            scan(state, d, nowNs);
        }
    }

    /**
     * Looks for overdue packets on the direction's paths; true while one of them owes a packet whose
     * bound is still ahead, so that the passing of time alone may make it overdue.
     */
    private boolean scan(final CaptureState state, final MprtDirection d, final long nowNs) {
        if (state.isInError(d, nowNs)) {
            return false;
        }
        final long progressNs = d.lastProgressNs();
        boolean boundAhead = false;
        for (final PathRecord path : d.paths()) {
            if (path != null && path.hasData() && flagged.size() < MAX_FLAGGED) {
                boundAhead |= scan(d, path, nowNs, progressNs);
            }
        }
        return boundAhead;
    }

    /** Looks for overdue packets on one path; true while one of its packets owed has its bound ahead. */
    private boolean scan(final MprtDirection d, final PathRecord path, final long nowNs, final long progressNs) {
        boolean oldestSeen = false;
        boolean boundAhead = false;
        for (int back = path.owedBack() - 1; back >= 0; back--) {
            final int psn = SerialNumber.add24(path.highestPsn(), -back);
            final int slot = path.slot(psn);
            if (slot < 0 || path.ackedFrame(slot) != 0 && !path.isAbandoned(slot)) {
                continue;
            }
            final Segment s = path.segment(slot);
            if (s == null || s.isAcknowledged() || s.latestPathId() != path.pathId() || s.latestPsn() != psn
                || flagged.containsKey(s)) {
                oldestSeen |= !path.isAbandoned(slot);
                continue;
            }
            final long fromNs = Math.max(s.latestNs(), path.lastProgressOrNakNs());
            final boolean oldest = !oldestSeen && !path.isAbandoned(slot);
            oldestSeen |= !path.isAbandoned(slot);
            final long bound = oldest ? oldestBoundNs : anyBoundNs;
            boundAhead |= nowNs - fromNs <= bound;
            if (nowNs - fromNs > bound && progressNs > fromNs) {
                flagged.put(s, s.latestFrame());
                violationUnlessCut(this.state, d, s.latestFrame(), () -> "bth.psn: PSN " + psn + " of path " + path.pathId() + " (" + s
                    + ") stays unacknowledged and is not sent again within " + (oldest
                    ? "RTO_MAX (" + bound + " ns with the judging tolerance), although it is the oldest unacknowledged"
                        + " packet of a path that is not FAILED"
                    : "(FAIL_RTO_COUNT + 1) x RTO_MAX (" + bound + " ns with the judging tolerance)")
                    + " after its transmission or its path's last ACK progress or NAK, while the connection makes ACK"
                    + " progress (latest " + (progressNs - fromNs) + " ns after that instant)");
            }
        }
        return boundAhead;
    }

    @Override
    protected void atEnd() {
        if (state != null) {
            scan(state, lastNs);
        }
    }

    @Override
    protected String passText(final long checked) {
        return checked + " packets sent again were sent within their bound";
    }

    @Override
    protected String notApplicableText() {
        return "no data packet in the capture needed sending again";
    }
}
