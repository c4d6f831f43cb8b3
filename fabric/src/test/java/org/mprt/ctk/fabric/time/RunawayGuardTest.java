package org.mprt.ctk.fabric.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class RunawayGuardTest {

    private static final long MS = 1_000_000L;

    /** A wall clock that moves on by 1 ms each time it is read: the guard's budget in readings, not in real time. */
    private long readings;
    private final RunawayGuard guard = new RunawayGuard(10 * MS, () -> MS * readings++);
    private final Scheduler scheduler = new Scheduler();

    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // a guard that no longer holds fails, not hangs
    void shouldEndARunThatReArmsATimerWithNoDelayAndSayHowFarVirtualTimeGot() {
        scheduler.guard(guard);
        reArmForever(500, 0);

        assertThatThrownBy(() -> scheduler.runUntil(1_000))
            .isInstanceOfSatisfying(RunawayRunException.class, e -> assertThat(e.virtualTimeNs()).isEqualTo(500))
            .hasMessageContaining("more than 10 ms of wall-clock time")
            .hasMessageContaining("brought virtual time to 500 ns of the 1000 ns asked for")
            .hasMessageContaining("re-arming a timer with no delay");
        // Read at the start, then once per EVENTS_PER_CHECK events until more than 10 ms had passed.
        assertThat(readings).isEqualTo(12);
        assertThat(scheduler.eventsDispatched()).isEqualTo(11L * RunawayGuard.EVENTS_PER_CHECK);
    }

    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // a guard that no longer holds fails, not hangs
    void shouldEndARunawayRunUntilIdleToo() {
        scheduler.guard(guard);
        reArmForever(0, 1);

        assertThatThrownBy(() -> scheduler.runUntilIdle(Long.MAX_VALUE)).isInstanceOf(RunawayRunException.class)
            .hasMessageContaining("of the " + Long.MAX_VALUE + " ns asked for");
    }

    /** A timer first due at {@code atNs} that arms itself again {@code everyNs} later, without end. */
    private void reArmForever(final long atNs, final long everyNs) {
        scheduler.at(atNs, new Runnable() {
            @Override
            public void run() {
                scheduler.after(everyNs, this);
            }
        });
    }

    @Test
    void shouldGiveEachRunItsOwnBudgetAndLeaveARunWithinItUnchanged() {
        final List<Long> guarded = run(true);
        final List<Long> unguarded = run(false);

        assertThat(guarded).hasSize(3 * 10_000).isEqualTo(unguarded);
    }

    private List<Long> run(final boolean withGuard) {
        final Scheduler s = new Scheduler();
        final List<Long> log = new ArrayList<>();
        if (withGuard) {
            // 10_000 events per run read the clock 3 times: within the budget of 10 readings, run after run.
            s.guard(new RunawayGuard(10 * MS, () -> MS * readings++));
        }
        for (int run = 0; run < 3; run++) {
            final long base = s.now();
            for (int i = 0; i < 10_000; i++) {
                final long at = base + i;
                s.at(at, () -> log.add(at));
            }
            s.runUntil(base + 10_000);
        }
        return log;
    }

    @Test
    void shouldRefuseABudgetThatIsNotPositive() {
        assertThatThrownBy(() -> new RunawayGuard(0, System::nanoTime)).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("must be positive: 0 ns");
    }
}
