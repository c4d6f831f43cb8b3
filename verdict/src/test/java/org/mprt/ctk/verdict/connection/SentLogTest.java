package org.mprt.ctk.verdict.connection;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SentLogTest {

    private final SentLog log = new SentLog();

    /** Packet n: path n % 8, tx_timestamp 1000 + n, DestQP n, SCN n + 1, frame n + 2, and NAK fields from n. */
    private void add(final int from, final int to) {
        for (int n = from; n < to; n++) {
            final int row = log.add(n % 8, 1000 + n, n, n + 1, n + 2);
            log.nakFields(row, n, n % 3, 7L * n, 64L * n);
        }
    }

    @Test
    void shouldFindEveryPacketWhileItGrowsToItsCapacity() {
        add(0, SentLog.FIRST_ROWS * 5 + 3);

        for (int n = 0; n < SentLog.FIRST_ROWS * 5 + 3; n++) {
            final int row = log.find(n % 8, 1000 + n);
            assertThat(row).as("packet %d", n).isNotNegative();
            assertThat(log.destQp(row)).isEqualTo(n);
            assertThat(log.scn(row)).isEqualTo(n + 1);
            assertThat(log.frame(row)).isEqualTo(n + 2);
            assertThat(log.findNaked(n % 8, n, n % 3, 7L * n, 64L * n)).isEqualTo(row);
        }
    }

    @Test
    void shouldForgetTheOldestOnceFull() {
        add(0, SentLog.CAPACITY + 20);

        assertThat(log.find(19 % 8, 1000 + 19)).isEqualTo(-1);
        assertThat(log.frame(log.find(20 % 8, 1000 + 20))).isEqualTo(22);
        assertThat(log.frame(log.find(SentLog.CAPACITY + 19 & 7, 1000 + SentLog.CAPACITY + 19)))
            .isEqualTo(SentLog.CAPACITY + 21);
    }
}
