package org.mprt.ctk.verdict.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class RecentTableTest {

    @Test
    void findsWhatWasInsertedAndNothingElse() {
        final RecentTable<Object> index = new RecentTable<>(4, 2, 0);
        final int a = index.insert(new long[] {1, 2});
        final int b = index.insert(new long[] {2, 1});
        assertThat(index.find(new long[] {1, 2})).isEqualTo(a);
        assertThat(index.find(new long[] {2, 1})).isEqualTo(b).isNotEqualTo(a);
        assertThat(index.find(new long[] {1, 1})).isEqualTo(RecentTable.ABSENT);
        assertThat(index.size()).isEqualTo(2);
        assertThat(index.word(b, 0)).isEqualTo(2);
        assertThat(index.word(b, 1)).isEqualTo(1);
    }

    @Test
    void aFullIndexForgetsItsOldestKeyAndGivesOutItsSlot() {
        final RecentTable<Object> index = new RecentTable<>(3, 1, 0);
        final int first = index.insert(new long[] {10});
        index.insert(new long[] {11});
        index.insert(new long[] {12});
        assertThat(index.isFull()).isTrue();
        assertThat(index.nextSlot()).isEqualTo(first);
        final int reused = index.insert(new long[] {13});
        assertThat(reused).isEqualTo(first);
        assertThat(index.find(new long[] {10})).isEqualTo(RecentTable.ABSENT);
        assertThat(index.find(new long[] {13})).isEqualTo(reused);
        assertThat(index.forgotten()).isEqualTo(1);
        assertThat(index.word(index.slotByAge(0), 0)).isEqualTo(11);
        assertThat(index.word(index.slotByAge(2), 0)).isEqualTo(13);
    }

    /** Against a LinkedHashMap in insertion order with the same capacity, over keys that collide in few buckets. */
    @Test
    void agreesWithAnInsertionOrderedMapOverManyRandomOperations() {
        agreesWithAnInsertionOrderedMap(new RecentTable<>(64, 3, 0));
    }

    /** The same for a table that indexes its newest keys in batches. */
    @Test
    void deferringIndexAgreesWithAnInsertionOrderedMap() {
        agreesWithAnInsertionOrderedMap(RecentTable.deferringIndex(64, 3, 0, 5));
        agreesWithAnInsertionOrderedMap(RecentTable.deferringIndex(64, 3, 0, 16));
    }

    private static void agreesWithAnInsertionOrderedMap(final RecentTable<Object> index) {
        final int capacity = index.capacity();
        final Map<List<Long>, Integer> model = new LinkedHashMap<>();
        final Random random = new Random(7);
        for (int i = 0; i < 20_000; i++) {
            final long[] key = {random.nextInt(4), random.nextInt(200) * 4096L, random.nextInt(3)};
            final List<Long> k = List.of(key[0], key[1], key[2]);
            final int found = index.find(key);
            if (model.containsKey(k)) {
                assertThat(found).isEqualTo(model.get(k));
                continue;
            }
            assertThat(found).isEqualTo(RecentTable.ABSENT);
            if (model.size() == capacity) {
                final Iterator<List<Long>> eldest = model.keySet().iterator();
                eldest.next();
                eldest.remove();
            }
            model.put(k, index.insert(key));
        }
        final List<List<Long>> byAge = new ArrayList<>();
        for (int age = 0; age < index.size(); age++) {
            final int s = index.slotByAge(age);
            byAge.add(List.of(index.word(s, 0), index.word(s, 1), index.word(s, 2)));
        }
        assertThat(byAge).containsExactlyElementsOf(model.keySet());
    }

    /**
     * A table whose limit rises now and then, full and wrapped or not: it keeps every key, finds each,
     * holds them oldest first, and forgets only once the new limit is reached.
     */
    @Test
    void raisingTheCapacityKeepsEveryKeyInAgeOrder() {
        for (final int batch : new int[] {0, 7}) {
            final RecentTable<Object> table = RecentTable.deferringIndex(16, 2, 1, batch);
            final Map<List<Long>, Object> model = new LinkedHashMap<>();
            final Random random = new Random(13);
            int limit = 16;
            for (int i = 0; i < 5_000; i++) {
                if (i % 400 == 399 && limit < 1024) {
                    limit += 16 + random.nextInt(48);
                    table.raiseCapacity(limit);
                    table.raiseCapacity(limit - 1);
                    assertThat(table.capacity()).isEqualTo(limit);
                    for (final Map.Entry<List<Long>, Object> e : model.entrySet()) {
                        final int slot = table.find(new long[] {e.getKey().get(0), e.getKey().get(1)});
                        assertThat(slot).as("key %s after raising to %d", e.getKey(), limit).isNotEqualTo(RecentTable.ABSENT);
                        assertThat(table.object(slot)).isSameAs(e.getValue());
                        assertThat(table.value(slot, 0)).isEqualTo(e.getKey().get(1));
                    }
                }
                final long[] key = {random.nextInt(3), random.nextInt(3000)};
                final List<Long> k = List.of(key[0], key[1]);
                if (table.find(key) != RecentTable.ABSENT) {
                    assertThat(model).containsKey(k);
                    continue;
                }
                assertThat(model).doesNotContainKey(k);
                if (model.size() == limit) {
                    final Iterator<List<Long>> eldest = model.keySet().iterator();
                    eldest.next();
                    eldest.remove();
                }
                final Object value = new Object();
                final int slot = table.insert(key);
                table.object(slot, value);
                table.value(slot, 0, key[1]);
                model.put(k, value);
            }
            final List<List<Long>> byAge = new ArrayList<>();
            for (int age = 0; age < table.size(); age++) {
                final int s = table.slotByAge(age);
                byAge.add(List.of(table.word(s, 0), table.word(s, 1)));
            }
            assertThat(byAge).containsExactlyElementsOf(model.keySet());
            assertThat(table.forgotten()).isPositive();
        }
    }

    @Test
    void refusesACapacityPastTheLargest() {
        final RecentTable<Object> table = new RecentTable<>(16, 1, 0);
        assertThatThrownBy(() -> table.raiseCapacity(RecentTable.MAX_CAPACITY + 1))
            .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(String.valueOf(RecentTable.MAX_CAPACITY));
    }

    /** The same, through slotFor with lanes that keys share and change, so that a lane's slot is often reused. */
    @Test
    void slotForInLanesAgreesWithAnInsertionOrderedMap() {
        final int capacity = 64;
        final RecentTable<Object> table = new RecentTable<>(capacity, 3, 0);
        final Map<List<Long>, Integer> model = new LinkedHashMap<>();
        final Random random = new Random(11);
        for (int i = 0; i < 20_000; i++) {
            final long[] key = {random.nextInt(4), random.nextInt(100) * 4096L, random.nextInt(3)};
            final List<Long> k = List.of(key[0], key[1], key[2]);
            final boolean held = model.containsKey(k);
            if (!held && model.size() == capacity) {
                final Iterator<List<Long>> eldest = model.keySet().iterator();
                eldest.next();
                eldest.remove();
            }
            final int slot = table.slotFor(key, random.nextInt(3) == 0 ? random.nextInt(200) : (int) key[0]);
            assertThat(table.wasInserted()).isEqualTo(!held);
            if (held) {
                assertThat(slot).isEqualTo(model.get(k));
            } else {
                model.put(k, slot);
            }
            assertThat(List.of(table.word(slot, 0), table.word(slot, 1), table.word(slot, 2))).isEqualTo(k);
        }
    }

    @Test
    void keepsAnObjectAndColumnsPerKeyAndClearsThemForAReusedSlot() {
        final RecentTable<String> table = new RecentTable<>(2, 1, 2);
        final int a = table.insert(new long[] {1});
        table.object(a, "one");
        table.value(a, 1, 42);
        table.insert(new long[] {2});
        assertThat(table.object(a)).isEqualTo("one");
        assertThat(table.value(a, 1)).isEqualTo(42);
        assertThat(table.value(a, 0)).isZero();
        final int reused = table.insert(new long[] {3});
        assertThat(reused).isEqualTo(a);
        assertThat(table.object(reused)).isNull();
        assertThat(table.value(reused, 1)).isZero();
    }

    /** The arrays grow from a small start as keys arrive: every key stays findable across the growth. */
    @Test
    void growsWithoutLosingKeys() {
        final RecentTable<Long> table = new RecentTable<>(10_000, 2, 1);
        for (long k = 0; k < 10_000; k++) {
            final int slot = table.insert(new long[] {k, -k});
            table.object(slot, k);
            table.value(slot, 0, k * 3);
        }
        for (long k = 0; k < 10_000; k++) {
            final int slot = table.find(new long[] {k, -k});
            assertThat(table.object(slot)).isEqualTo(k);
            assertThat(table.value(slot, 0)).isEqualTo(k * 3);
        }
        assertThat(table.forgotten()).isZero();
    }

    /** A key looked up in vain and then inserted is found: the memory of the miss ends with the insert. */
    @Test
    void aKeyMissedAndThenInsertedIsFound() {
        final RecentTable<Object> table = new RecentTable<>(4, 2, 0);
        assertThat(table.find(new long[] {7, 8})).isEqualTo(RecentTable.ABSENT);
        assertThat(table.find(new long[] {7, 8})).isEqualTo(RecentTable.ABSENT);
        final int other = table.insert(new long[] {1, 1});
        final int slot = table.slotFor(new long[] {7, 8});
        assertThat(table.wasInserted()).isTrue();
        assertThat(slot).isNotEqualTo(other);
        assertThat(table.find(new long[] {1, 1})).isEqualTo(other);
        assertThat(table.find(new long[] {7, 8})).isEqualTo(slot);
        assertThat(table.slotFor(new long[] {7, 8})).isEqualTo(slot);
        assertThat(table.wasInserted()).isFalse();
    }

    @Test
    void clearForgetsEveryKey() {
        final RecentTable<Object> index = new RecentTable<>(2, 1, 0);
        index.insert(new long[] {5});
        index.clear();
        assertThat(index.find(new long[] {5})).isEqualTo(RecentTable.ABSENT);
        assertThat(index.size()).isZero();
    }

    /**
     * At the largest capacity every slot number fits an index entry: after more keys than it holds
     * have passed, each of the last ones is found in its own slot and the older ones are not.
     */
    @Test
    void findsEveryKeyAtItsLargestCapacity() {
        final int capacity = RecentTable.MAX_CAPACITY;
        final RecentTable<Object> table = RecentTable.deferringIndex(capacity, 2, 0, 64);
        final int keys = capacity + 1000;
        final int[] slots = new int[keys];
        for (int k = 0; k < keys; k++) {
            slots[k] = table.insert(new long[] {k, 7 * k});
        }
        for (int k = 0; k < keys; k++) {
            assertThat(table.find(new long[] {k, 7 * k})).as("key %d", k)
                .isEqualTo(k < keys - capacity ? RecentTable.ABSENT : slots[k]);
        }
    }

    @Test
    void refusesAnEmptyOrTooLargeShape() {
        assertThatThrownBy(() -> new RecentTable<>(RecentTable.MAX_CAPACITY + 1, 1, 0))
            .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RecentTable<>(0, 1, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RecentTable<>(1, 0, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RecentTable<>(1, 1, -1)).isInstanceOf(IllegalArgumentException.class);
    }
}
