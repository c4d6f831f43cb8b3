package org.mprt.ctk.verdict.state;

import java.util.Arrays;

/**
 * The last {@code capacity} segments a connection direction sent, found by stream, MSN and message
 * offset; remembering one more once full forgets the oldest, so that memory is bounded by the
 * capacity, whatever the capture's length. Below it the arrays grow as segments arrive.
 *
 * <p>Why not a hash table: every first transmission is remembered, but a segment is looked up only
 * when its data is sent again (a first transmission is ruled out by its stream's records), perhaps
 * once in a thousand packets. A hash table pays for its index on every insert (probing, and
 * rebuilding it as forgotten keys go stale), for lookups that seldom come. Here remembering a segment
 * writes its slot, its key's fingerprint and one hint: the slot of the newest segment whose
 * fingerprint falls on that hint. A lookup tries the hinted slot, and when a later segment has taken
 * the hint (or the segment is not held) reads the fingerprints of every held segment, newest first:
 * a scan of a few kilobytes, seldom needed. A fingerprint only selects candidates; a segment is found
 * only when its own stream, MSN and offset are those asked for.
 */
final class RecentSegments {

    private static final int FIRST_SLOTS = 64;
    /** Hints per slot: the fewer slots share a hint, the fewer lookups fall back to the scan. */
    private static final int HINTS_PER_SLOT = 2;

    /** Segments held at most now; {@link #raiseCapacity} raises it. */
    private int capacity;
    private Segment[] segments = new Segment[FIRST_SLOTS];
    private long[] fingerprints = new long[FIRST_SLOTS];
    /** Slot + 1 of the newest segment whose fingerprint's top bits are the position; 0 for none. */
    private int[] hints;
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
        final long fingerprint = fingerprint(s.streamId(), s.msn(), s.messageOffset());
        segments[slot] = s;
        fingerprints[slot] = fingerprint;
        hints[hint(fingerprint)] = slot + 1;
    }

    /** The segment held for this stream, MSN and message offset, or null. */
    Segment find(final int streamId, final long msn, final long messageOffset) {
        final long fingerprint = fingerprint(streamId, msn, messageOffset);
        final int hint = hint(fingerprint);
        final int hinted = hints[hint] - 1;
        if (hinted >= 0 && is(hinted, fingerprint, streamId, msn, messageOffset)) {
            return segments[hinted];
        }
        // Newest first: from the slot before the oldest down to 0, then from the last slot down to the oldest.
        final int newestRunEnd = size < capacity ? size : oldest;
        int slot = scan(newestRunEnd - 1, 0, fingerprint, streamId, msn, messageOffset);
        if (slot < 0 && size == capacity) {
            slot = scan(capacity - 1, oldest, fingerprint, streamId, msn, messageOffset);
        }
        if (slot < 0) {
            return null;
        }
        hints[hint] = slot + 1;
        return segments[slot];
    }

    /** The first slot from {@code from} down to {@code to} that holds the key, or -1. */
    private int scan(final int from, final int to, final long fingerprint, final int streamId, final long msn,
                     final long messageOffset) {
        for (int slot = from; slot >= to; slot--) {
            if (fingerprints[slot] == fingerprint && is(slot, fingerprint, streamId, msn, messageOffset)) {
                return slot;
            }
        }
        return -1;
    }

    private boolean is(final int slot, final long fingerprint, final int streamId, final long msn,
                       final long messageOffset) {
        final Segment s = segments[slot];
        return fingerprints[slot] == fingerprint && s.streamId() == streamId && s.msn() == msn
            && s.messageOffset() == messageOffset;
    }

    /** Grows the arrays to {@code slots} (only while not full, so slots keep their numbers) and the hints with them. */
    private void grow(final int slots) {
        segments = Arrays.copyOf(segments, slots);
        fingerprints = Arrays.copyOf(fingerprints, slots);
        rehint();
    }

    /** Sizes the hints to the arrays and sets them again from the slots, oldest first so that the newest wins. */
    private void rehint() {
        final int positions = Integer.highestOneBit(segments.length * HINTS_PER_SLOT - 1) << 1;
        hints = new int[positions];
        hintShift = Long.SIZE - Integer.numberOfTrailingZeros(positions);
        final int wrapped = size == capacity ? oldest : 0;
        for (int age = 0; age < size; age++) {
            final int slot = age + wrapped < size ? age + wrapped : age + wrapped - size;
            hints[hint(fingerprints[slot])] = slot + 1;
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
