package org.mprt.ctk.verdict.state;

import java.util.Arrays;

/**
 * The last {@code capacity} distinct keys inserted, each a tuple of a fixed number of longs, with an
 * object and a fixed number of long columns for each. Inserting into a full table forgets the oldest
 * key first and gives its slot to the new one, so that memory is bounded by the capacity, whatever
 * the capture's length; below it the arrays grow as keys arrive, so that a table that sees little
 * holds little.
 *
 * <p>Why not a bounded {@code LinkedHashMap}: the engine looks up a packet's message, segment or
 * answered packet for nearly every frame, and a map of records allocates a key per lookup and a
 * node per entry and chases pointers through both. This table allocates nothing once grown, and a
 * lookup reads one small array (open addressing with linear probing, each entry holding its key's
 * hash beside its slot) before it touches the one key whose hash matches; keys are compared word
 * for word, so a lookup never mistakes one key for another.
 *
 * <p>Forgetting the oldest key leaves its index entry in place, stale, rather than searching the
 * index for it (a cache miss per insert): a stale entry points to a slot that now holds another key,
 * so the word-for-word comparison passes it over. Once as many entries are stale as keys are held,
 * the index is rebuilt from the slots; it has room for twice the keys at half load.
 *
 * <p>A table whose keys are mostly inserted and seldom looked up ({@link #deferringIndex}) indexes
 * its newest keys in batches: until a batch is full they are found by a scan, and a batch's index
 * entries are then written in one pass, whose cache misses the processor overlaps, instead of one
 * stalled probe per insert.
 *
 * @param <V> the object kept with each key
 */
public final class RecentTable<V> {

    /** What {@link #find} returns for a key not held. */
    public static final int ABSENT = -1;
    /** The most keys a table holds: a slot + 1 fits the low half of an index entry. */
    public static final int MAX_CAPACITY = 0xFFFF;
    private static final int FIRST_ALLOCATION = 64;
    private static final int LANES = 64;
    /** Odd constants with well-mixed bits, one per key word (keys of more words reuse them in turn, offset). */
    private static final long[] MULTIPLIERS = {0x9E3779B97F4A7C15L, 0xC2B2AE3D27D4EB4FL, 0x165667B19E3779F9L,
        0xD6E8FEB86659FD93L, 0x27D4EB2F165667C5L, 0xFF51AFD7ED558CCDL, 0xC4CEB9FE1A85EC53L, 0x94D049BB133111EBL};

    private final int words;
    private final int columns;
    /** Keys held at most now; {@link #raiseCapacity} raises it. */
    private int capacity;
    private long[] keys;
    private long[] values;
    private Object[] objects;
    private int[] hashes;
    /**
     * Open addressing: 0 for an empty position, else the high half of the key's hash in the high half
     * and its slot + 1 in the low (so at most {@link #MAX_CAPACITY} slots); an entry whose slot has been
     * given to another key since is stale. An int rather than the whole hash beside the slot: a large
     * table's index is its largest array, and half the hash rules out nearly every other key.
     */
    private int[] index;
    /** Stale entries in the index. */
    private int stale;
    private int indexMask;
    private int size;
    /** Once full: the slot of the oldest key, the next to be given out. */
    private int oldest;
    private long forgotten;
    private boolean inserted;
    /**
     * The slot last found or filled, tried first: consecutive packets mostly ask for the same message
     * or segment. Its key is compared word for word like any other, so a slot given to another key
     * since is simply not a match.
     */
    private int last = ABSENT;
    /**
     * The key last looked up and not found, while nothing has been inserted since: the state and
     * several rules ask in turn for the segment or message a first transmission has not made yet.
     */
    private boolean missed;
    private final long[] missedKey;
    /**
     * The slot last found or filled in each of a few lanes the caller names ({@link #slotFor(long[], int)}):
     * where keys of several kinds interleave (messages of several streams), the one last asked for in
     * the same lane is mostly the one asked for again.
     */
    private final int[] laneSlots = new int[LANES];
    /** Keys indexed per batch ({@link #deferringIndex}), or 0 when each key is indexed as it is inserted. */
    private final int batch;
    /** The newest keys, not indexed yet: the slots from {@link #newest} back. */
    private int unindexed;
    private int newest = ABSENT;

    /**
     * @param capacity keys held at most
     * @param words    longs per key
     * @param columns  long values per key
     */
    public RecentTable(final int capacity, final int words, final int columns) {
        this(capacity, words, columns, 0);
    }

    /**
     * A table that indexes its newest keys in batches of up to {@code batch} (at most a quarter of the
     * capacity), found by a scan until then: for keys mostly inserted and seldom looked up.
     */
    public static <V> RecentTable<V> deferringIndex(final int capacity, final int words, final int columns,
                                                    final int batch) {
        return new RecentTable<>(capacity, words, columns, Math.max(0, Math.min(batch, capacity / 4)));
    }

    private RecentTable(final int capacity, final int words, final int columns, final int batch) {
        this.batch = batch;
        if (capacity < 1 || capacity > MAX_CAPACITY || words < 1 || columns < 0) {
            throw new IllegalArgumentException("capacity must be 1 to " + MAX_CAPACITY + ", words positive, columns"
                + " not negative: " + capacity + ", " + words + ", " + columns);
        }
        this.words = words;
        this.columns = columns;
        this.capacity = capacity;
        this.missedKey = new long[words];
        Arrays.fill(laneSlots, ABSENT);
        allocate(Math.min(capacity, FIRST_ALLOCATION));
    }

    public int capacity() {
        return capacity;
    }

    /**
     * Lets the table hold up to {@code newCapacity} keys from now on (a lower one changes nothing): for
     * a table whose need grows with what the capture shows, such as a connection's paths. A full table
     * first puts its slots in age order, the oldest key in slot 0, so slot numbers change: a caller
     * must not keep one across this call.
     */
    public void raiseCapacity(final int newCapacity) {
        if (newCapacity > MAX_CAPACITY) {
            throw new IllegalArgumentException("capacity must be at most " + MAX_CAPACITY + ": " + newCapacity);
        }
        if (newCapacity <= capacity) {
            return;
        }
        if (size == capacity && oldest != 0) {
            keys = rotated(keys, new long[keys.length], oldest * words, capacity * words);
            values = rotated(values, new long[values.length], oldest * columns, capacity * columns);
            objects = rotated(objects, new Object[objects.length], oldest, capacity);
            hashes = rotated(hashes, new int[hashes.length], oldest, capacity);
            oldest = 0;
            reindex(ABSENT);
            newest = size - 1;
            last = ABSENT;
            Arrays.fill(laneSlots, ABSENT);
        }
        capacity = newCapacity;
    }

    /** {@code from}'s first {@code length} elements into {@code into}, starting from element {@code by} and wrapping. */
    private static <A> A rotated(final A from, final A into, final int by, final int length) {
        System.arraycopy(from, by, into, 0, length - by);
        System.arraycopy(from, 0, into, length - by, by);
        return into;
    }

    /** Keys held now. */
    public int size() {
        return size;
    }

    /** Keys forgotten so far to make room for newer ones. */
    public long forgotten() {
        return forgotten;
    }

    /** True when the next {@link #insert} forgets the oldest key (the one in {@link #nextSlot()}). */
    public boolean isFull() {
        return size == capacity;
    }

    /** The slot the next {@link #insert} gives out: a free one, or the oldest key's. */
    public int nextSlot() {
        return size < capacity ? size : oldest;
    }

    /** The slot of the {@code age}-th key held, oldest first ({@code age} in [0, size)). */
    public int slotByAge(final int age) {
        return size < capacity ? age : (oldest + age) % capacity;
    }

    /** Word {@code word} of the key in {@code slot}. */
    public long word(final int slot, final int word) {
        return keys[slot * words + word];
    }

    @SuppressWarnings("unchecked")
    public V object(final int slot) {
        return (V) objects[slot];
    }

    public void object(final int slot, final V value) {
        objects[slot] = value;
    }

    public long value(final int slot, final int column) {
        return values[slot * columns + column];
    }

    public void value(final int slot, final int column, final long value) {
        values[slot * columns + column] = value;
    }

    /** The slot of this key (its first {@code words} longs), or {@link #ABSENT}. */
    public int find(final long[] key) {
        if (last != ABSENT && equal(last, key)) {
            return last;
        }
        if (missed && equalMissed(key)) {
            return ABSENT;
        }
        final int slot = probe(key, hash(key));
        if (slot == ABSENT) {
            missed = true;
            System.arraycopy(key, 0, missedKey, 0, words);
        }
        return slot;
    }

    /**
     * The slot of this key, inserted (as by {@link #insert}) when not held; {@link #wasInserted()}
     * then tells which. One hash and one probe run for both.
     */
    public int slotFor(final long[] key) {
        if (last != ABSENT && equal(last, key)) {
            inserted = false;
            return last;
        }
        final int h = hash(key);
        final int slot = missed && equalMissed(key) ? ABSENT : probe(key, h);
        inserted = slot == ABSENT;
        return inserted ? insert(key, h) : slot;
    }

    /**
     * As {@link #slotFor(long[])}, trying first the slot last found or filled in {@code lane} (any int;
     * lanes are taken modulo a small number): the caller names a lane in which the same key mostly
     * recurs, such as a stream.
     */
    public int slotFor(final long[] key, final int lane) {
        final int l = lane & (LANES - 1);
        final int tried = laneSlots[l];
        if (tried != ABSENT && tried < size && equal(tried, key)) {
            inserted = false;
            last = tried;
            return tried;
        }
        final int slot = slotFor(key);
        laneSlots[l] = slot;
        return slot;
    }

    /** The slot holding this key, found through the index, or {@link #ABSENT}; a slot found is tried first next time. */
    private int probe(final long[] key, final int h) {
        for (int i = 0, slot = newest; i < unindexed; i++, slot = slot == 0 ? capacity - 1 : slot - 1) {
            if (hashes[slot] == h && equal(slot, key)) {
                last = slot;
                return slot;
            }
        }
        for (int i = h & indexMask; ; i = (i + 1) & indexMask) {
            final int e = index[i];
            if (e == 0) {
                return ABSENT;
            }
            if ((e >>> 16) == (h >>> 16)) {
                final int slot = (e & 0xFFFF) - 1;
                if (equal(slot, key)) {
                    last = slot;
                    return slot;
                }
            }
        }
    }

    /** True when the last {@link #slotFor} inserted its key. */
    public boolean wasInserted() {
        return inserted;
    }

    /**
     * Adds a key not held (look it up with {@link #find} first): forgets the oldest key when full,
     * and returns the new key's slot, its object null and its columns 0.
     */
    public int insert(final long[] key) {
        return insert(key, hash(key));
    }

    private int insert(final long[] key, final int h) {
        final int slot;
        if (size < capacity) {
            if (size == hashes.length) {
                allocate(Math.min(capacity, size * 2));
            }
            slot = size++;
        } else {
            slot = oldest;
            oldest = oldest + 1 == capacity ? 0 : oldest + 1;
            if (++stale >= capacity) {
                reindex(slot);
            }
            forgotten++;
            objects[slot] = null;
            for (int c = slot * columns, end = c + columns; c < end; c++) {
                values[c] = 0;
            }
        }
        // A loop, not System.arraycopy: for a key of a few words the copy stub's call costs more than the copy.
        for (int w = 0, at = slot * words; w < words; w++) {
            keys[at + w] = key[w];
        }
        hashes[slot] = h;
        newest = slot;
        if (batch == 0) {
            link(slot);
        } else if (++unindexed == batch) {
            for (int i = 0, s = slot; i < unindexed; i++, s = s == 0 ? capacity - 1 : s - 1) {
                link(s);
            }
            unindexed = 0;
        }
        last = slot;
        missed = false;
        return slot;
    }

    /** Forgets every key; the count of those forgotten to make room stays. */
    public void clear() {
        unindexed = 0;
        newest = ABSENT;
        Arrays.fill(index, 0);
        Arrays.fill(laneSlots, ABSENT);
        stale = 0;
        Arrays.fill(objects, null);
        Arrays.fill(values, 0);
        size = 0;
        oldest = 0;
        last = ABSENT;
        missed = false;
    }

    /** Grows the arrays to {@code slots} (only while not full, so slots keep their numbers) and re-indexes. */
    private void allocate(final int slots) {
        final int held = size;
        keys = keys == null ? new long[slots * words] : Arrays.copyOf(keys, slots * words);
        values = values == null ? new long[slots * columns] : Arrays.copyOf(values, slots * columns);
        objects = objects == null ? new Object[slots] : Arrays.copyOf(objects, slots);
        hashes = hashes == null ? new int[slots] : Arrays.copyOf(hashes, slots);
        // At most half the positions in use, stale entries included, so that probe runs stay short.
        final int positions = Integer.highestOneBit(Math.max(2, slots * 4 - 1)) << 1;
        index = new int[positions];
        indexMask = positions - 1;
        for (int s = 0; s < held; s++) {
            link(s);
        }
        unindexed = 0;
    }

    /** Rebuilds the index from the slots held, leaving out {@code reused} (or none: ABSENT), which the caller links anew. */
    private void reindex(final int reused) {
        Arrays.fill(index, 0);
        stale = 0;
        for (int s = 0; s < size; s++) {
            if (s != reused) {
                link(s);
            }
        }
        unindexed = 0;
    }

    private void link(final int slot) {
        int i = hashes[slot] & indexMask;
        while (index[i] != 0) {
            i = (i + 1) & indexMask;
        }
        index[i] = hashes[slot] & 0xFFFF_0000 | slot + 1;
    }

    private boolean equalMissed(final long[] key) {
        for (int w = 0; w < words; w++) {
            if (missedKey[w] != key[w]) {
                return false;
            }
        }
        return true;
    }

    private boolean equal(final int slot, final long[] key) {
        final int base = slot * words;
        for (int w = 0; w < words; w++) {
            if (keys[base + w] != key[w]) {
                return false;
            }
        }
        return true;
    }

    /**
     * Each word times its own odd constant, summed (the multiplies do not wait on one another), then
     * the 64-bit finaliser of MurmurHash3, so that small, similar keys spread over the index.
     */
    private int hash(final long[] key) {
        long h = 0;
        for (int w = 0; w < words; w++) {
            h += key[w] * MULTIPLIERS[w & (MULTIPLIERS.length - 1)] + w;
        }
        h ^= h >>> 33;
        h *= 0xFF51AFD7ED558CCDL;
        h ^= h >>> 33;
        h *= 0xC4CEB9FE1A85EC53L;
        h ^= h >>> 33;
        return (int) h;
    }
}
