package org.mprt.ctk.verdict.state;

import java.util.LinkedHashMap;
import java.util.Map;

import org.mprt.ctk.pics.Pics;

/**
 * The timers and parameters the behavioural rules judge with (mprt-v0.1.md section 14,
 * rocev2-baseline.md section 11): the defaults, or the values a PICS declares, and the judging
 * tolerance that widens every time bound in the implementation's favour.
 *
 * @param ackReqDelayNs            ACK_REQ_DELAY: how soon a receiver answers what demands an answer
 * @param ackCoalesceDelayNs       ACK_COALESCE_DELAY (and ACK_DELAY): how long a receiver may hold an arrival unreported
 * @param ackCoalesceCount         ACK_COALESCE_COUNT: arrivals on a path after which an ACK is due
 * @param lossReorderThreshold     LOSS_REORDER_THRESHOLD: later PSNs an ACK must acknowledge to detect a loss
 * @param rnrDelayNs               RNR_DELAY: how long a packet answered by NO_RECEIVE_BUFFER waits
 * @param rtoMinNs                 RTO_MIN
 * @param rtoMaxNs                 RTO_MAX
 * @param failRtoCount             FAIL_RTO_COUNT: consecutive expiries that make a path FAILED
 * @param probeIntervalNs          PROBE_INTERVAL
 * @param probeTimeoutNs           PROBE_TIMEOUT
 * @param readmitProbes            READMIT_PROBES: answered PROBEs that readmit a path
 * @param guidanceWindowNs         GUIDANCE_WINDOW
 * @param guidanceReactionNs       GUIDANCE_REACTION
 * @param guidanceTolerancePercent GUIDANCE_TOLERANCE, in percent
 * @param initCwndPmtu             INIT_CWND, in PMTU
 * @param minCwndPmtu              MIN_CWND, in PMTU
 * @param mdFactor                 MD_FACTOR
 * @param aiStepPmtu               AI_STEP, in PMTU per SRTT
 * @param responseBoundNs          RESPONSE_BOUND (RoCEv2): how soon a responder answers
 * @param localAckTimeoutCode      LOCAL_ACK_TIMEOUT (RoCEv2): the 5-bit code t, T = 4.096 µs x 2^t, 0 = none
 * @param retryCount               RETRY_CNT (RoCEv2)
 * @param rnrRetryCount            RNR_RETRY (RoCEv2), 7 = no limit
 * @param judgingToleranceNs       JUDGING_TOLERANCE: added to every bound, in the implementation's favour
 */
public record Timers(long ackReqDelayNs, long ackCoalesceDelayNs, int ackCoalesceCount, int lossReorderThreshold,
                     long rnrDelayNs, long rtoMinNs, long rtoMaxNs, int failRtoCount, long probeIntervalNs,
                     long probeTimeoutNs, int readmitProbes, long guidanceWindowNs, long guidanceReactionNs,
                     double guidanceTolerancePercent, int initCwndPmtu, int minCwndPmtu, double mdFactor,
                     int aiStepPmtu, long responseBoundNs, int localAckTimeoutCode, int retryCount, int rnrRetryCount,
                     long judgingToleranceNs) {

    /** The longest gap between two answers sent at once on different planes, as a capture may show them. */
    static final long SIMULTANEITY_NS = 1_000;
    public static final long ACK_REQ_DELAY_NS = 2_000;
    public static final long ACK_COALESCE_DELAY_NS = 8_000;
    public static final int ACK_COALESCE_COUNT = 8;
    public static final int LOSS_REORDER_THRESHOLD = 1;
    public static final long RNR_DELAY_NS = 50_000;
    public static final long RTO_MIN_NS = 50_000;
    public static final long RTO_MAX_NS = 2_000_000;
    public static final int FAIL_RTO_COUNT = 3;
    public static final long PROBE_INTERVAL_NS = 100_000;
    public static final long PROBE_TIMEOUT_NS = 200_000;
    public static final int READMIT_PROBES = 2;
    public static final long GUIDANCE_WINDOW_NS = 20_000;
    public static final long GUIDANCE_REACTION_NS = 10_000;
    public static final double GUIDANCE_TOLERANCE_PERCENT = 10;
    public static final int INIT_CWND_PMTU = 16;
    public static final int MIN_CWND_PMTU = 1;
    public static final double MD_FACTOR = 0.5;
    public static final int AI_STEP_PMTU = 1;
    public static final long RESPONSE_BOUND_NS = 100_000;
    public static final int LOCAL_ACK_TIMEOUT = 8;
    public static final int RETRY_CNT = 7;
    public static final int RNR_RETRY = 7;
    /** RNR_RETRY 7 means the requester retries without limit (rocev2-baseline.md section 11). */
    public static final int RNR_RETRY_UNLIMITED = 7;
    public static final long JUDGING_TOLERANCE_NS = 10_000;
    /** 4.096 µs, the unit of the Local ACK Timeout (rocev2-baseline.md, ROCE-GBN-002). */
    private static final long LOCAL_ACK_TIMEOUT_UNIT_NS = 4_096;

    public static Timers defaults() {
        return new Timers(ACK_REQ_DELAY_NS, ACK_COALESCE_DELAY_NS, ACK_COALESCE_COUNT, LOSS_REORDER_THRESHOLD,
            RNR_DELAY_NS, RTO_MIN_NS, RTO_MAX_NS, FAIL_RTO_COUNT, PROBE_INTERVAL_NS, PROBE_TIMEOUT_NS, READMIT_PROBES,
            GUIDANCE_WINDOW_NS, GUIDANCE_REACTION_NS, GUIDANCE_TOLERANCE_PERCENT, INIT_CWND_PMTU, MIN_CWND_PMTU,
            MD_FACTOR, AI_STEP_PMTU, RESPONSE_BOUND_NS, LOCAL_ACK_TIMEOUT, RETRY_CNT, RNR_RETRY, JUDGING_TOLERANCE_NS);
    }

    /** The defaults, replaced by what the PICS declares; null means no PICS. */
    public static Timers of(final Pics pics) {
        if (pics == null) {
            return defaults();
        }
        return new Timers(pics.timerNs("ACK_REQ_DELAY").orElse(ACK_REQ_DELAY_NS),
            pics.timerNs("ACK_COALESCE_DELAY").orElse(ACK_COALESCE_DELAY_NS),
            integer(pics, "ACK_COALESCE_COUNT", ACK_COALESCE_COUNT),
            integer(pics, "LOSS_REORDER_THRESHOLD", LOSS_REORDER_THRESHOLD),
            pics.timerNs("RNR_DELAY").orElse(RNR_DELAY_NS),
            pics.timerNs("RTO_MIN").orElse(RTO_MIN_NS),
            pics.timerNs("RTO_MAX").orElse(RTO_MAX_NS),
            integer(pics, "FAIL_RTO_COUNT", FAIL_RTO_COUNT),
            pics.timerNs("PROBE_INTERVAL").orElse(PROBE_INTERVAL_NS),
            pics.timerNs("PROBE_TIMEOUT").orElse(PROBE_TIMEOUT_NS),
            integer(pics, "READMIT_PROBES", READMIT_PROBES),
            pics.timerNs("GUIDANCE_WINDOW").orElse(GUIDANCE_WINDOW_NS),
            pics.timerNs("GUIDANCE_REACTION").orElse(GUIDANCE_REACTION_NS),
            pics.timerNumber("GUIDANCE_TOLERANCE").orElse(GUIDANCE_TOLERANCE_PERCENT),
            integer(pics, "INIT_CWND", INIT_CWND_PMTU),
            integer(pics, "MIN_CWND", MIN_CWND_PMTU),
            pics.timerNumber("MD_FACTOR").orElse(MD_FACTOR),
            integer(pics, "AI_STEP", AI_STEP_PMTU),
            pics.timerNs("RESPONSE_BOUND").orElse(RESPONSE_BOUND_NS),
            integer(pics, "LOCAL_ACK_TIMEOUT", LOCAL_ACK_TIMEOUT),
            integer(pics, "RETRY_CNT", RETRY_CNT),
            integer(pics, "RNR_RETRY", RNR_RETRY),
            pics.judgingToleranceNs());
    }

    private static int integer(final Pics pics, final String name, final int otherwise) {
        return pics.timerNs(name).map(Long::intValue).orElse(otherwise);
    }

    /**
     * The timers and parameters under the names of mprt-v0.1.md section 14 and rocev2-baseline.md
     * section 11, in the PICS unit (ns for a time), as the rules apply them: for a report to state.
     */
    public Map<String, Number> table() {
        final Map<String, Number> t = new LinkedHashMap<>();
        t.put("ACK_REQ_DELAY", ackReqDelayNs);
        t.put("ACK_COALESCE_COUNT", ackCoalesceCount);
        t.put("ACK_COALESCE_DELAY", ackCoalesceDelayNs);
        t.put("RTO_MIN", rtoMinNs);
        t.put("RTO_MAX", rtoMaxNs);
        t.put("FAIL_RTO_COUNT", failRtoCount);
        t.put("PROBE_INTERVAL", probeIntervalNs);
        t.put("PROBE_TIMEOUT", probeTimeoutNs);
        t.put("READMIT_PROBES", readmitProbes);
        t.put("RNR_DELAY", rnrDelayNs);
        t.put("GUIDANCE_WINDOW", guidanceWindowNs);
        t.put("GUIDANCE_REACTION", guidanceReactionNs);
        t.put("GUIDANCE_TOLERANCE", guidanceTolerancePercent);
        t.put("INIT_CWND", initCwndPmtu);
        t.put("MIN_CWND", minCwndPmtu);
        t.put("MD_FACTOR", mdFactor);
        t.put("AI_STEP", aiStepPmtu);
        t.put("LOSS_REORDER_THRESHOLD", lossReorderThreshold);
        t.put("RESPONSE_BOUND", responseBoundNs);
        t.put("LOCAL_ACK_TIMEOUT", localAckTimeoutCode);
        t.put("RETRY_CNT", retryCount);
        t.put("RNR_RETRY", rnrRetryCount);
        return t;
    }

    /** The same timers with another judging tolerance (0 for captures of the kit's exact fabric). */
    public Timers withJudgingToleranceNs(final long toleranceNs) {
        return new Timers(ackReqDelayNs, ackCoalesceDelayNs, ackCoalesceCount, lossReorderThreshold, rnrDelayNs, rtoMinNs,
            rtoMaxNs, failRtoCount, probeIntervalNs, probeTimeoutNs, readmitProbes, guidanceWindowNs, guidanceReactionNs,
            guidanceTolerancePercent, initCwndPmtu, minCwndPmtu, mdFactor, aiStepPmtu, responseBoundNs,
            localAckTimeoutCode, retryCount, rnrRetryCount, toleranceNs);
    }

    /**
     * SIMULTANEITY (mprt-v0.1.md section 16.3): answers of one connection captured on different
     * planes less than this apart count as sent at once. 1 µs, the time a 4 KB frame takes at
     * 40 Gb/s, but never more than the judging tolerance, so that exact captures are read exactly.
     */
    public long simultaneityNs() {
        return Math.min(SIMULTANEITY_NS, judgingToleranceNs);
    }

    /** ACK_REQ_DELAY widened by the tolerance: "within ACK_REQ_DELAY" as judged. */
    public long ackReqBoundNs() {
        return ackReqDelayNs + judgingToleranceNs;
    }

    /** ACK_COALESCE_DELAY widened by the tolerance. */
    public long ackCoalesceBoundNs() {
        return ackCoalesceDelayNs + judgingToleranceNs;
    }

    /** The RoCEv2 Local ACK Timeout T in ns (4.096 µs x 2^t); 0 when the code disables the timer. */
    public long localAckTimeoutNs() {
        return localAckTimeoutCode == 0 ? 0 : LOCAL_ACK_TIMEOUT_UNIT_NS << localAckTimeoutCode;
    }
}
