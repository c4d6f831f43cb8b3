package org.mprt.ctk.dut.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.reference.attachment.Cancellable;

class RealTimeLoopTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    private final RealTimeLoop loop = new RealTimeLoop("loop under test");

    @AfterEach
    void close() {
        loop.close();
    }

    @Test
    void timersRunInTheOrderOfTheirTimesNotBeforeThemAndNotWhenCancelled() {
        final List<String> ran = new ArrayList<>();
        final long[] ranAt = new long[2];
        loop.call(() -> {
            final long now = loop.nowNs();
            loop.schedule(now + 3_000_000, () -> {
                ran.add("second");
                ranAt[1] = loop.nowNs();
            });
            loop.schedule(now + 1_000_000, () -> {
                ran.add("first");
                ranAt[0] = loop.nowNs() - now;
            });
            final Cancellable withdrawn = loop.schedule(now + 2_000_000, () -> ran.add("withdrawn"));
            withdrawn.cancel();
            return null;
        }, WAIT);

        assertThat(loop.await(() -> ran.size() == 2, WAIT)).isTrue();
        assertThat(loop.call(() -> List.copyOf(ran), WAIT)).containsExactly("first", "second");
        assertThat(ranAt[0]).isGreaterThanOrEqualTo(1_000_000);
    }

    @Test
    void callReturnsWhatTheWorkReturnsOnTheLoopsThread() {
        assertThat(loop.call(loop::onLoop, WAIT)).isTrue();
        assertThat(loop.onLoop()).isFalse();
    }

    @Test
    void workThatThrowsComesBackAsALoopFailureAndTheLoopGoesOn() {
        assertThatThrownBy(() -> loop.call(() -> {
            throw new IllegalStateException("broken work");
        }, WAIT)).isInstanceOf(LoopFailure.class).hasMessageContaining("broken work")
            .hasCauseInstanceOf(IllegalStateException.class);
        assertThat(loop.call(() -> 42, WAIT)).isEqualTo(42);
    }

    @Test
    void anEventThatThrowsEndsTheLoopAndEveryWaiterLearnsWhyAtOnce() {
        loop.execute(() -> {
            throw new IllegalArgumentException("a device broke");
        });

        assertThatThrownBy(() -> loop.await(() -> false, WAIT)).isInstanceOf(LoopFailure.class)
            .hasMessageContaining("has ended").hasMessageContaining("a device broke")
            .hasCauseInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> loop.call(() -> 1, WAIT)).isInstanceOf(LoopFailure.class)
            .hasMessageContaining("a device broke");
        assertThat(loop.failure()).hasMessage("a device broke");
    }

    @Test
    void workThatHangsGivesALoopFailureAfterTheTimeoutNotAHungCaller() {
        final CountDownLatch release = new CountDownLatch(1);
        try {
            assertThatThrownBy(() -> loop.call(() -> {
                release.await();
                return null;
            }, Duration.ofMillis(200))).isInstanceOf(LoopFailure.class)
                .hasMessage("loop under test did not finish the work handed to it within PT0.2S");
        } finally {
            release.countDown();
        }
    }

    @Test
    void awaitSaysFalseWhenTheConditionNeverHolds() {
        assertThat(loop.await(() -> false, Duration.ofMillis(100))).isFalse();
    }

    @Test
    void onlyTheLoopsThreadMaySetTimers() {
        assertThatThrownBy(() -> loop.schedule(0, () -> { })).isInstanceOf(IllegalStateException.class)
            .hasMessage("only the thread of loop under test may do this");
    }
}
