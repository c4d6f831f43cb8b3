package org.mprt.ctk.verdict.state;

import java.util.ArrayList;
import java.util.List;

/**
 * The messages of one stream among the last {@code capacity} begun, by MSN, the oldest forgotten
 * first. Each is also placed by its MSN modulo a power of two: a stream's MSNs run consecutively, so
 * that positions rarely collide, and a lookup, whether the message is held or not, reads one array
 * slot instead of probing a hash index (a cache miss per new message). A message whose position a
 * later one took is still held in the table ({@code displaced} counts them), and only while there are
 * such does a lookup that misses its position fall back to the table.
 */
final class RecentMessages {

    private static final int FIRST_POSITIONS = 16;
    /** The table is asked only while positions are shared, so it indexes its keys in batches. */
    private static final int INDEX_BATCH = 64;

    private final RecentTable<MessageRecord> table;
    private final long[] key = new long[1];
    private MessageRecord[] byMsn = new MessageRecord[FIRST_POSITIONS];
    private int displaced;

    RecentMessages(final int capacity) {
        this.table = RecentTable.deferringIndex(capacity, 1, 0, INDEX_BATCH);
    }

    /** The message with this MSN, or null when none is held. */
    MessageRecord find(final long msn) {
        final MessageRecord r = byMsn[(int) msn & (byMsn.length - 1)];
        if (r != null && r.msn() == msn) {
            return r;
        }
        if (displaced == 0) {
            return null;
        }
        key[0] = msn;
        final int slot = table.find(key);
        return slot == RecentTable.ABSENT ? null : table.object(slot);
    }

    /** True when the next {@link #add} forgets the oldest message. */
    boolean isFull() {
        return table.isFull();
    }

    /** The MSN of the oldest message held, the next to be forgotten; meaningful when not empty. */
    long oldestMsn() {
        return table.word(table.slotByAge(0), 0);
    }

    /** Adds a message not held (look it up first), forgetting the oldest when full. */
    void add(final MessageRecord m) {
        if (table.isFull()) {
            // The oldest's MSN from the table's key, so that its record, long out of the cache, is not read.
            final MessageRecord oldest = table.object(table.nextSlot());
            final int at = (int) table.word(table.nextSlot(), 0) & (byMsn.length - 1);
            if (byMsn[at] == oldest) {
                byMsn[at] = null;
            } else {
                displaced--;
            }
        }
        key[0] = m.msn();
        table.object(table.insert(key), m);
        if (table.size() > byMsn.length / 2 && byMsn.length < Integer.highestOneBit(table.capacity()) * 2) {
            byMsn = new MessageRecord[byMsn.length * 2];
            displaced = 0;
            for (int age = 0; age < table.size(); age++) {
                place(table.object(table.slotByAge(age)));
            }
        } else {
            place(m);
        }
    }

    private void place(final MessageRecord m) {
        final int at = (int) m.msn() & (byMsn.length - 1);
        if (byMsn[at] != null) {
            displaced++;
        }
        byMsn[at] = m;
    }

    int size() {
        return table.size();
    }

    /** Every message held, the oldest begun first. */
    List<MessageRecord> all() {
        final List<MessageRecord> all = new ArrayList<>(table.size());
        for (int age = 0; age < table.size(); age++) {
            all.add(table.object(table.slotByAge(age)));
        }
        return all;
    }

    /** The message with this MSN as the table alone holds it, for tests of the positions. */
    MessageRecord findInTable(final long msn) {
        key[0] = msn;
        final int slot = table.find(key);
        return slot == RecentTable.ABSENT ? null : table.object(slot);
    }
}
