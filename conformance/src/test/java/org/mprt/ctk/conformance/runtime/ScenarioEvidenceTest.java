package org.mprt.ctk.conformance.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.conformance.statement.ConformanceStatement;
import org.mprt.ctk.conformance.statement.ScenarioFolders;
import org.mprt.ctk.conformance.statement.ScenarioRecord;
import org.mprt.ctk.conformance.statement.StatementBuilder;
import org.mprt.ctk.pics.Pics;
import org.mprt.ctk.requirement.Requirement;
import org.mprt.ctk.requirement.RequirementCatalogue;
import org.mprt.ctk.verdict.Outcome;
import org.mprt.ctk.verdict.Verdict;

/**
 * A requirement verifiable by declaration is judged from the PICS (mprt-v0.1.md section 16.1):
 * pass when the PICS declares it true, fail when false, inconclusive when it does not declare it;
 * a scenario's "passes" step fails on anything but pass, and the conformance statement says the
 * same from the PICS alone.
 */
class ScenarioEvidenceTest {

    private static final String DECLARING_FALSE = """
        picsVersion: "0.1"
        implementation: {name: a device that owns up, vendor: test, version: "1"}
        profile: mprt-0.1
        capabilities: {paths: 16, planes: 4, streams: 64, pmtu: 4096, sackBitmapBits: 256, write: true, send: true,
                       ipv6: true, vlan: true, probe: true, guidance: true}
        declarations:
          MPRT-TIMER-001: true
          MPRT-CC-003: false
        """;

    @TempDir
    Path tmp;

    private Pics pics(final String yaml) throws Exception {
        final Path file = tmp.resolve("pics.yaml");
        Files.writeString(file, yaml);
        return Pics.load(file);
    }

    @Test
    void shouldPassADeclarationThePicsDeclaresTrue() throws Exception {
        final Verdict verdict = new ScenarioEvidence(null, null, pics(DECLARING_FALSE)).verdictOn("MPRT-TIMER-001");

        assertThat(verdict.outcome()).isEqualTo(Outcome.PASS);
        assertThat(verdict.explanation()).isEqualTo("the PICS declares MPRT-TIMER-001: true");
        VerdictCheck.passes(verdict, "");
    }

    @Test
    void shouldFailADeclarationThePicsDeclaresFalseAndFailTheScenariosPassesStep() throws Exception {
        final Verdict verdict = new ScenarioEvidence(null, null, pics(DECLARING_FALSE)).verdictOn("MPRT-CC-003");

        assertThat(verdict.outcome()).isEqualTo(Outcome.FAIL);
        assertThat(verdict.isAbsoluteFailure()).isTrue();
        assertThatThrownBy(() -> VerdictCheck.passes(verdict, ""))
            .hasMessage("MPRT-CC-003: expected pass vs actual fail: the PICS declares MPRT-CC-003: false");
    }

    @Test
    void shouldReportADeclarationThePicsLeavesOutAsInconclusiveAndFailTheScenariosPassesStep() throws Exception {
        final Verdict verdict = new ScenarioEvidence(null, null, pics(DECLARING_FALSE)).verdictOn("MPRT-FAIL-004");

        assertThat(verdict.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThatThrownBy(() -> VerdictCheck.passes(verdict, ""))
            .hasMessage("MPRT-FAIL-004: expected pass vs actual inconclusive: the PICS does not declare MPRT-FAIL-004");
    }

    @Test
    void shouldJudgeEveryDeclarationOfBothReferencePicsAsPassed() throws Exception {
        for (final String resource : List.of("reference-mprt.yaml", "reference-rocev2.yaml")) {
            final Pics reference = pics(Files.readString(Path.of("..", "spec", "pics", resource)));
            final ScenarioEvidence evidence = new ScenarioEvidence(null, null, reference);
            final String prefix = resource.contains("mprt") ? "MPRT" : "ROCE";
            for (final Requirement r : RequirementCatalogue.fromClasspath().ofProfile(prefix)) {
                if (r.verifiable() == Requirement.Verifiable.DECLARATION) {
                    assertThat(evidence.verdictOn(r.id()).outcome()).as(resource + " " + r.id()).isEqualTo(Outcome.PASS);
                }
            }
        }
    }

    @Test
    void shouldStateTheDeclarationsOfThePicsInTheConformanceStatement() throws Exception {
        final Path folder = tmp.resolve("run/scenarios/timer/declarations/L10");
        Files.createDirectories(folder);
        Files.writeString(folder.resolve("pics.yaml"), DECLARING_FALSE);
        Files.writeString(folder.resolve(ScenarioRecord.FILE_NAME), """
            {"location": "features/timer/declarations.feature:10", "name": "timers as declared", "seed": 1,
             "device": {"name": "a device that owns up", "profile": "MPRT", "pics": "pics.yaml", "mutant": false},
             "status": "passed", "requirements": []}
            """);

        final ConformanceStatement statement = new StatementBuilder("test", "test").build(ScenarioFolders.read(tmp.resolve("run")));

        final var device = statement.devices().get(0);
        assertThat(verdictOf(device, "MPRT-TIMER-001")).isEqualTo("pass");
        assertThat(verdictOf(device, "MPRT-CC-003")).isEqualTo("fail");
        assertThat(verdictOf(device, "MPRT-FAIL-004")).isEqualTo("inconclusive");
        assertThat(device.conforming()).isFalse();
    }

    private static String verdictOf(final ConformanceStatement.DeviceStatement device, final String id) {
        return device.verdicts().stream().filter(r -> r.id().equals(id)).findFirst().orElseThrow().verdict();
    }
}
