package org.mprt.ctk.pcap;

/**
 * Converts pcapng timestamp ticks to nanoseconds, following the {@code if_tsresol} option
 * (pcapng draft, section "Interface Description Block", option code 9).
 *
 * <pre>
 *   bit 7 | bits 6..0
 *   ------+-----------
 *     0   | n: one tick is 10^-n seconds
 *     1   | n: one tick is 2^-n seconds
 * </pre>
 *
 * <p>Ticks are an unsigned 64-bit count since 1970. The result rounds down to the nanosecond, as
 * libpcap does, and is only exact when the resolution is at least as coarse as a nanosecond in
 * powers of ten. Nothing here allocates, since it runs for every frame.
 */
final class TimestampResolution {
    /** The value used when an interface carries no {@code if_tsresol} option: microseconds. */
    static final int MICROSECONDS = 6;
    /** The value the kit writes: nanoseconds. */
    static final int NANOSECONDS = 9;

    private static final int BINARY_FLAG = 0x80;
    private static final int EXPONENT_MASK = 0x7F;
    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    private static final long[] POWERS_OF_TEN = {
        1L, 10L, 100L, 1_000L, 10_000L, 100_000L, 1_000_000L, 10_000_000L, 100_000_000L,
        1_000_000_000L, 10_000_000_000L, 100_000_000_000L, 1_000_000_000_000L,
        10_000_000_000_000L, 100_000_000_000_000L, 1_000_000_000_000_000L,
        10_000_000_000_000_000L, 100_000_000_000_000_000L, 1_000_000_000_000_000_000L,
    };

    private TimestampResolution() {
    }

    /** Nanoseconds for {@code ticks} (unsigned) at a resolution {@link PcapngInterfaceDescription} accepted. */
    static long toNanoseconds(final long ticks, final int tsresol) {
        final int exponent = tsresol & EXPONENT_MASK;
        if ((tsresol & BINARY_FLAG) != 0) {
            return binaryToNanoseconds(ticks, exponent);
        }
        if (exponent <= NANOSECONDS) {
            return ticks * POWERS_OF_TEN[NANOSECONDS - exponent];
        }
        return Long.divideUnsigned(ticks, POWERS_OF_TEN[exponent - NANOSECONDS]);
    }

    /**
     * ticks * 10^9 / 2^exponent, through a 128-bit product so that no bit is lost. The exponent is
     * at most 63, which {@link PcapngInterfaceDescription} enforces.
     */
    private static long binaryToNanoseconds(final long ticks, final int exponent) {
        if (exponent == 0) {
            return ticks * NANOS_PER_SECOND;
        }
        // multiplyHigh is signed; add back the multiplier when the unsigned tick count has bit 63 set.
        final long high = Math.multiplyHigh(ticks, NANOS_PER_SECOND) + ((ticks >> 63) & NANOS_PER_SECOND);
        final long low = ticks * NANOS_PER_SECOND;
        return (high << (64 - exponent)) | (low >>> exponent);
    }
}
