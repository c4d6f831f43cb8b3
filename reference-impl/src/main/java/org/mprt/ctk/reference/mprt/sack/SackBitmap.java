package org.mprt.ctk.reference.mprt.sack;

/**
 * The 256 bits that follow a path's cumulative PSN (mprt-v0.1.md sections 3.5 and 4.4): bit i
 * stands for PSN cack + 1 + i. Held as four words in the MAETH's order, word 0 holding bits 0-63
 * with bit 0 as its most significant bit, so a word goes to and from the wire as it is.
 */
public final class SackBitmap {

    public static final int BITS = 256;
    public static final int WORDS = BITS / Long.SIZE;

    private final long[] words = new long[WORDS];

    public boolean get(final int bit) {
        check(bit);
        return (words[bit >>> 6] & mask(bit)) != 0;
    }

    public void set(final int bit) {
        check(bit);
        words[bit >>> 6] |= mask(bit);
    }

    public void clear() {
        for (int w = 0; w < WORDS; w++) {
            words[w] = 0;
        }
    }

    /** Word {@code w} as the MAETH carries it (bits 64w to 64w + 63, the first most significant). */
    public long word(final int w) {
        return words[w];
    }

    public void word(final int w, final long value) {
        words[w] = value;
    }

    public void copyFrom(final SackBitmap other) {
        System.arraycopy(other.words, 0, words, 0, WORDS);
    }

    /** Number of consecutive set bits starting at bit 0. */
    public int leadingOnes() {
        int ones = 0;
        for (int w = 0; w < WORDS; w++) {
            if (words[w] == -1L) {
                ones += Long.SIZE;
                continue;
            }
            return ones + Long.numberOfLeadingZeros(~words[w]);
        }
        return ones;
    }

    /** Number of set bits at index {@code from} or above (0 when {@code from} is 256 or more). */
    public int countFrom(final int from) {
        if (from >= BITS) {
            return 0;
        }
        final int first = Math.max(from, 0);
        int count = Long.bitCount(words[first >>> 6] & (-1L >>> (first & 63)));
        for (int w = (first >>> 6) + 1; w < WORDS; w++) {
            count += Long.bitCount(words[w]);
        }
        return count;
    }

    /** Index of the highest set bit, or -1 when none is set. */
    public int highestSet() {
        for (int w = WORDS - 1; w >= 0; w--) {
            if (words[w] != 0) {
                return w * Long.SIZE + 63 - Long.numberOfTrailingZeros(words[w]);
            }
        }
        return -1;
    }

    /** Drops bits 0 to n - 1: bit i + n becomes bit i, as when the cumulative PSN moves n forward. */
    public void shiftOut(final int n) {
        if (n <= 0) {
            return;
        }
        if (n >= BITS) {
            clear();
            return;
        }
        final int wordShift = n >>> 6;
        final int bitShift = n & 63;
        for (int w = 0; w < WORDS; w++) {
            final int source = w + wordShift;
            final long high = source < WORDS ? words[source] : 0;
            final long low = source + 1 < WORDS ? words[source + 1] : 0;
            words[w] = bitShift == 0 ? high : high << bitShift | low >>> (Long.SIZE - bitShift);
        }
    }

    private static long mask(final int bit) {
        return 1L << (63 - (bit & 63));
    }

    private static void check(final int bit) {
        if (bit < 0 || bit >= BITS) {
            throw new IndexOutOfBoundsException("SACK bit " + bit);
        }
    }
}
