package org.mprt.ctk.conformance.runtime;

import org.mprt.ctk.pics.Pics;

/**
 * The RTO expiries of a path that has no RTT sample and hears nothing (mprt-v0.1.md section 9.2,
 * MPRT-LOSS-003): the k-th falls min(RTO_INIT x 2^i, RTO_MAX) summed over i from 0 to k - 1 after
 * the first transmission of the path's oldest packet, since each expiry doubles the RTO (at most
 * RTO_MAX) and restarts the timer. The values are the device's PICS values, else the defaults.
 */
public final class RtoSchedule {

    private RtoSchedule() {
    }

    /** The offsets of the expiries before the FAIL_RTO_COUNT-th, those at which the sender retransmits. */
    public static long[] expiriesBeforeFailureNs(final Pics pics) {
        final long[] offsets = new long[(int) Math.max(0, SpecCount.FAIL_RTO_COUNT.valueOf(pics) - 1)];
        final long rtoMax = SpecTimer.RTO_MAX.valueNs(pics);
        long rto = SpecTimer.RTO_INIT.valueNs(pics);
        long sum = 0;
        for (int k = 0; k < offsets.length; k++) {
            sum += Math.min(rto, rtoMax);
            offsets[k] = sum;
            rto = Math.min(2 * rto, rtoMax);
        }
        return offsets;
    }
}
