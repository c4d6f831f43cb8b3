package org.mprt.ctk.verdict.state;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ByteCoverageTest {

    @Test
    void shouldMergeRangesThatArriveInAnyOrder() {
        final ByteCoverage c = new ByteCoverage();
        c.add(2048, 3072);
        c.add(0, 1024);
        assertThat(c.covers(3072)).isFalse();
        assertThat(c.firstMissing(3072)).isEqualTo(1024);

        c.add(1024, 2048);

        assertThat(c.covers(3072)).isTrue();
        assertThat(c.firstMissing(3072)).isEqualTo(-1);
    }

    @Test
    void shouldCompleteAnEmptyMessageWithItsOnePacket() {
        final MessageRecord m = new MessageRecord(0, false, 0, 0, 0, 1);
        assertThat(m.isComplete()).isFalse();

        m.carried(0, 0, 7, 0);

        assertThat(m.isComplete()).isTrue();
        assertThat(m.completedFrame()).isEqualTo(7);
    }

    @Test
    void shouldCompleteAMessageOnTheFrameThatCarriesItsLastMissingBytes() {
        final MessageRecord m = new MessageRecord(3, true, 1, 0, 2048, 4);
        m.carried(1024, 1024, 4, 0);
        m.carried(1024, 1024, 5, 0);
        assertThat(m.isComplete()).isFalse();

        m.carried(0, 1024, 9, 0);

        assertThat(m.completedFrame()).isEqualTo(9);
    }

    /** Held to a set of the bytes themselves, over ranges in random order that leave up to dozens of pieces apart. */
    @Test
    void shouldAgreeWithTheBytesItWasGiven() {
        final Random random = new Random(4791);
        for (int run = 0; run < 200; run++) {
            final int length = 64 + random.nextInt(4000);
            final ByteCoverage c = new ByteCoverage();
            final BitSet carried = new BitSet();
            for (int i = 0, n = 1 + random.nextInt(60); i < n; i++) {
                final int start = random.nextInt(length);
                final int end = Math.min(length, start + random.nextInt(200));
                c.add(start, end);
                carried.set(start, end);
                final int missing = carried.nextClearBit(0);
                assertThat(c.covers(length)).as("run %d", run).isEqualTo(missing >= length);
                assertThat(c.firstMissing(length)).as("run %d", run).isEqualTo(missing >= length ? -1 : missing);
                final int probe = random.nextInt(length);
                assertThat(c.mayContain(probe)).as("run %d byte %d", run, probe).isEqualTo(carried.get(probe));
            }
        }
    }
}
