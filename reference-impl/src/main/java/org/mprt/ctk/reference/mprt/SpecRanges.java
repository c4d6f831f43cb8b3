package org.mprt.ctk.reference.mprt;

/**
 * The allowed ranges of mprt-v0.1.md section 14, checked when a configuration is built; the constraints
 * between the values are {@link org.mprt.ctk.requirement.TimerConstraints}'.
 */
final class SpecRanges {

    private static final long US = 1_000;
    private static final long MS = 1_000_000;

    private SpecRanges() {
    }

    static void check(final long ackReqDelay, final int coalesceCount, final long coalesceDelay, final long rtoInit,
                      final long rtoMin, final long rtoMax, final int failRtoCount) {
        range("ACK_REQ_DELAY", ackReqDelay, 500, 10 * US);
        range("ACK_COALESCE_COUNT", coalesceCount, 1, 64);
        range("ACK_COALESCE_DELAY", coalesceDelay, US, 64 * US);
        range("RTO_INIT", rtoInit, 10 * US, 100 * MS);
        range("RTO_MIN", rtoMin, 10 * US, MS);
        range("RTO_MAX", rtoMax, 100 * US, 100 * MS);
        range("FAIL_RTO_COUNT", failRtoCount, 1, 16);
    }

    static void checkFailure(final long probeInterval, final long probeTimeout, final int readmitProbes,
                             final long rnrDelay) {
        range("PROBE_INTERVAL", probeInterval, 10 * US, 10 * MS);
        range("PROBE_TIMEOUT", probeTimeout, 10 * US, 100 * MS);
        range("READMIT_PROBES", readmitProbes, 1, 16);
        range("RNR_DELAY", rnrDelay, US, MS);
    }

    static void checkGuidance(final long window, final long reaction, final int tolerancePercent) {
        range("GUIDANCE_WINDOW", window, 5 * US, MS);
        range("GUIDANCE_REACTION", reaction, US, 100 * US);
        range("GUIDANCE_TOLERANCE", tolerancePercent, 0, 50);
    }

    static void checkWindows(final int initCwnd, final int minCwnd, final double md, final int aiStep, final int reorder) {
        range("INIT_CWND", initCwnd, 1, 256);
        range("MIN_CWND", minCwnd, 1, 256);
        require(md >= 0.25 && md <= 0.875, "MD_FACTOR in 0.25 to 0.875: " + md);
        range("AI_STEP", aiStep, 1, 4);
        range("LOSS_REORDER_THRESHOLD", reorder, 1, 8);
    }

    private static void range(final String name, final long value, final long min, final long max) {
        require(value >= min && value <= max, name + " must lie in " + min + " to " + max + ": " + value);
    }

    private static void require(final boolean holds, final String what) {
        if (!holds) {
            throw new IllegalArgumentException(what);
        }
    }
}
