package org.mprt.ctk.conformance.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mprt.ctk.conformance.runtime.ScenarioInputException;
import org.mprt.ctk.dut.DeviceFailure;
import org.mprt.ctk.fabric.time.RunawayGuard;
import org.mprt.ctk.fabric.time.Scheduler;

class ScenarioEndingTest {

    @Test
    void shouldCallAScenarioFailedWhenAVerdictOrTheFeatureFileIsWrong() {
        final AssertionError verdict = new AssertionError("MPRT-SACK-003: expected pass vs actual fail");

        assertThat(ScenarioEnding.of(verdict)).isEqualTo(ScenarioResult.Status.FAILED);
        assertThat(ScenarioEnding.message(verdict)).isEqualTo("MPRT-SACK-003: expected pass vs actual fail");
        assertThat(ScenarioEnding.of(new ScenarioInputException("bad rate"))).isEqualTo(ScenarioResult.Status.FAILED);
        assertThat(ScenarioEnding.of(new IllegalStateException("step failed", new ScenarioInputException("bad rate"))))
            .isEqualTo(ScenarioResult.Status.FAILED);
        assertThat(ScenarioEnding.of(new RuntimeException("Could not convert arguments for step [{int} hosts]",
            new NumberFormatException("For input string: \"99999999999\"")))).isEqualTo(ScenarioResult.Status.FAILED);
    }

    @Test
    void shouldCallAScenarioInErrorWhenADeviceRaisedEvenAnAssertionError() {
        final DeviceFailure crash = new DeviceFailure("mutant X on host dut", "running a timer it set", 250,
            new AssertionError("queue empty"));

        assertThat(ScenarioEnding.of(crash)).isEqualTo(ScenarioResult.Status.ERROR);
        assertThat(ScenarioEnding.message(crash)).isEqualTo(crash.getMessage())
            .startsWith("mutant X on host dut raised java.lang.AssertionError: queue empty, while running a timer it set");
    }

    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // a guard that no longer holds fails, not hangs
    void shouldCallAScenarioInErrorWhenItsRunWentOnWithoutEnd() {
        final Scheduler scheduler = new Scheduler();
        final long[] readings = {0};
        scheduler.guard(new RunawayGuard(1, () -> readings[0]++));
        scheduler.at(0, new Runnable() {
            @Override
            public void run() {
                scheduler.after(0, this);
            }
        });
        final Throwable runaway = catchThrowable(() -> scheduler.runUntil(10));

        assertThat(ScenarioEnding.of(runaway)).isEqualTo(ScenarioResult.Status.ERROR);
        assertThat(ScenarioEnding.message(runaway)).startsWith("the fabric's run went on for more than");
    }

    @Test
    void shouldNameTheExceptionAndTheLineThatRaisedAnErrorOfTheKit() {
        final IllegalStateException bug = new IllegalStateException("the device is not attached to a host yet");

        assertThat(ScenarioEnding.of(bug)).isEqualTo(ScenarioResult.Status.ERROR);
        assertThat(ScenarioEnding.message(bug))
            .startsWith("java.lang.IllegalStateException: the device is not attached to a host yet (at ")
            .contains("ScenarioEndingTest.shouldNameTheExceptionAndTheLineThatRaisedAnErrorOfTheKit(ScenarioEndingTest.java:");
    }
}
