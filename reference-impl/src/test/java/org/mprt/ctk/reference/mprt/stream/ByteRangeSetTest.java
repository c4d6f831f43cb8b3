package org.mprt.ctk.reference.mprt.stream;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ByteRangeSetTest {

    @Test
    void shouldCoverAMessageOnlyWhenEveryByteArrivedWhateverTheOrder() {
        final ByteRangeSet placed = new ByteRangeSet();
        placed.add(3000, 4000);
        placed.add(1000, 2000);
        assertThat(placed.covers(4000)).isFalse();
        placed.add(0, 1000);
        placed.add(1000, 2000);
        assertThat(placed.rangeCount()).isEqualTo(2);
        placed.add(2000, 3000);
        assertThat(placed.covers(4000)).isTrue();
        assertThat(placed.coveredBytes()).isEqualTo(4000);
    }

    @Test
    void shouldMergeRangesThatBridgeSeveralOthers() {
        final ByteRangeSet placed = new ByteRangeSet();
        for (int i = 0; i < 10; i++) {
            placed.add(i * 100L, i * 100L + 50);
        }
        placed.add(25, 975);
        assertThat(placed.rangeCount()).isEqualTo(1);
        assertThat(placed.coveredBytes()).isEqualTo(975);
    }

    @Test
    void shouldCoverAnEmptyMessage() {
        assertThat(new ByteRangeSet().covers(0)).isTrue();
    }
}
