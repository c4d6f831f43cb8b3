package org.mprt.ctk.verdict.state;

import java.util.Arrays;
import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * Rings that start small and grow with what they must hold: the PSN rings ({@link PathRecord},
 * {@link QueuePairDirection}) and the queues of the guidance rules. A ring of a power-of-two length
 * keeps position p (a PSN, or a count of entries added) in slot p mod length; grown, each position
 * it holds moves to the slot p names in the longer ring ({@code grown}). A capture of many short
 * connections then holds little per connection, and a ring that reached its full size behaves as one
 * that always had it.
 */
public final class RingSlots {

    private RingSlots() {
    }

    /**
     * The slots a ring of {@code slots} (a power of two, at most {@code max}) needs so that every PSN
     * from {@code lowest} to {@code highest} has a slot of its own: {@code slots} when it already has
     * them, else the next power of two that does, at most {@code max}.
     */
    static int toHold(final int slots, final int max, final int lowest, final int highest) {
        final int span = SerialNumber.distance24(lowest, highest) + 1;
        if (span <= slots || slots == max) {
            return slots;
        }
        return Math.min(max, Integer.highestOneBit(span - 1) << 1);
    }

    /**
     * The ring grown to {@code length} slots: positions {@code first} to {@code first + count - 1},
     * which it holds, each in the slot its position names in the longer ring; the other slots are
     * zero, as in a new array.
     */
    public static long[] grown(final long[] ring, final long first, final long count, final int length) {
        final long[] grown = new long[length];
        for (long p = first, end = first + count; p < end; p++) {
            grown[(int) (p & (length - 1))] = ring[(int) (p & (ring.length - 1))];
        }
        return grown;
    }

    /** As {@link #grown(long[], long, long, int)}. */
    public static int[] grown(final int[] ring, final long first, final long count, final int length) {
        final int[] grown = new int[length];
        for (long p = first, end = first + count; p < end; p++) {
            grown[(int) (p & (length - 1))] = ring[(int) (p & (ring.length - 1))];
        }
        return grown;
    }

    /** As {@link #grown(long[], long, long, int)}. */
    public static boolean[] grown(final boolean[] ring, final long first, final long count, final int length) {
        final boolean[] grown = new boolean[length];
        for (long p = first, end = first + count; p < end; p++) {
            grown[(int) (p & (length - 1))] = ring[(int) (p & (ring.length - 1))];
        }
        return grown;
    }

    /** As {@link #grown(long[], long, long, int)}, the other slots null. */
    public static <T> T[] grown(final T[] ring, final long first, final long count, final int length) {
        final T[] grown = Arrays.copyOf(ring, length);
        Arrays.fill(grown, null);
        for (long p = first, end = first + count; p < end; p++) {
            grown[(int) (p & (length - 1))] = ring[(int) (p & (ring.length - 1))];
        }
        return grown;
    }
}
