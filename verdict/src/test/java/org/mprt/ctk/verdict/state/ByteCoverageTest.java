package org.mprt.ctk.verdict.state;

import static org.assertj.core.api.Assertions.assertThat;

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
}
