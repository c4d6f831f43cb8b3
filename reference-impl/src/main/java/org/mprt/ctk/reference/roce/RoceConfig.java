package org.mprt.ctk.reference.roce;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/**
 * The timers of rocev2-baseline.md section 11 with the kit's defaults, plus the baseline's own
 * choices: how often the requester asks for an ACK and how many PSNs it keeps outstanding.
 *
 * @param localAckTimeout       LOCAL_ACK_TIMEOUT code t: T = 4.096 us x 2^t; 0 disables the timer
 * @param retryCnt              RETRY_CNT
 * @param rnrRetry              RNR_RETRY, 7 meaning no limit
 * @param minRnrTimer           MIN_RNR_TIMER, the code the responder puts in its RNR NAKs
 * @param ackReqEveryPackets    AckReq on every this many packets, besides the last packet of each message
 * @param maxOutstandingPackets most PSNs sent and not acknowledged
 */
public record RoceConfig(
    int localAckTimeout, int retryCnt, int rnrRetry, int minRnrTimer, int ackReqEveryPackets, int maxOutstandingPackets,
    Set<RoceDeviation> deviations) {

    /** RNR_RETRY value meaning "retry for ever". */
    public static final int RNR_RETRY_INFINITE = 7;
    private static final long TIMEOUT_UNIT_NS = 4_096;
    private static final int MAX_OUTSTANDING = 1 << 16;

    public RoceConfig {
        check(localAckTimeout, 0, 31, "LOCAL_ACK_TIMEOUT");
        check(retryCnt, 0, 7, "RETRY_CNT");
        check(rnrRetry, 0, 7, "RNR_RETRY");
        check(minRnrTimer, 0, 31, "MIN_RNR_TIMER");
        check(ackReqEveryPackets, 1, MAX_OUTSTANDING, "ackReqEveryPackets");
        check(maxOutstandingPackets, 1, MAX_OUTSTANDING, "maxOutstandingPackets");
        deviations = deviations.isEmpty() ? Collections.emptySet()
            : Collections.unmodifiableSet(EnumSet.copyOf(deviations));
    }

    /** Kit defaults: timeout code 8 (1.049 ms), 7 retries, RNR retry for ever, RNR timer code 1 (0.01 ms). */
    public static RoceConfig defaults() {
        return new RoceConfig(8, 7, RNR_RETRY_INFINITE, 1, 16, 1024, Set.of());
    }

    /** T = 4.096 us x 2^LOCAL_ACK_TIMEOUT, or Long.MAX_VALUE when the timer is disabled. */
    public long localAckTimeoutNs() {
        return localAckTimeout == 0 ? Long.MAX_VALUE : TIMEOUT_UNIT_NS << localAckTimeout;
    }

    public boolean deviates(final RoceDeviation deviation) {
        return deviations.contains(deviation);
    }

    public RoceConfig withLocalAckTimeout(final int code) {
        return new RoceConfig(code, retryCnt, rnrRetry, minRnrTimer, ackReqEveryPackets, maxOutstandingPackets, deviations);
    }

    public RoceConfig withRetryCnt(final int count) {
        return new RoceConfig(localAckTimeout, count, rnrRetry, minRnrTimer, ackReqEveryPackets, maxOutstandingPackets,
            deviations);
    }

    public RoceConfig withMinRnrTimer(final int code) {
        return new RoceConfig(localAckTimeout, retryCnt, rnrRetry, code, ackReqEveryPackets, maxOutstandingPackets, deviations);
    }

    public RoceConfig withDeviation(final RoceDeviation deviation) {
        final EnumSet<RoceDeviation> more = EnumSet.noneOf(RoceDeviation.class);
        more.addAll(deviations);
        more.add(deviation);
        return new RoceConfig(localAckTimeout, retryCnt, rnrRetry, minRnrTimer, ackReqEveryPackets, maxOutstandingPackets,
            more);
    }

    private static void check(final int value, final int min, final int max, final String name) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(name + " must lie in " + min + " to " + max + ": " + value);
        }
    }
}
