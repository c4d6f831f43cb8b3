package org.mprt.ctk.wire.sequence;

/**
 * The one home of sequence-number arithmetic: 24-bit PSNs and 32-bit MSNs (mprt-v0.1.md
 * section 1, "Sequence arithmetic"; RFC 1982 serial-number arithmetic).
 *
 * <p>{@code a} precedes {@code b} when {@code 0 < (b - a) mod 2^n < 2^(n-1)}. Two numbers exactly
 * half the space apart precede neither way. Nothing else in the kit compares sequence numbers
 * with {@code <}: a raw comparison is wrong at the wrap point.
 *
 * <p>The 24-bit methods serve every 24-bit sequence number: the BTH PSN of both profiles and the
 * RoCEv2 AETH MSN. The 32-bit methods serve the MPRT MSN, CMSN and RSN, held as {@code long}
 * values in [0, 2^32).
 */
public final class SerialNumber {

    /** Number of distinct 24-bit sequence numbers. */
    public static final int MODULUS_24 = 1 << 24;
    public static final int MASK_24 = MODULUS_24 - 1;
    /** Half the 24-bit space: the largest forward distance that still means "later". */
    public static final int HALF_24 = 1 << 23;

    public static final long MODULUS_32 = 1L << 32;
    public static final long MASK_32 = MODULUS_32 - 1;
    public static final long HALF_32 = 1L << 31;

    private SerialNumber() {
    }

    /** True when {@code value} is a 24-bit sequence number. */
    public static boolean isValid24(final int value) {
        return (value & ~MASK_24) == 0;
    }

    /** {@code (a + delta) mod 2^24}; {@code delta} may be negative. */
    public static int add24(final int a, final int delta) {
        return (a + delta) & MASK_24;
    }

    /** Forward distance from {@code from} to {@code to}: {@code (to - from) mod 2^24}, in [0, 2^24). */
    public static int distance24(final int from, final int to) {
        return (to - from) & MASK_24;
    }

    /** Signed distance from {@code from} to {@code to}, in [-2^23, 2^23). */
    public static int signedDistance24(final int from, final int to) {
        return ((to - from) << 8) >> 8;
    }

    /** {@code a < b} in 24-bit serial arithmetic. */
    public static boolean precedes24(final int a, final int b) {
        final int d = distance24(a, b);
        return d != 0 && d < HALF_24;
    }

    /** {@code a <= b} in 24-bit serial arithmetic. */
    public static boolean precedesOrEquals24(final int a, final int b) {
        return a == b || precedes24(a, b);
    }

    /** The later of two 24-bit numbers ({@code a} when neither precedes the other). */
    public static int max24(final int a, final int b) {
        return precedes24(a, b) ? b : a;
    }

    /** True when {@code value} lies in the half-open window {@code [start, start + size)}, modulo 2^24. */
    public static boolean inWindow24(final int value, final int start, final int size) {
        return distance24(start, value) < size;
    }

    /** True when {@code value} is a 32-bit sequence number. */
    public static boolean isValid32(final long value) {
        return (value & ~MASK_32) == 0;
    }

    public static long add32(final long a, final long delta) {
        return (a + delta) & MASK_32;
    }

    /** Forward distance {@code (to - from) mod 2^32}, in [0, 2^32). */
    public static long distance32(final long from, final long to) {
        return (to - from) & MASK_32;
    }

    /** Signed distance from {@code from} to {@code to}, in [-2^31, 2^31). */
    public static long signedDistance32(final long from, final long to) {
        return (int) (to - from);
    }

    public static boolean precedes32(final long a, final long b) {
        final long d = distance32(a, b);
        return d != 0 && d < HALF_32;
    }

    public static boolean precedesOrEquals32(final long a, final long b) {
        return a == b || precedes32(a, b);
    }

    public static long max32(final long a, final long b) {
        return precedes32(a, b) ? b : a;
    }

    public static boolean inWindow32(final long value, final long start, final long size) {
        return distance32(start, value) < size;
    }
}
