package org.mprt.ctk.dut.live;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class StallWatchTest {

    private static final long MS = 1_000_000;

    @Test
    void theLongestTimePastTheIntervalBetweenTwoWakeUpsIsTheLongestStall() {
        final StallWatch watch = StallWatch.fedFrom(0);

        watch.woke(MS + 40_000);
        watch.woke(2 * MS + 90_000);
        // Held back 250 ms: the next wake-up comes 251 ms after the last.
        watch.woke(253 * MS + 90_000);
        watch.woke(254 * MS + 100_000);

        assertThat(watch.longestNs()).isEqualTo(250 * MS);
    }

    @Test
    void wakeUpsOnTimeAreNoStall() {
        final StallWatch watch = StallWatch.fedFrom(5 * MS);

        watch.woke(6 * MS);
        watch.woke(7 * MS);

        assertThat(watch.longestNs()).isZero();
    }
}
