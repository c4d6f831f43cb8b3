package org.mprt.ctk.verdict.state;

import org.mprt.ctk.pics.Pics;

/**
 * The timers and parameters the behavioural rules judge with (mprt-v0.1.md section 14,
 * rocev2-baseline.md section 11): the defaults, or the values a PICS declares, and the judging
 * tolerance that widens every time bound in the implementation's favour.
 *
 * @param ackReqDelayNs         ACK_REQ_DELAY: how soon a receiver answers what demands an answer
 * @param ackCoalesceDelayNs    ACK_COALESCE_DELAY: how long a receiver may hold an arrival unreported
 * @param lossReorderThreshold  LOSS_REORDER_THRESHOLD: later PSNs an ACK must acknowledge to detect a loss
 * @param rnrDelayNs            RNR_DELAY: how long a packet answered by NO_RECEIVE_BUFFER waits
 * @param responseBoundNs       RESPONSE_BOUND (RoCEv2): how soon a responder answers
 * @param judgingToleranceNs    JUDGING_TOLERANCE: added to every bound, in the implementation's favour
 */
public record Timers(long ackReqDelayNs, long ackCoalesceDelayNs, int lossReorderThreshold, long rnrDelayNs,
                     long responseBoundNs, long judgingToleranceNs) {

    public static final long ACK_REQ_DELAY_NS = 2_000;
    public static final long ACK_COALESCE_DELAY_NS = 8_000;
    public static final int LOSS_REORDER_THRESHOLD = 1;
    public static final long RNR_DELAY_NS = 50_000;
    public static final long RESPONSE_BOUND_NS = 100_000;
    public static final long JUDGING_TOLERANCE_NS = 10_000;

    public static Timers defaults() {
        return new Timers(ACK_REQ_DELAY_NS, ACK_COALESCE_DELAY_NS, LOSS_REORDER_THRESHOLD, RNR_DELAY_NS,
            RESPONSE_BOUND_NS, JUDGING_TOLERANCE_NS);
    }

    /** The defaults, replaced by what the PICS declares; null means no PICS. */
    public static Timers of(final Pics pics) {
        if (pics == null) {
            return defaults();
        }
        return new Timers(pics.timerNs("ACK_REQ_DELAY").orElse(ACK_REQ_DELAY_NS),
            pics.timerNs("ACK_COALESCE_DELAY").orElse(ACK_COALESCE_DELAY_NS),
            pics.timerNs("LOSS_REORDER_THRESHOLD").orElse((long) LOSS_REORDER_THRESHOLD).intValue(),
            pics.timerNs("RNR_DELAY").orElse(RNR_DELAY_NS),
            pics.timerNs("RESPONSE_BOUND").orElse(RESPONSE_BOUND_NS),
            pics.judgingToleranceNs());
    }

    /** ACK_REQ_DELAY widened by the tolerance: "within ACK_REQ_DELAY" as judged. */
    public long ackReqBoundNs() {
        return ackReqDelayNs + judgingToleranceNs;
    }

    /** ACK_COALESCE_DELAY widened by the tolerance. */
    public long ackCoalesceBoundNs() {
        return ackCoalesceDelayNs + judgingToleranceNs;
    }
}
