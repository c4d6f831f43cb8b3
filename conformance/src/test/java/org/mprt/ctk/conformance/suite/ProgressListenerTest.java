package org.mprt.ctk.conformance.suite;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.AbstractTestDescriptor;
import org.junit.platform.launcher.TestIdentifier;
import org.mprt.ctk.dut.DeviceFailure;

class ProgressListenerTest {

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final ProgressListener listener = new ProgressListener(new PrintStream(bytes, true, StandardCharsets.UTF_8),
        Path.of("."), false, 7L);

    private static TestIdentifier scenario(final String name) {
        return TestIdentifier.from(new AbstractTestDescriptor(UniqueId.forEngine("cucumber").append("scenario", name), name) {
            @Override
            public Type getType() {
                return Type.TEST;
            }
        });
    }

    @Test
    void shouldRecordADeviceThatCrashedAsAnErrorAndAFailedVerdictAsAFailure() {
        listener.executionFinished(scenario("A loss is repaired"), TestExecutionResult.failed(
            new DeviceFailure("mutant X on host dut", "handling a frame that arrived on its port 0", 1200,
                new AssertionError("PSN window overrun"))));
        listener.executionFinished(scenario("A SACK claims nothing unseen"),
            TestExecutionResult.failed(new AssertionError("MPRT-SACK-003: expected pass vs actual fail")));

        assertThat(listener.results()).extracting(ScenarioResult::status)
            .containsExactly(ScenarioResult.Status.ERROR, ScenarioResult.Status.FAILED);
        assertThat(listener.results()).extracting(ScenarioResult::byDevice).containsExactly(true, false);
        assertThat(listener.results().get(0).message()).startsWith("mutant X on host dut raised java.lang.AssertionError:"
            + " PSN window overrun, while handling a frame that arrived on its port 0 at virtual time 1200 ns");
        assertThat(bytes.toString(StandardCharsets.UTF_8)).contains("error   A loss is repaired")
            .contains("failed  A SACK claims nothing unseen");
    }
}
