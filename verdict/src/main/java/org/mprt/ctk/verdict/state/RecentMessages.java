package org.mprt.ctk.verdict.state;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The messages of one stream among the last {@code capacity} begun, by MSN, the oldest forgotten
 * first. Each is placed by its MSN modulo a power of two: a stream's MSNs run consecutively, so that
 * positions rarely collide, and a lookup reads one array slot and, beside it, the MSN placed there,
 * so that a message not held (the first packet of each new one) costs no read of the record that
 * holds the position. A message whose position a later one took is kept in a map ({@code displaced}),
 * asked only while it holds any. The age order, for forgetting, is a ring beside the positions: a
 * message is added with two array writes, where a hash table would hash, copy and index a key.
 */
final class RecentMessages {

    private static final int FIRST_SLOTS = 16;

    private final int capacity;
    /** The messages held, oldest at {@link #oldest} once full; below that, in slots 0 to size - 1. */
    private MessageRecord[] byAge = new MessageRecord[FIRST_SLOTS];
    /** Each held message's MSN beside it, so that forgetting the oldest does not read its record. */
    private long[] msnByAge = new long[FIRST_SLOTS];
    private int size;
    private int oldest;
    private MessageRecord[] byMsn = new MessageRecord[FIRST_SLOTS];
    private long[] msnAt = new long[FIRST_SLOTS];
    private final Map<Long, MessageRecord> displaced = new HashMap<>();
    /**
     * The message found last, while held: the tracker and the rules ask for a data packet's message
     * several times in a row, and this answers them from the stream's own record, where the positions
     * are two more arrays to read.
     */
    private MessageRecord lastFound;

    RecentMessages(final int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be positive: " + capacity);
        }
        this.capacity = capacity;
    }

    /** The message with this MSN, or null when none is held. */
    MessageRecord find(final long msn) {
        final MessageRecord last = lastFound;
        if (last != null && last.msn() == msn) {
            return last;
        }
        final int at = (int) msn & (byMsn.length - 1);
        if (msnAt[at] == msn) {
            final MessageRecord r = byMsn[at];
            if (r != null) {
                lastFound = r;
                return r;
            }
        }
        final MessageRecord r = displaced.isEmpty() ? null : displaced.get(msn);
        if (r != null) {
            lastFound = r;
        }
        return r;
    }

    /** True when the next {@link #add} forgets the oldest message. */
    boolean isFull() {
        return size == capacity;
    }

    /** The MSN of the oldest message held, the next to be forgotten; meaningful when not empty. */
    long oldestMsn() {
        return msnByAge[slotByAge(0)];
    }

    /** Adds a message not held (look it up first), forgetting the oldest when full. */
    void add(final MessageRecord m) {
        final long msn = m.msn();
        if (size == capacity) {
            forget(oldest);
            byAge[oldest] = m;
            msnByAge[oldest] = msn;
            oldest = oldest + 1 == capacity ? 0 : oldest + 1;
        } else {
            if (size == byAge.length) {
                final int grown = Math.min(capacity, size * 2);
                byAge = Arrays.copyOf(byAge, grown);
                msnByAge = Arrays.copyOf(msnByAge, grown);
            }
            byAge[size] = m;
            msnByAge[size] = msn;
            size++;
        }
        if (size > byMsn.length / 2 && byMsn.length < Integer.highestOneBit(capacity) * 2) {
            byMsn = new MessageRecord[byMsn.length * 2];
            msnAt = new long[byMsn.length];
            displaced.clear();
            for (int age = 0; age < size; age++) {
                final int slot = slotByAge(age);
                place(byAge[slot], msnByAge[slot]);
            }
        } else {
            place(m, msn);
        }
    }

    /** The slot of the {@code age}-th message held, oldest first. */
    private int slotByAge(final int age) {
        return size < capacity ? age : (oldest + age) % capacity;
    }

    /** Takes the message in age slot {@code slot} out of its position, or out of the displaced ones. */
    private void forget(final int slot) {
        if (byAge[slot] == lastFound) {
            lastFound = null;
        }
        final long msn = msnByAge[slot];
        final int at = (int) msn & (byMsn.length - 1);
        if (byMsn[at] == byAge[slot]) {
            byMsn[at] = null;
        } else {
            displaced.remove(msn);
        }
    }

    private void place(final MessageRecord m, final long msn) {
        final int at = (int) msn & (byMsn.length - 1);
        if (byMsn[at] != null) {
            displaced.put(msnAt[at], byMsn[at]);
        }
        byMsn[at] = m;
        msnAt[at] = msn;
    }

    int size() {
        return size;
    }

    /** Every message held, the oldest begun first. */
    List<MessageRecord> all() {
        final List<MessageRecord> all = new ArrayList<>(size);
        for (int age = 0; age < size; age++) {
            all.add(byAge[slotByAge(age)]);
        }
        return all;
    }
}
