package org.mprt.ctk.verdict.roce;

import java.util.IdentityHashMap;
import java.util.Map;
import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.state.PathRecord;
import org.mprt.ctk.verdict.state.QueuePairDirection;
import org.mprt.ctk.verdict.state.RoceOpcodes;
import org.mprt.ctk.verdict.state.Timers;
import org.mprt.ctk.wire.roce.AethSyndrome;

/**
 * ROCE-GBN-003 (rocev2-baseline.md section 9): a requester sends the same request PSN again after
 * timeouts or PSN sequence error NAKs at most RETRY_CNT times without progress in between, and after
 * RNR NAKs at most RNR_RETRY times unless RNR_RETRY is 7 (no limit); then it stops sending on the QP.
 * Judged at the requester's port.
 *
 * <p>Reading for a capture: the resends of the oldest unacknowledged PSN are counted from the last
 * acknowledgement that made progress; a resend that follows an RNR NAK for that PSN counts against
 * RNR_RETRY, any other against RETRY_CNT. Once the oldest PSN has used its last retry, any request
 * sent on the QP more than 4 x T (the Local ACK Timeout's latest expiry, ROCE-GBN-002) after that
 * retry without progress in between is one the requester should no longer send. RETRY_CNT,
 * RNR_RETRY and T come from the PICS, or the kit defaults.
 */
public final class RetryLimitRule extends BehaviourRule {

    private static final class Count {
        int psn;
        long since;
        int retries;
        int rnrRetries;
        long exhaustedNs = PathRecord.NEVER;
        long exhaustedFrame;
    }

    private final Timers timers;
    private final Map<QueuePairDirection, Count> counts = new IdentityHashMap<>();

    public RetryLimitRule(final Timers timers) {
        super("ROCE-GBN-003", JudgedAt.SENDER, false, false);
        this.timers = timers;
    }

    @Override
    public int kinds() {
        return FrameKind.ROCEV2.bit();
    }

    @Override
    public void observe(final Observation o) {
        if (!o.isRocev2() || !o.isAccountable() || !RoceOpcodes.isRequest(o.packet().opcode())) {
            return;
        }
        final QueuePairDirection d = o.state().roceRequests(o.packet());
        final int psn = o.psn();
        final Count c = counts.computeIfAbsent(d, k -> new Count());
        final int oldest = d.oldestUnacknowledgedPsn();
        if (c.psn != oldest || c.since != d.lastProgressNs()) {
            c.psn = oldest;
            c.since = d.lastProgressNs();
            c.retries = 0;
            c.rnrRetries = 0;
            c.exhaustedNs = PathRecord.NEVER;
        }
        if (c.exhaustedNs != PathRecord.NEVER && timers.localAckTimeoutNs() > 0
            && o.timestampNs() - c.exhaustedNs > 4 * timers.localAckTimeoutNs() + timers.judgingToleranceNs()) {
            evidence.of(d).violation(o.frameNumber(), () -> "bth.psn: request PSN " + psn + " is sent on the QP after PSN "
                + oldest + " used its last retry (frame " + c.exhaustedFrame + ") and no answer made progress: the"
                + " requester should have stopped sending");
            c.exhaustedNs = PathRecord.NEVER;
            return;
        }
        final int slot = d.slot(psn);
        if (psn != oldest || slot < 0) {
            return;
        }
        final boolean rnr = d.lastNakNs() != PathRecord.NEVER && d.lastNakNs() >= d.lastNs(slot)
            && d.lastNakPsn() == psn && AethSyndrome.kind(d.lastNakSyndrome()) == AethSyndrome.Kind.RNR_NAK;
        if (rnr) {
            c.rnrRetries++;
        } else {
            c.retries++;
        }
        final boolean rnrLimited = timers.rnrRetryCount() != Timers.RNR_RETRY_UNLIMITED;
        if (!rnr && c.retries > timers.retryCount() || rnr && rnrLimited && c.rnrRetries > timers.rnrRetryCount()) {
            evidence.of(d).violation(o.frameNumber(), () -> "bth.psn: request PSN " + psn + " is sent again for the "
                + (rnr ? c.rnrRetries + "th time after RNR NAKs, more than RNR_RETRY (" + timers.rnrRetryCount()
                : c.retries + "th time after timeouts or NAKs, more than RETRY_CNT (" + timers.retryCount())
                + ") without progress in between");
        } else {
            evidence.of(d).conforming(o.frameNumber());
            if (!rnr && c.retries == timers.retryCount()) {
                c.exhaustedNs = o.timestampNs();
                c.exhaustedFrame = o.frameNumber();
            }
        }
    }

    @Override
    protected String passText(final long checked) {
        return checked + " resends of a request stayed within RETRY_CNT and RNR_RETRY";
    }

    @Override
    protected String notApplicableText() {
        return "no request sent again in the capture";
    }
}
