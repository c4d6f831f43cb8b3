package org.mprt.ctk.conformance.runtime;

import java.nio.file.Path;
import org.mprt.ctk.dut.DeviceUnderTests;

/**
 * What the run hands every scenario: where scenario reports go, and the seed override. The CLI
 * ({@code ctk run}) sets them as system properties before it starts the suite; {@code mvn test}
 * sets them in the Surefire configuration; the defaults suit a run from the module folder.
 *
 * @param reportsDir folder under which each scenario writes its own sub-folder
 * @param seed       the seed every scenario uses instead of its own, or null
 * @param dut        the name of the device under test ({@link DeviceUnderTests}), {@code reference} by default
 */
public record RunSettings(Path reportsDir, Long seed, String dut) {

    /** System property: folder for the per-scenario reports. */
    public static final String REPORTS_PROPERTY = "ctk.scenario.reports";
    /** System property: a seed that overrides each scenario's own. */
    public static final String SEED_PROPERTY = "ctk.seed";
    /** System property: the name of the device under test. */
    public static final String DUT_PROPERTY = "ctk.dut";

    private static final Path DEFAULT_REPORTS = Path.of("target", "conformance", "scenarios");

    /** The settings of this run, read from the system properties. */
    public static RunSettings current() {
        final String dir = System.getProperty(REPORTS_PROPERTY);
        final String seed = System.getProperty(SEED_PROPERTY);
        final String dut = System.getProperty(DUT_PROPERTY);
        return new RunSettings(dir == null || dir.isBlank() ? DEFAULT_REPORTS : Path.of(dir),
            seed == null || seed.isBlank() ? null : Long.valueOf(seed.trim()),
            dut == null || dut.isBlank() ? DeviceUnderTests.REFERENCE : dut.trim());
    }
}
