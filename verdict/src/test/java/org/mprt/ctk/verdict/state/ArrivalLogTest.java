package org.mprt.ctk.verdict.state;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ArrivalLogTest {

    private final ArrivalLog log = new ArrivalLog();

    private void add(final int from, final int to) {
        for (int n = from; n < to; n++) {
            log.add(n + 7, 1_000_000L + n, 10L * n, n + 1);
        }
    }

    @Test
    void shouldKeepEveryEntryWhileItGrowsToItsCapacity() {
        add(0, ArrivalLog.FIRST_SLOTS * 3 + 5);

        assertThat(log.hasForgotten()).isFalse();
        assertThat(log.oldest()).isZero();
        for (int n = 0; n < log.count(); n++) {
            assertThat(log.findTxTimestamp(1_000_000L + n)).isEqualTo(n);
            assertThat(log.psn(n)).isEqualTo(n + 7);
            assertThat(log.ns(n)).isEqualTo(10L * n);
            assertThat(log.frame(n)).isEqualTo(n + 1);
        }
    }

    @Test
    void shouldForgetTheOldestOnceFull() {
        add(0, ArrivalLog.CAPACITY + 40);

        assertThat(log.hasForgotten()).isTrue();
        assertThat(log.oldest()).isEqualTo(40);
        assertThat(log.findTxTimestamp(1_000_000L + 39)).isEqualTo(-1);
        assertThat(log.findTxTimestamp(1_000_000L + 40)).isEqualTo(40);
        assertThat(log.latestAtOrBefore(10L * 100 + 5)).isEqualTo(100);
        assertThat(log.psn(ArrivalLog.CAPACITY + 39)).isEqualTo(ArrivalLog.CAPACITY + 46);
    }
}
