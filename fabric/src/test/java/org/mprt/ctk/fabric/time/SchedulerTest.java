package org.mprt.ctk.fabric.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SchedulerTest {

    private final Scheduler scheduler = new Scheduler();
    private final List<String> log = new ArrayList<>();

    @Test
    void shouldRunEventsInTimeOrderThenInsertionOrder() {
        scheduler.at(20, () -> log.add("b@20"));
        scheduler.at(10, () -> log.add("a@10"));
        scheduler.at(20, () -> log.add("c@20"));
        scheduler.at(10, () -> log.add("d@10"));

        assertThat(scheduler.runUntilIdle(1_000)).isEqualTo(StopReason.IDLE);

        assertThat(log).containsExactly("a@10", "d@10", "b@20", "c@20");
        assertThat(scheduler.now()).isEqualTo(20);
        assertThat(scheduler.eventsDispatched()).isEqualTo(4);
    }

    @Test
    void shouldRunEventsScheduledAtTheCurrentTimeAfterThoseAlreadyQueued() {
        scheduler.at(5, () -> {
            log.add("first");
            scheduler.after(0, () -> log.add("third"));
        });
        scheduler.at(5, () -> log.add("second"));

        scheduler.runUntilIdle(100);

        assertThat(log).containsExactly("first", "second", "third");
    }

    @Test
    void shouldNotRunCancelledTimer() {
        final Timer timer = scheduler.at(10, () -> log.add("cancelled"));
        scheduler.at(20, () -> log.add("kept"));

        assertThat(timer.cancel()).isTrue();
        assertThat(timer.cancel()).isFalse();
        scheduler.runUntilIdle(100);

        assertThat(log).containsExactly("kept");
        assertThat(timer.isPending()).isFalse();
    }

    @Test
    void shouldMoveRearmedTimerAndRunItOnce() {
        final Timer timer = scheduler.timer(() -> log.add("at " + scheduler.now()));
        timer.at(50);
        timer.at(30);
        scheduler.at(40, () -> timer.after(25));

        scheduler.runUntilIdle(1_000);

        assertThat(log).containsExactly("at 30", "at 65");
    }

    @Test
    void shouldSetClockToLimitOfRunUntilAndLeaveLaterEventsQueued() {
        scheduler.at(10, () -> log.add("10"));
        scheduler.at(101, () -> log.add("101"));

        assertThat(scheduler.runUntil(100)).isEqualTo(StopReason.TIME_LIMIT);

        assertThat(scheduler.now()).isEqualTo(100);
        assertThat(log).containsExactly("10");
        assertThat(scheduler.pendingEvents()).isEqualTo(1);
        assertThat(scheduler.nextEventTimeNs()).isEqualTo(101);
    }

    @Test
    void shouldRunEventAtExactlyTheLimit() {
        scheduler.at(100, () -> log.add("100"));

        scheduler.runUntil(100);

        assertThat(log).containsExactly("100");
    }

    @Test
    void shouldStopRunUntilIdleAtLimitWhenEventsNeverEnd() {
        final Timer[] ticker = new Timer[1];
        ticker[0] = scheduler.timer(() -> ticker[0].after(7));
        ticker[0].at(0);

        assertThat(scheduler.runUntilIdle(1_000)).isEqualTo(StopReason.TIME_LIMIT);

        assertThat(scheduler.now()).isEqualTo(1_000);
        assertThat(scheduler.eventsDispatched()).isEqualTo(1_000 / 7 + 1);
        assertThat(scheduler.nextEventTimeNs()).isEqualTo(1_001);
    }

    @Test
    void shouldStopWhenPredicateHolds() {
        for (int t = 1; t <= 10; t++) {
            final int time = t;
            scheduler.at(t * 10L, () -> log.add(Integer.toString(time)));
        }
        scheduler.stopWhen(() -> log.size() == 3);

        assertThat(scheduler.runUntil(1_000)).isEqualTo(StopReason.STOPPED);

        assertThat(scheduler.now()).isEqualTo(30);
        assertThat(log).containsExactly("1", "2", "3");
    }

    @Test
    void shouldKeepARunsStopConditionToThatRunEvenWhenAnEventThrows() {
        scheduler.stopWhen(() -> log.contains("b"));
        scheduler.at(10, () -> log.add("a"));
        scheduler.at(20, () -> {
            throw new IllegalStateException("device broke");
        });
        scheduler.at(30, () -> log.add("b"));
        scheduler.at(40, () -> log.add("c"));

        assertThat(scheduler.runUntil(15, () -> log.size() == 1)).isEqualTo(StopReason.STOPPED);
        assertThat(scheduler.now()).isEqualTo(10);
        assertThatThrownBy(() -> scheduler.runUntil(100, () -> false)).hasMessage("device broke");

        // The condition set before is back, and stops the next run after "b".
        assertThat(scheduler.runUntil(100)).isEqualTo(StopReason.STOPPED);
        assertThat(log).containsExactly("a", "b");
    }

    @Test
    void shouldStopWhenAnEventAsksTo() {
        scheduler.at(10, scheduler::requestStop);
        scheduler.at(20, () -> log.add("later"));

        assertThat(scheduler.runUntilIdle(100)).isEqualTo(StopReason.STOPPED);
        assertThat(scheduler.runUntilIdle(100)).isEqualTo(StopReason.IDLE);

        assertThat(log).containsExactly("later");
    }

    @Test
    void shouldRejectSchedulingInThePast() {
        scheduler.runUntil(50);

        assertThatThrownBy(() -> scheduler.at(49, () -> { }))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("before now (50 ns)");
        assertThatThrownBy(() -> scheduler.runUntil(10)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void shouldOrderManyEventsAsASortByTimeThenSequence() {
        record Planned(long timeNs, int sequence) {
        }
        final SplittableRandom random = new SplittableRandom(7);
        final List<Planned> expected = new ArrayList<>();
        final List<Planned> actual = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            final Planned planned = new Planned(random.nextLong(1_000), i);
            final Timer timer = scheduler.at(planned.timeNs(), () -> actual.add(planned));
            if (random.nextInt(4) == 0) {
                timer.cancel();
            } else {
                expected.add(planned);
            }
        }
        expected.sort(Comparator.comparingLong(Planned::timeNs).thenComparingInt(Planned::sequence));

        scheduler.runUntilIdle(10_000);

        assertThat(actual).containsExactlyElementsOf(expected);
    }

    @Test
    void shouldOrderRearmedTimersByTheirLastArming() {
        final SplittableRandom random = new SplittableRandom(11);
        final int count = 2_000;
        final Timer[] handles = new Timer[count];
        final long[] plannedNs = new long[count];
        final long[] armedAt = new long[count];
        final List<Integer> actual = new ArrayList<>();
        long armings = 0;
        for (int i = 0; i < count; i++) {
            final int id = i;
            handles[i] = scheduler.timer(() -> actual.add(id));
        }
        for (int step = 0; step < 10_000; step++) {
            final int id = random.nextInt(count);
            if (random.nextInt(5) == 0) {
                handles[id].cancel();
                armedAt[id] = -1;
            } else {
                plannedNs[id] = random.nextLong(500);
                handles[id].at(plannedNs[id]);
                armedAt[id] = armings++;
            }
        }
        final List<Integer> expected = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            if (handles[i].isPending()) {
                expected.add(i);
            }
        }
        expected.sort(Comparator.<Integer>comparingLong(i -> plannedNs[i]).thenComparingLong(i -> armedAt[i]));

        scheduler.runUntilIdle(1_000);

        assertThat(actual).containsExactlyElementsOf(expected);
        assertThat(scheduler.pendingEvents()).isZero();
    }

    @Test
    void shouldReadTimeThroughNanoClock() {
        final NanoClock clock = scheduler;
        scheduler.runUntil(1_234);

        assertThat(clock.nanoTime()).isEqualTo(1_234);
    }
}
