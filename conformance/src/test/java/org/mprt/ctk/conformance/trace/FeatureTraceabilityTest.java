package org.mprt.ctk.conformance.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.dut.MutantDut;
import org.mprt.ctk.requirement.Requirement;
import org.mprt.ctk.requirement.RequirementCatalogue;

/**
 * The build fails when a scenario is not tied to the spec as STYLE.md rule 4 asks: a tag naming no
 * requirement (or one that neither a rule nor a probe decides), a Then step asking about a
 * requirement the scenario is not tagged with, a scenario without a requirement or an area, a
 * {@code @needs} tag naming no PICS capability, or a mutant scenario about a requirement its mutant
 * is not documented to violate. A declaration is decided by the PICS, so it needs no rule. And it
 * fails when a MUST or MUST NOT requirement that a capture can verify has no scenario that runs the
 * conforming device (a mutant scenario shows a rule failing; it is no evidence of conformance).
 */
class FeatureTraceabilityTest {

    private static final Path KIT_HOME = Path.of("..").toAbsolutePath().normalize();

    @TempDir
    Path tmp;

    @Test
    void shouldTieEveryScenarioOfTheFeaturesToTheSpec() throws IOException {
        final FeatureIndex index = FeatureIndex.scan(KIT_HOME.resolve("features"), KIT_HOME);

        assertThat(index.scenarios()).hasSizeGreaterThan(50);
        assertThat(index.parseErrors()).isEmpty();
        assertThat(new Traceability().problems(index.scenarios())).isEmpty();
    }

    @Test
    void shouldTieEveryMutantScenarioToARequirementItsMutantViolates() throws IOException {
        final List<String> problems = new ArrayList<>();
        for (final IndexedScenario s : FeatureIndex.scan(KIT_HOME.resolve("features"), KIT_HOME).scenarios()) {
            if (s.mutant() == null) {
                continue;
            }
            final List<String> violated = MutantDut.named(s.mutant()).violates();
            if (!s.tags().contains("@mutant") || violated.stream().noneMatch(s.requirementIds()::contains)) {
                problems.add(s.location() + ": mutant " + s.mutant() + " violates " + violated + "; the scenario is tagged "
                    + s.tags());
            }
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void shouldGiveEveryMustThatACaptureCanVerifyAScenario() throws IOException {
        final FeatureIndex index = FeatureIndex.scan(KIT_HOME.resolve("features"), KIT_HOME);

        assertThat(mustCaptureWithoutAScenario(index.scenarios()))
            .as("MUST / MUST NOT capture requirements without a scenario of the conforming device (./ctk coverage)").isEmpty();
        assertThat(CoverageReport.of(index).uncoveredMustCapture()).isEmpty();
    }

    @Test
    void shouldCountOnlyScenariosOfTheConformingDeviceAsCoverage() throws IOException {
        final Path features = tmp.resolve("features").resolve("sack");
        Files.createDirectories(features);
        Files.writeString(features.resolve("x.feature"), """
            @sack
            Feature: one requirement covered, one shown failing only
              @MPRT-SACK-007
              Scenario: covered
                Then MPRT-SACK-007 passes

              @MPRT-SACK-006 @mutant
              Scenario: only a mutant
                Given the device under test is the mutant DELAY_EVERY_ACK
                Then MPRT-SACK-006 fails at data packets the device under test received
            """);

        final List<String> missing = mustCaptureWithoutAScenario(FeatureIndex.scan(tmp.resolve("features"), tmp).scenarios());

        assertThat(missing).contains("MPRT-SACK-006", "MPRT-WIRE-002").doesNotContain("MPRT-SACK-007", "MPRT-SACK-008");
    }

    /** The MUST / MUST NOT capture requirements that no scenario of the conforming device is tagged with. */
    private static List<String> mustCaptureWithoutAScenario(final List<IndexedScenario> scenarios) {
        final List<String> missing = new ArrayList<>();
        for (final Requirement r : RequirementCatalogue.fromClasspath().all()) {
            if (r.keyword().absolute() && r.verifiable() == Requirement.Verifiable.CAPTURE && scenarios.stream()
                .noneMatch(s -> s.mutant() == null && !s.tags().contains("@mutant") && s.requirementIds().contains(r.id()))) {
                missing.add(r.id());
            }
        }
        return missing;
    }

    @Test
    void shouldReportUnknownTagsUntaggedQuestionsAndUnknownCapabilities() throws IOException {
        final Path features = tmp.resolve("features").resolve("wire");
        Files.createDirectories(features);
        Files.writeString(features.resolve("x.feature"), """
            Feature: mistakes a reviewer should not have to find
              @wire @MPRT-WIRE-999 @needs:teleport
              Scenario: an unknown requirement and an unknown capability
                Then MPRT-WIRE-007 passes

              @MPRT-WIRE-007
              Scenario: no area, and a question about another requirement
                Then MPRT-WIRE-012 passes

              @wire @MPRT-WIRE-002
              Scenario: a capture requirement no rule decides
                Then MPRT-WIRE-002 passes

              @timer @MPRT-TIMER-001
              Scenario: a declaration, which the PICS decides
                Then MPRT-TIMER-001 passes
            """);

        final FeatureIndex index = FeatureIndex.scan(tmp.resolve("features"), tmp);
        final List<String> problems = new Traceability(Set.of("MPRT-WIRE-007", "MPRT-WIRE-012")).problems(index.scenarios());

        assertThat(problems).containsExactlyInAnyOrder(
            "features/wire/x.feature:3: tag @MPRT-WIRE-999 names no requirement of the spec",
            "features/wire/x.feature:4: a Then step asks about MPRT-WIRE-007, which scenario 'an unknown requirement and an"
                + " unknown capability' is not tagged with",
            "features/wire/x.feature:3: tag @needs:teleport names no PICS capability (expected one of "
                + PicsCapabilities.names() + ")",
            "features/wire/x.feature:8: a Then step asks about MPRT-WIRE-012, which scenario 'no area, and a question about"
                + " another requirement' is not tagged with",
            "features/wire/x.feature:7: scenario 'no area, and a question about another requirement' has no area tag (one of "
                + new java.util.TreeSet<>(Traceability.AREAS) + ")",
            "features/wire/x.feature:11: tag @MPRT-WIRE-002 names a capture requirement that no rule of the verdict engine"
                + " decides yet");
    }

}
