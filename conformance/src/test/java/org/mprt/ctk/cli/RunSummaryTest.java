package org.mprt.ctk.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.conformance.statement.ConformanceStatement;
import org.mprt.ctk.conformance.suite.ScenarioResult;
import org.mprt.ctk.conformance.suite.SuiteRun;

class RunSummaryTest {

    private static final ScenarioResult PASSED = new ScenarioResult("features/sack/ack.feature:5", "An ACK per AckReq",
        ScenarioResult.Status.PASSED, null);
    private static final ScenarioResult FAILED = new ScenarioResult("features/sack/ack.feature:9", "A SACK claims nothing unseen",
        ScenarioResult.Status.FAILED, "MPRT-SACK-003: expected pass vs actual fail");
    private static final ScenarioResult ERROR = new ScenarioResult("features/loss/rto.feature:12", "A loss is repaired",
        ScenarioResult.Status.ERROR, "mutant X on host dut raised java.lang.AssertionError: queue empty, while running a"
        + " timer it set at virtual time 250 ns (at X.run(X.java:1))", true);
    private static final ScenarioResult KIT_ERROR = new ScenarioResult("features/loss/rto.feature:13", "A loss is repaired again",
        ScenarioResult.Status.ERROR, "java.lang.NullPointerException (at org.mprt.ctk.conformance.runtime.Testbed.build(Testbed.java:1))");

    @TempDir
    Path out;

    private static RunSummary summary(final Path out, final ScenarioResult... results) {
        return summary(out, false, results);
    }

    private static RunSummary summary(final Path out, final boolean ownDevice, final ScenarioResult... results) {
        return new RunSummary(new SuiteRun.Outcome(List.of(results), List.of(), List.of()),
            new ConformanceStatement(ConformanceStatement.SCHEMA, "0.1.0", "mprt-v0.1", List.of(), List.of()), List.of(),
            null, null, out, ownDevice);
    }

    private static String printed(final RunSummary summary) {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        summary.print(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void shouldExitThreeAndListAScenarioWithoutVerdictApartFromTheFailedOnes() throws Exception {
        final RunSummary summary = summary(out, PASSED, FAILED, ERROR);

        assertThat(summary.exitCode()).isEqualTo(ExitCodes.KIT_ERROR);
        assertThat(printed(summary))
            .contains("scenarios: 3 run: 1 passed, 1 failed, 1 in error (no verdict), 0 not applicable")
            .contains("  ERROR  features/loss/rto.feature:12  A loss is repaired\n"
                + "         no verdict: mutant X on host dut raised java.lang.AssertionError: queue empty")
            .contains("  FAILED features/sack/ack.feature:9  A SACK claims nothing unseen");
        summary.write();
        final JsonNode json = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        assertThat(json.at("/scenarios/error").asLong()).isEqualTo(1);
        assertThat(json.at("/scenarios/failed").asLong()).isEqualTo(1);
        assertThat(json.at("/scenarios/errorScenarios/0/location").asText()).isEqualTo("features/loss/rto.feature:12");
        assertThat(json.at("/scenarios/errorScenarios/0/message").asText()).startsWith("mutant X on host dut raised");
        assertThat(json.at("/scenarios/errorScenarios/0/source").asText()).isEqualTo("kit");
        assertThat(json.at("/exitCode").asInt()).isEqualTo(ExitCodes.KIT_ERROR);
    }

    @Test
    void shouldExitOneWhenADeviceOfOnesOwnLeftAScenarioWithoutVerdictAndThreeWhenTheKitDid() throws Exception {
        final RunSummary own = summary(out, true, PASSED, ERROR);

        assertThat(own.exitCode()).isEqualTo(ExitCodes.FAIL);
        own.write();
        assertThat(new ObjectMapper().readTree(out.resolve("summary.json").toFile()).at("/scenarios/errorScenarios/0/source")
            .asText()).isEqualTo("device under test");
        assertThat(summary(out, true, PASSED, ERROR, KIT_ERROR).exitCode()).isEqualTo(ExitCodes.KIT_ERROR);
        assertThat(summary(out, false, PASSED, ERROR).exitCode()).isEqualTo(ExitCodes.KIT_ERROR);
    }

    @Test
    void shouldExitOneForAFailedScenarioAndSayNothingOfErrorsWhenThereAreNone() {
        final RunSummary summary = summary(out, PASSED, FAILED);

        assertThat(summary.exitCode()).isEqualTo(ExitCodes.FAIL);
        assertThat(printed(summary)).contains("scenarios: 2 run: 1 passed, 1 failed, 0 not applicable").doesNotContain("ERROR")
            .doesNotContain("in error");
        assertThat(summary(out, PASSED).exitCode()).isEqualTo(ExitCodes.PASS);
    }
}
