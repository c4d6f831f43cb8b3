package org.mprt.ctk.reference.roce;

/** RNR NAK timer codes (IBTA Vol.1 section 9.7.5.2.8, Table 45; rocev2-baseline.md section 11). */
public final class RnrTimerTable {

    // In units of 10 us: code 0 is 655.36 ms, code 1 is 0.01 ms, ... code 31 is 491.52 ms.
    private static final int[] TEN_MICROSECONDS = {
        65536, 1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192,
        256, 384, 512, 768, 1024, 1536, 2048, 3072, 4096, 6144, 8192, 12288, 16384, 24576, 32768, 49152};
    private static final long NS_PER_UNIT = 10_000;

    private RnrTimerTable() {
    }

    /** The wait Table 45 gives for timer code {@code code} (0 to 31), in ns. */
    public static long delayNs(final int code) {
        return TEN_MICROSECONDS[code & 0x1F] * NS_PER_UNIT;
    }
}
