package org.mprt.ctk.verdict.state;

import java.util.Arrays;
import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * A ring of PSN slots that starts small and grows with the PSNs it must hold ({@link PathRecord},
 * {@link QueuePairDirection}): how large it must be ({@link #toHold}), and where its slots go when it
 * grows ({@link #moves}). A capture of many short connections then holds little per connection, and
 * a ring that reached its full size behaves as one that always had it.
 */
final class RingSlots {

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

    /** Where the used slots of a ring go in a ring of {@code slots}: the slot each one's PSN names there. */
    static Moves moves(final boolean[] used, final int[] psn, final int slots) {
        final int[] from = new int[used.length];
        final int[] to = new int[used.length];
        int count = 0;
        for (int i = 0; i < used.length; i++) {
            if (used[i]) {
                from[count] = i;
                to[count++] = psn[i] & (slots - 1);
            }
        }
        return new Moves(from, to, count, slots);
    }

    /**
     * The used slots of a ring and where each goes in the larger ring: applied to each of the ring's
     * columns in turn. A slot not used holds what the ring leaves in a slot it frees, which is zero,
     * false or null, as in a new array.
     */
    static final class Moves {
        private final int[] from;
        private final int[] to;
        private final int count;
        private final int slots;

        private Moves(final int[] from, final int[] to, final int count, final int slots) {
            this.from = from;
            this.to = to;
            this.count = count;
            this.slots = slots;
        }

        long[] apply(final long[] column) {
            final long[] moved = new long[slots];
            for (int k = 0; k < count; k++) {
                moved[to[k]] = column[from[k]];
            }
            return moved;
        }

        int[] apply(final int[] column) {
            final int[] moved = new int[slots];
            for (int k = 0; k < count; k++) {
                moved[to[k]] = column[from[k]];
            }
            return moved;
        }

        boolean[] apply(final boolean[] column) {
            final boolean[] moved = new boolean[slots];
            for (int k = 0; k < count; k++) {
                moved[to[k]] = column[from[k]];
            }
            return moved;
        }

        <T> T[] apply(final T[] column) {
            final T[] moved = Arrays.copyOf(column, slots);
            Arrays.fill(moved, null);
            for (int k = 0; k < count; k++) {
                moved[to[k]] = column[from[k]];
            }
            return moved;
        }
    }
}
