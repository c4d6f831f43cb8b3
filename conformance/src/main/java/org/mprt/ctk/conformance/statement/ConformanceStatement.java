package org.mprt.ctk.conformance.statement;

import java.util.List;

/**
 * The conformance statement of a run (mprt-v0.1.md section 16.1): for each device the suite
 * judged, its PICS, the kit and spec versions, and the verdict on every requirement of its
 * profile, aggregated over the scenarios that verify it (section 16.2: fail if any scenario failed
 * it, else pass if any passed it, else inconclusive, else not applicable; untested when no scenario
 * verifies it yet). Mutant scenarios never count toward it; they are listed as the kit's own check.
 *
 * @param kitVersion   the kit's version
 * @param specVersions the profile documents the verdicts refer to
 * @param devices      one statement per device under test
 * @param mutants      the mutant scenarios: whether the kit caught each deliberate fault
 */
public record ConformanceStatement(String schema, String kitVersion, String specVersions, List<DeviceStatement> devices,
                                   List<MutantCheck> mutants) {

    public static final String SCHEMA = "mprt-ctk/conformance-statement/2";

    public ConformanceStatement {
        devices = List.copyOf(devices);
        mutants = List.copyOf(mutants);
    }

    /** True when every device conforms and every mutant was caught. */
    public boolean allConform() {
        return devices.stream().allMatch(DeviceStatement::conforming) && mutants.stream().allMatch(MutantCheck::caught);
    }

    /**
     * One device's statement.
     *
     * @param name           the device as the suite ran it
     * @param profile        MPRT or ROCEV2
     * @param pics           where its PICS came from
     * @param implementation the implementation and version its PICS declares
     * @param conforming     no MUST or MUST NOT failed and every scenario passed
     */
    public record DeviceStatement(String name, String profile, String pics, String implementation, boolean conforming,
                                  Counts requirements, ScenarioCounts scenarios, List<RequirementStatement> verdicts) {
        public DeviceStatement {
            verdicts = List.copyOf(verdicts);
        }
    }

    /**
     * The verdict on one requirement and the scenarios behind it.
     *
     * @param verdict pass, fail, inconclusive, not-applicable or untested
     */
    public record RequirementStatement(String id, String keyword, String verifiable, String verdict, List<Evidence> evidence) {
        public RequirementStatement {
            evidence = List.copyOf(evidence);
        }
    }

    /** One scenario's verdict on a requirement. */
    public record Evidence(String location, String name, long seed, String outcome, String explanation) {
    }

    /** A mutant scenario: caught when it passed, that is when the rule failed the mutant as the scenario expects. */
    public record MutantCheck(String location, String name, String device, List<String> requirements, boolean caught) {
    }

    /**
     * A device's scenarios by how they ended: {@code error} for those that ended before their verdict (the
     * device raised an exception, ran without end or never returned), never counted as failed.
     */
    public record ScenarioCounts(int pass, int fail, int error, int notApplicable) {
    }

    /** A device's requirements by verdict. */
    public record Counts(int pass, int fail, int inconclusive, int notApplicable, int untested) {
        public int total() {
            return pass + fail + inconclusive + notApplicable + untested;
        }
    }
}
