package org.mprt.ctk.conformance.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.dut.DeviceFailure;

class WatchedRunTest {

    /** How long the tests wait for a run that never returns: any time shows it, so a short one. */
    private static final long WAIT_NS = 200_000_000L;

    @Test
    void shouldReturnWhatTheRunReturnsAndThrowWhatItThrowsAsItWas() {
        assertThat(WatchedRun.of(() -> "done", WAIT_NS)).isEqualTo("done");
        final DeviceFailure crash = new DeviceFailure("mutant X on host dut", "running a timer it set", 5,
            new AssertionError("queue empty"));
        assertThatThrownBy(() -> WatchedRun.of(() -> {
            throw crash;
        }, WAIT_NS)).isSameAs(crash);
        final StackOverflowError deep = new StackOverflowError();
        assertThatThrownBy(() -> WatchedRun.of(() -> {
            throw deep;
        }, WAIT_NS)).isSameAs(deep);
    }

    @Test
    void shouldStopWaitingForARunStuckInOneCallSayWhereItIsAndInterruptIt() throws InterruptedException {
        final CountDownLatch interrupted = new CountDownLatch(1);

        assertThatThrownBy(() -> WatchedRun.of(() -> stuckDevice(interrupted), WAIT_NS))
            .isInstanceOf(StuckRunException.class)
            .hasMessageStartingWith("the fabric's run had not returned after 0.2 s of wall-clock time: a call into a device"
                + " is stuck (a loop that never ends, or a wait that nothing ends); it is at ")
            .hasMessageContaining("WatchedRunTest.stuckDevice(WatchedRunTest.java:");
        assertThat(interrupted.await(60, TimeUnit.SECONDS)).as("the stuck run was interrupted").isTrue();
    }

    /** A device in a loop that never ends by itself; it heeds an interrupt, so that the test leaves nothing running. */
    private static Object stuckDevice(final CountDownLatch interrupted) {
        while (!Thread.currentThread().isInterrupted()) {
            Thread.onSpinWait();
        }
        interrupted.countDown();
        return null;
    }
}
