package org.mprt.ctk.verdict.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class RecentSegmentsTest {

    private static Segment segment(final int streamId, final long msn, final long offset) {
        return new Segment(streamId, msn, offset, 4096, 1024, Segment.NOT_KEPT, 0xC0, 1, 0, 0, 0);
    }

    @Test
    void findsWhatWasRememberedAndNothingElse() {
        final RecentSegments table = new RecentSegments(4);
        final Segment a = segment(1, 2, 0);
        final Segment b = segment(2, 1, 0);
        table.remember(a);
        table.remember(b);
        assertThat(table.find(1, 2, 0)).isSameAs(a);
        assertThat(table.find(2, 1, 0)).isSameAs(b);
        assertThat(table.find(1, 1, 0)).isNull();
        assertThat(table.find(1, 2, 1024)).isNull();
        assertThat(table.size()).isEqualTo(2);
    }

    @Test
    void aFullTableForgetsItsOldestSegment() {
        final RecentSegments table = new RecentSegments(3);
        for (int msn = 10; msn <= 13; msn++) {
            table.remember(segment(0, msn, 0));
        }
        assertThat(table.find(0, 10, 0)).isNull();
        assertThat(table.find(0, 11, 0)).isNotNull();
        assertThat(table.find(0, 13, 0).msn()).isEqualTo(13);
        assertThat(table.forgotten()).isEqualTo(1);
        assertThat(table.size()).isEqualTo(3);
    }

    /** An MSN other than {@code msn} whose fingerprint (stream 0, offset 0) has the same top 7 bits. */
    private static long sharingTheHintOf(final long msn) {
        for (long other = msn + 1; ; other++) {
            if (RecentSegments.fingerprint(0, other, 0) >>> 57 == RecentSegments.fingerprint(0, msn, 0) >>> 57) {
                return other;
            }
        }
    }

    /**
     * A table of up to 64 slots has 128 hints, a fingerprint's top 7 bits: segments that share one are
     * chained, and each is found along the chain.
     */
    @Test
    void segmentsSharingAHintAreFoundAlongItsChain() {
        final RecentSegments table = new RecentSegments(64);
        final long second = sharingTheHintOf(0);
        final long third = sharingTheHintOf(second);
        final Segment a = segment(0, 0, 0);
        final Segment b = segment(0, second, 0);
        final Segment c = segment(0, third, 0);
        table.remember(a);
        table.remember(segment(1, 5, 0));
        table.remember(b);
        table.remember(c);
        assertThat(table.find(0, 0, 0)).isSameAs(a);
        assertThat(table.find(0, second, 0)).isSameAs(b);
        assertThat(table.find(0, third, 0)).isSameAs(c);
        assertThat(table.find(0, sharingTheHintOf(third), 0)).isNull();
    }

    /**
     * A chain that runs into a slot given out again ends there: the segments older than it are
     * forgotten, and the newer segment now in the slot is not taken for one of the chain's.
     */
    @Test
    void aChainEndsAtASlotGivenOutAgain() {
        final RecentSegments table = new RecentSegments(2);
        final long second = sharingTheHintOf(0);
        table.remember(segment(0, 0, 0));
        final Segment b = segment(0, second, 0);
        table.remember(b);
        // Slot 0 is given to a segment of another stream: the chain from b leads into it.
        final Segment c = segment(3, 77, 2048);
        table.remember(c);
        assertThat(table.find(0, 0, 0)).isNull();
        assertThat(table.find(0, second, 0)).isSameAs(b);
        assertThat(table.find(3, 77, 2048)).isSameAs(c);
        // And given to one on the same hint, newer than b: the chain from it does not come back round.
        final Segment d = segment(0, sharingTheHintOf(second), 0);
        table.remember(d);
        assertThat(table.find(0, second, 0)).isNull();
        assertThat(table.find(0, d.msn(), 0)).isSameAs(d);
        assertThat(table.find(3, 77, 2048)).isSameAs(c);
    }

    /** Against a LinkedHashMap in insertion order with the same capacity, over keys that repeat often. */
    @Test
    void agreesWithAnInsertionOrderedMapOverManyRandomOperations() {
        for (final int capacity : new int[] {1, 5, 64, 300}) {
            final RecentSegments table = new RecentSegments(capacity);
            final Map<List<Long>, Segment> model = new LinkedHashMap<>();
            final Random random = new Random(7 + capacity);
            for (int i = 0; i < 20_000; i++) {
                final int stream = random.nextInt(4);
                final long msn = random.nextInt(200);
                final long offset = random.nextInt(3) * 1024L;
                final List<Long> k = List.of((long) stream, msn, offset);
                final Segment found = table.find(stream, msn, offset);
                assertThat(found).isSameAs(model.get(k));
                if (found != null) {
                    continue;
                }
                if (model.size() == capacity) {
                    final Iterator<List<Long>> eldest = model.keySet().iterator();
                    eldest.next();
                    eldest.remove();
                }
                final Segment s = segment(stream, msn, offset);
                model.put(k, s);
                table.remember(s);
            }
            assertThat(table.size()).isEqualTo(model.size());
        }
    }

    /**
     * A table whose limit rises now and then, full and wrapped or not: it keeps every segment, finds
     * each, and forgets only once the new limit is reached, the oldest first.
     */
    @Test
    void raisingTheCapacityKeepsEverySegment() {
        final RecentSegments table = new RecentSegments(16);
        final Map<List<Long>, Segment> model = new LinkedHashMap<>();
        final Random random = new Random(13);
        int limit = 16;
        for (int i = 0; i < 5_000; i++) {
            if (i % 400 == 399 && limit < 1024) {
                limit += 16 + random.nextInt(48);
                table.raiseCapacity(limit);
                table.raiseCapacity(limit - 1);
                assertThat(table.capacity()).isEqualTo(limit);
                for (final Map.Entry<List<Long>, Segment> e : model.entrySet()) {
                    assertThat(table.find(e.getKey().get(0).intValue(), e.getKey().get(1), 0))
                        .as("key %s after raising to %d", e.getKey(), limit).isSameAs(e.getValue());
                }
            }
            final int stream = random.nextInt(3);
            final long msn = random.nextInt(3000);
            final List<Long> k = List.of((long) stream, msn);
            if (table.find(stream, msn, 0) != null) {
                assertThat(model).containsKey(k);
                continue;
            }
            assertThat(model).doesNotContainKey(k);
            if (model.size() == limit) {
                final Iterator<List<Long>> eldest = model.keySet().iterator();
                eldest.next();
                eldest.remove();
            }
            final Segment s = segment(stream, msn, 0);
            table.remember(s);
            model.put(k, s);
        }
        for (final Map.Entry<List<Long>, Segment> e : model.entrySet()) {
            assertThat(table.find(e.getKey().get(0).intValue(), e.getKey().get(1), 0)).isSameAs(e.getValue());
        }
        assertThat(table.forgotten()).isPositive();
    }

    /** The arrays grow from a small start: every segment stays findable across the growth. */
    @Test
    void growsWithoutLosingSegments() {
        final int capacity = MprtDirection.SEGMENTS_PER_PATH * MprtDirection.MAX_PATHS;
        final RecentSegments table = new RecentSegments(capacity);
        final Segment[] all = new Segment[capacity];
        for (int i = 0; i < capacity; i++) {
            all[i] = segment(i % 4, i / 4, (i % 3) * 1024L);
            table.remember(all[i]);
        }
        for (int i = 0; i < capacity; i++) {
            assertThat(table.find(i % 4, i / 4, (i % 3) * 1024L)).isSameAs(all[i]);
        }
        assertThat(table.forgotten()).isZero();
    }

    @Test
    void refusesANonPositiveCapacity() {
        assertThatThrownBy(() -> new RecentSegments(0)).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("capacity");
    }
}
