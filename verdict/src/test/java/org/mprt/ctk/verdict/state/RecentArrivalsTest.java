package org.mprt.ctk.verdict.state;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RecentArrivalsTest {

    private final RecentArrivals recent = new RecentArrivals();

    /** Entry n: path n % 4, PSN n, captured at 10 n ns, frame n + 1, stream n % 3, MSN 2 n, offset 100 n; every 10th a PROBE. */
    private void add(final int from, final int to) {
        for (int n = from; n < to; n++) {
            if (n % 10 == 9) {
                recent.probe(10L * n, n + 1, n % 4, n);
            } else {
                recent.data(10L * n, n + 1, n % 4, n, n % 3, 2L * n, 100L * n);
            }
        }
    }

    @Test
    void shouldFindEveryEntryWhileItGrowsToItsCapacity() {
        final int count = RecentArrivals.FIRST_SLOTS * 6 + 1;
        add(0, count);

        for (int n = 0; n < count; n++) {
            final long e = recent.find(n % 4, n, 0);
            assertThat(e).as("entry %d", n).isEqualTo(n);
            assertThat(recent.frame(e)).isEqualTo(n + 1);
            assertThat(recent.ns(e)).isEqualTo(10L * n);
            assertThat(recent.isProbe(e)).isEqualTo(n % 10 == 9);
            if (n % 10 != 9) {
                assertThat(recent.streamId(e)).isEqualTo(n % 3);
                assertThat(recent.msn(e)).isEqualTo(2L * n);
                assertThat(recent.messageOffset(e)).isEqualTo(100L * n);
            }
        }
    }

    @Test
    void shouldSayWhenOlderEntriesWereOverwritten() {
        add(0, RecentArrivals.CAPACITY + 8);

        assertThat(recent.find(0, 4, 0)).isEqualTo(-2);
        assertThat(recent.find(8 % 4, 8, 0)).isEqualTo(8);
        assertThat(recent.find(1, 5, 100)).isEqualTo(-1);
    }
}
