package org.mprt.ctk.verdict.roce;

import java.util.IdentityHashMap;
import java.util.Map;
import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.state.CaptureState;
import org.mprt.ctk.verdict.state.PathRecord;
import org.mprt.ctk.verdict.state.QueuePairDirection;
import org.mprt.ctk.verdict.state.RoceOpcodes;
import org.mprt.ctk.verdict.state.Timers;
import org.mprt.ctk.wire.roce.AethSyndrome;

/**
 * ROCE-GBN-002 (rocev2-baseline.md section 9): with a Local ACK Timeout code t from 1 to 31
 * (T = 4.096 µs x 2^t), a requester that has unacknowledged request packets and receives no ACK, NAK
 * or response for T resends from its oldest unacknowledged PSN; never earlier than T after the later
 * of that packet's last transmission and the last acknowledgement that made progress, and no later
 * than 4 x T after it. Judged at the requester's port.
 *
 * <p>Reading for a capture: a resend of the oldest unacknowledged PSN (the one after the highest the
 * captured answers acknowledged) that no PSN sequence error NAK or RNR NAK for it explains (one
 * captured after its previous transmission, or at most the judging tolerance before the resend) is a
 * timeout; T comes from the PICS (LOCAL_ACK_TIMEOUT, default code 8), is shortened by the judging
 * tolerance for the lower bound and 4 x T widened by it for the upper. The upper bound is looked for
 * every T / 2 of capture time on QPs whose answers the capture binds to their requests, while the
 * oldest packet has been sent at most RETRY_CNT + 1 times and no RNR NAK holds it; a bound that runs
 * past the end of the capture is not judged. With code 0 the timer is off and the rule does not apply.
 */
public final class AckTimeoutRule extends BehaviourRule {

    private final Timers timers;
    private final long timeoutNs;
    private final Map<QueuePairDirection, long[]> flagged = new IdentityHashMap<>();
    private long nextScanNs = Long.MIN_VALUE;

    public AckTimeoutRule(final Timers timers) {
        super("ROCE-GBN-002", JudgedAt.SENDER, false, false);
        this.timers = timers;
        this.timeoutNs = timers.localAckTimeoutNs();
    }

    @Override
    public void observe(final Observation o) {
        if (timeoutNs == 0) {
            return;
        }
        if (o.timestampNs() >= nextScanNs) {
            scan(o.state(), o.timestampNs());
            nextScanNs = o.timestampNs() + timeoutNs / 2;
        }
        if (!o.isRocev2() || !o.isAccountable() || !RoceOpcodes.isRequest(o.packet().opcode())) {
            return;
        }
        final QueuePairDirection d = o.state().roceRequests(o.packet());
        final int psn = o.psn();
        final int slot = d.slot(psn);
        if (slot < 0 || psn != d.oldestUnacknowledgedPsn() || explainedByNak(d, psn, slot, o.timestampNs())) {
            return;
        }
        final long fromNs = Math.max(d.lastNs(slot), d.lastProgressNs());
        final long waitedNs = o.timestampNs() - fromNs;
        if (waitedNs < timeoutNs - timers.judgingToleranceNs()) {
            evidence.of(d).violation(o.frameNumber(), () -> "frame.time: request PSN " + psn + ", the oldest unacknowledged, is"
                + " sent again " + waitedNs + " ns after its previous transmission (frame " + d.lastFrame(slot) + ")"
                + (d.lastProgressNs() > d.lastNs(slot) ? " or the last acknowledgement that made progress" : "")
                + ", earlier than the Local ACK Timeout T = " + timeoutNs + " ns (code " + timers.localAckTimeoutCode()
                + ", " + timers.judgingToleranceNs() + " ns judging tolerance)");
        } else if (waitedNs > 4 * timeoutNs + timers.judgingToleranceNs()) {
            evidence.of(d).violation(o.frameNumber(), () -> "frame.time: request PSN " + psn + " is sent again " + waitedNs
                + " ns after its previous transmission, later than 4 x T = " + 4 * timeoutNs + " ns");
        } else {
            evidence.of(d).conforming(o.frameNumber());
        }
        flagged.remove(d);
    }

    /**
     * True when a PSN sequence error NAK or an RNR NAK for this PSN came after its last transmission, or
     * came at most the judging tolerance before this resend: the transmission between them may have been
     * on its way, its last bit still to cross the capture point, when the NAK reached the requester.
     */
    private boolean explainedByNak(final QueuePairDirection d, final int psn, final int slot, final long nowNs) {
        if (d.lastNakNs() == PathRecord.NEVER || d.lastNakPsn() != psn
            || d.lastNakNs() < d.lastNs(slot) && nowNs - d.lastNakNs() > timers.judgingToleranceNs()) {
            return false;
        }
        final AethSyndrome.Kind kind = AethSyndrome.kind(d.lastNakSyndrome());
        return kind == AethSyndrome.Kind.RNR_NAK
            || d.lastNakSyndrome() == AethSyndrome.NakCode.PSN_SEQUENCE_ERROR.syndrome();
    }

    private void scan(final CaptureState state, final long nowNs) {
        for (final QueuePairDirection d : state.roceDirections()) {
            if (!d.hasAcknowledged() || !d.hasUnacknowledged()) {
                continue;
            }
            final int psn = d.oldestUnacknowledgedPsn();
            final int slot = d.slot(psn);
            if (slot < 0 || d.transmissions(slot) > timers.retryCount() + 1
                || d.lastNakNs() >= d.lastNs(slot) && AethSyndrome.kind(d.lastNakSyndrome()) == AethSyndrome.Kind.RNR_NAK) {
                continue;
            }
            final long fromNs = Math.max(d.lastNs(slot), d.lastProgressNs());
            final long[] seen = flagged.get(d);
            if (nowNs - fromNs > 4 * timeoutNs + timers.judgingToleranceNs()
                && (seen == null || seen[0] != d.lastFrame(slot))) {
                flagged.put(d, new long[] {d.lastFrame(slot)});
                evidence.of(d).violation(d.lastFrame(slot), () -> "frame.time: request PSN " + psn + ", the oldest"
                    + " unacknowledged, is not sent again within 4 x T = " + 4 * timeoutNs + " ns after its transmission"
                    + " or the last acknowledgement that made progress, and no answer came");
            }
        }
    }

    @Override
    protected String passText(final long checked) {
        return checked + " timeouts resent the oldest unacknowledged request between T and 4 x T after it";
    }

    @Override
    protected String notApplicableText() {
        return timeoutNs == 0 ? "the Local ACK Timeout code is 0: the timer is off"
            : "no request timed out in the capture";
    }
}
