package org.mprt.ctk.conformance.runtime;

import org.mprt.ctk.pics.Pics;

/**
 * The parameters of mprt-v0.1.md section 14 and rocev2-baseline.md section 11 that a probe's
 * expectations depend on and that are counts or codes, not times: the value the device declares
 * in its PICS ({@code timers}), else the spec's default.
 */
public enum SpecCount {
    /** RTO expiries without progress after which a path is FAILED (mprt-v0.1.md section 14; MPRT-LOSS-003). */
    FAIL_RTO_COUNT(3),
    /** The RNR NAK timer code of a RoCEv2 responder, Table 45 (rocev2-baseline.md section 11; ROCE-NAK-004). */
    MIN_RNR_TIMER(1);

    private final long defaultValue;

    SpecCount(final long defaultValue) {
        this.defaultValue = defaultValue;
    }

    public long defaultValue() {
        return defaultValue;
    }

    /** The value the device declares in its PICS, else the default. */
    public long valueOf(final Pics pics) {
        return pics == null ? defaultValue : pics.timerNs(name()).orElse(defaultValue);
    }
}
