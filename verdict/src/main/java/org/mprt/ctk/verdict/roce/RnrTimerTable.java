package org.mprt.ctk.verdict.roce;

/**
 * The RNR NAK timer codes of rocev2-baseline.md section 11 (IBTA Vol.1 §9.7.5.2.8, Table 45): how
 * long a requester waits after an RNR NAK before sending the NAKed request again (ROCE-GBN-004).
 */
public final class RnrTimerTable {

    /** Table 45 in microseconds, by code 0 to 31; code 0 is the longest, 655.36 ms. */
    private static final long[] MICROS = {
        655_360, 10, 20, 30, 40, 60, 80, 120,
        160, 240, 320, 480, 640, 960, 1_280, 1_920,
        2_560, 3_840, 5_120, 7_680, 10_240, 15_360, 20_480, 30_720,
        40_960, 61_440, 81_920, 122_880, 163_840, 245_760, 327_680, 491_520,
    };

    private RnrTimerTable() {
    }

    /** The wait Table 45 gives for a 5-bit timer code, in nanoseconds. */
    public static long waitNs(final int code) {
        return MICROS[code & 0x1F] * 1_000;
    }
}
