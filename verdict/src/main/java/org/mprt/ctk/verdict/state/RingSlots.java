package org.mprt.ctk.verdict.state;

import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * The size of a ring of PSN slots that starts small and grows with the PSNs it must hold
 * ({@link PathRecord}, {@link QueuePairDirection}): a capture of many short connections then holds
 * little per connection, and a ring that reached its full size behaves as one that always had it.
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
}
