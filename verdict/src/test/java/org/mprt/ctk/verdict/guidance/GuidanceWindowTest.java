package org.mprt.ctk.verdict.guidance;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The sliding maximum of guidance is held to the scan it replaces: the last ACK before, then every
 * held ACK up to the first one at or after the window's end, the earliest of equal ones winning,
 * over random ACKs whose times, limits and window ends now and then run backwards.
 */
class GuidanceWindowTest {

    private static final long NO_LIMIT = 0xFFFF_FFFFL;

    @Test
    void findsWhatAScanOfTheHeldAcksFinds() {
        scan(new Random(4791), 40, 1);
    }

    /** Windows that settle one time in forty: the rings grow from their first slots while the maximum is sought. */
    @Test
    void findsWhatAScanFindsWhileItsRingsGrow() {
        scan(new Random(9), 600, 40);
    }

    private static void scan(final Random random, final int maxCapacity, final int settleOneIn) {
        for (int run = 0; run < 50; run++) {
            final int capacity = 1 + random.nextInt(maxCapacity);
            final GuidanceWindow window = new GuidanceWindow(capacity);
            final ArrayDeque<long[]> held = new ArrayDeque<>();
            long[] before = null;
            long now = 0;
            long settled = 0;
            long until = 0;
            for (int step = 0; step < 3000; step++) {
                final int op = random.nextInt(10);
                if (op < 5) {
                    now += random.nextInt(100) - 10;
                    final long rate = random.nextInt(12) == 0 ? NO_LIMIT : random.nextInt(6) * 1000L;
                    window.add(now, rate, step);
                    held.addLast(new long[] {now, rate, step});
                    if (held.size() > capacity) {
                        before = held.pollFirst();
                    }
                } else if (op < 7) {
                    if (settleOneIn > 1 && random.nextInt(settleOneIn) != 0) {
                        continue;
                    }
                    settled += random.nextInt(120) - 20;
                    window.settleBefore(settled);
                    while (!held.isEmpty() && held.peekFirst()[0] <= settled) {
                        before = held.pollFirst();
                    }
                } else {
                    until += random.nextInt(150) - 30;
                    assertThat(window.hasBefore()).isEqualTo(before != null);
                    if (before == null) {
                        continue;
                    }
                    window.largest(until);
                    long g = before[1];
                    long frame = before[2];
                    for (final long[] a : held) {
                        if (g == NO_LIMIT || a[0] >= until) {
                            break;
                        }
                        if (a[1] > g) {
                            g = a[1];
                            frame = a[2];
                        }
                    }
                    assertThat(window.largestRate()).as("run %d step %d", run, step).isEqualTo(g);
                    assertThat(window.largestFrame()).as("run %d step %d", run, step).isEqualTo(frame);
                }
            }
        }
    }
}
