package org.mprt.ctk.verdict.state;

import java.util.Arrays;

/**
 * The last {@code capacity} segments a connection direction sent, found by stream, MSN and message
 * offset; remembering one more once full forgets the oldest, so that memory is bounded by the
 * capacity, whatever the capture's length. Below it the arrays grow as segments arrive.
 *
 * <p>Why not an open-addressing hash table: every first transmission is remembered, but a segment is
 * looked up only when its data is sent again (a first transmission is ruled out by its stream's
 * records), perhaps once in a thousand packets, and such a table pays on every insert for probing
 * and for rebuilding its index as forgotten keys go stale. Here each hint (a fingerprint's top bits)
 * heads a chain through the slots, newest first: remembering a segment writes its slot, its
 * fingerprint, the chain's old head beside it and itself as the new head. Slots are given out again
 * strictly oldest first, so a chain that reaches a slot given out since (one holding a newer segment
 * than the link before it, or one of another hint) has reached the forgotten segments: every older one
 * is forgotten too, and the walk stops there, exact without ever unlinking anything. A fingerprint
 * only selects candidates; a segment is found only when its own stream, MSN and offset match.
 */
final class RecentSegments {

    private static final int FIRST_SLOTS = 64;
    /** Hints per slot: the more there are, the shorter the chains a lookup walks. */
    private static final int HINTS_PER_SLOT = 2;

    /** Segments held at most now; {@link #raiseCapacity} raises it. */
    private int capacity;
    private Segment[] segments = new Segment[FIRST_SLOTS];
    private long[] fingerprints = new long[FIRST_SLOTS];
    /** Slot + 1 of the newest segment whose fingerprint's top bits are the position; 0 for none. */
    private int[] hints;
    /** Per slot: the slot of the next older segment on the same hint when it was remembered, or -1. */
    private int[] older = new int[FIRST_SLOTS];
    private int hintShift;
    private int size;
    /** Once full: the slot of the oldest segment, the next to be given out. */
    private int oldest;
    private long forgotten;

    RecentSegments(final int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be positive: " + capacity);
        }
        this.capacity = capacity;
        rehint();
    }

    int capacity() {
        return capacity;
    }

    int size() {
        return size;
    }

    /** Segments forgotten so far to make room for newer ones. */
    long forgotten() {
        return forgotten;
    }

    /**
     * Lets the table hold up to {@code newCapacity} segments from now on (a lower one changes
     * nothing). A full table first puts its slots in age order, the oldest in slot 0, so that the
     * next segments take new slots before any is forgotten.
     */
    void raiseCapacity(final int newCapacity) {
        if (newCapacity <= capacity) {
            return;
        }
        if (size == capacity && oldest != 0) {
            segments = rotated(segments, new Segment[segments.length]);
            fingerprints = rotated(fingerprints, new long[fingerprints.length]);
            oldest = 0;
            rehint();
        }
        capacity = newCapacity;
    }

    /** The first {@code size} elements of {@code from} into {@code into}, starting from the oldest and wrapping. */
    private <A> A rotated(final A from, final A into) {
        System.arraycopy(from, oldest, into, 0, size - oldest);
        System.arraycopy(from, 0, into, size - oldest, oldest);
        return into;
    }

    /** Remembers a segment not held yet, forgetting the oldest when full. */
    void remember(final Segment s) {
        final int slot;
        if (size < capacity) {
            if (size == segments.length) {
                grow(Math.min(capacity, size * 2));
            }
            slot = size++;
        } else {
            slot = oldest;
            oldest = oldest + 1 == capacity ? 0 : oldest + 1;
            forgotten++;
        }
        segments[slot] = s;
        fingerprints[slot] = fingerprint(s.streamId(), s.msn(), s.messageOffset());
        link(slot);
    }

    /** Makes the slot the head of its hint's chain. */
    private void link(final int slot) {
        final int hint = hint(fingerprints[slot]);
        older[slot] = hints[hint] - 1;
        hints[hint] = slot + 1;
    }

    /** The segment held for this stream, MSN and message offset, or null. */
    Segment find(final int streamId, final long msn, final long messageOffset) {
        final long fingerprint = fingerprint(streamId, msn, messageOffset);
        final int hint = hint(fingerprint);
        int newer = Integer.MAX_VALUE;
        for (int slot = hints[hint] - 1; slot >= 0; slot = older[slot]) {
            final int age = age(slot);
            if (age >= newer || hint(fingerprints[slot]) != hint) {
                // Given out again since it was linked: this segment and every older one are forgotten.
                return null;
            }
            final Segment s = segments[slot];
            if (fingerprints[slot] == fingerprint && s.streamId() == streamId && s.msn() == msn
                && s.messageOffset() == messageOffset) {
                return s;
            }
            newer = age;
        }
        return null;
    }

    /** How many segments held are older than the one in the slot. */
    private int age(final int slot) {
        // Below capacity the oldest is slot 0 (a raised capacity puts a full table in age order first).
        return slot >= oldest ? slot - oldest : slot + capacity - oldest;
    }

    /** Grows the arrays to {@code slots} (only while not full, so slots keep their numbers) and the hints with them. */
    private void grow(final int slots) {
        segments = Arrays.copyOf(segments, slots);
        fingerprints = Arrays.copyOf(fingerprints, slots);
        older = new int[slots];
        rehint();
    }

    /**
     * Sizes the hints to the arrays and links the slots again, oldest first, so that each chain runs
     * newest first. Called only with the slots in age order (the oldest in slot 0): at the start, while
     * growing below capacity, and after {@link #raiseCapacity} has rotated a full table.
     */
    private void rehint() {
        final int positions = Integer.highestOneBit(segments.length * HINTS_PER_SLOT - 1) << 1;
        hints = new int[positions];
        hintShift = Long.SIZE - Integer.numberOfTrailingZeros(positions);
        for (int slot = 0; slot < size; slot++) {
            link(slot);
        }
    }

    /** The hint position of a fingerprint: its top bits, the best mixed of a multiplicative hash. */
    private int hint(final long fingerprint) {
        return (int) (fingerprint >>> hintShift);
    }

    /** Each field times its own odd constant with well-mixed bits, summed: cheap, and the top bits depend on every field. */
    static long fingerprint(final int streamId, final long msn, final long messageOffset) {
        return msn * 0x9E3779B97F4A7C15L + messageOffset * 0xC2B2AE3D27D4EB4FL + streamId * 0x165667B19E3779F9L;
    }
}
