package org.mprt.ctk.conformance.suite;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectDirectory;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectFile;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.discovery.FilePosition;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.mprt.ctk.conformance.runtime.RunSettings;

/**
 * Runs the conformance suite in this process through the JUnit Platform Launcher and the Cucumber
 * engine, as {@code mvn test} runs it through the {@code @Suite} runner: same glue, same features,
 * with the run's reports (Cucumber HTML, JSON and messages, JUnit XML), selection, seed and threads.
 */
public final class SuiteRun {

    /**
     * What to run.
     *
     * @param kitHome     the kit's folder, against which scenario locations are written
     * @param features    the features folder
     * @param targets     feature files or folders, each optionally with {@code :line} suffixes; empty for all
     * @param outDir      the run's report folder
     * @param selection   tags, name and shard
     * @param seed        the seed every scenario uses instead of its own, or null
     * @param threads     scenarios run at once
     * @param dut         the name of the device under test ({@code DeviceUnderTests}), or null for the reference
     */
    public record Options(Path kitHome, Path features, List<String> targets, Path outDir, ScenarioSelection selection,
                          Long seed, int threads, String dut) {
    }

    /**
     * How the run went.
     *
     * @param results         one per scenario run or skipped
     * @param inputErrors     feature-file errors, each {@code features/<file>:<line>: <what was expected>}
     * @param containerErrors features Cucumber could not run at all (unreadable Gherkin, for one)
     */
    public record Outcome(List<ScenarioResult> results, List<String> inputErrors, List<String> containerErrors) {
    }

    private SuiteRun() {
    }

    public static Outcome run(final Options options, final PrintStream progress) throws IOException {
        final Path scenarios = options.outDir().resolve("scenarios");
        final Path inputErrors = options.outDir().resolve("input-errors.txt");
        final String reportsBefore = System.getProperty(RunSettings.REPORTS_PROPERTY);
        final String seedBefore = System.getProperty(RunSettings.SEED_PROPERTY);
        final String dutBefore = System.getProperty(RunSettings.DUT_PROPERTY);
        set(RunSettings.REPORTS_PROPERTY, scenarios.toString());
        set(RunSettings.SEED_PROPERTY, options.seed() == null ? null : options.seed().toString());
        set(RunSettings.DUT_PROPERTY, options.dut());
        try {
            final LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                .selectors(selectors(options)).filters(options.selection())
                .configurationParameters(configuration(options, inputErrors)).build();
            final ProgressListener listener = new ProgressListener(progress, options.kitHome(), System.console() != null, options.seed());
            LauncherFactory.create().execute(request, listener);
            final List<String> errors = Files.exists(inputErrors) ? Files.readAllLines(inputErrors, StandardCharsets.UTF_8)
                : List.of();
            return new Outcome(listener.results(), errors, listener.containerErrors());
        } finally {
            set(RunSettings.REPORTS_PROPERTY, reportsBefore);
            set(RunSettings.SEED_PROPERTY, seedBefore);
            set(RunSettings.DUT_PROPERTY, dutBefore);
        }
    }

    /** Scenarios read their settings from system properties; the run sets them for its duration only. */
    private static void set(final String key, final String value) {
        if (value == null) {
            System.clearProperty(key);
        } else {
            System.setProperty(key, value);
        }
    }

    private static Map<String, String> configuration(final Options options, final Path inputErrors) {
        final Path out = options.outDir();
        final Map<String, String> c = new LinkedHashMap<>();
        c.put("cucumber.glue", SuiteSettings.GLUE);
        c.put("cucumber.publish.quiet", "true");
        c.put("cucumber.ansi-colors.disabled", "true");
        c.put("cucumber.plugin", String.join(",", "html:" + out.resolve("cucumber.html"), "json:" + out.resolve("cucumber.json"),
            "message:" + out.resolve("cucumber.ndjson"), "junit:" + out.resolve("junit.xml"),
            InputErrorPlugin.class.getName() + ":" + inputErrors));
        c.put("cucumber.junit-platform.naming-strategy", "short");
        c.put("cucumber.junit-platform.naming-strategy.short.example-name", "pickle");
        c.put("cucumber.execution.parallel.enabled", Boolean.toString(options.threads() > 1));
        c.put("cucumber.execution.parallel.config.strategy", "fixed");
        c.put("cucumber.execution.parallel.config.fixed.parallelism", Integer.toString(options.threads()));
        c.put("cucumber.execution.parallel.config.fixed.max-pool-size", Integer.toString(options.threads()));
        return c;
    }

    /** The whole features folder, or the files and folders named, with their lines. */
    private static List<DiscoverySelector> selectors(final Options options) {
        if (options.targets().isEmpty()) {
            return List.of(selectDirectory(options.features().toFile()));
        }
        final List<DiscoverySelector> selectors = new ArrayList<>();
        for (final String target : options.targets()) {
            final FeatureTarget t = FeatureTarget.parse(target, options.kitHome());
            if (Files.isDirectory(t.path())) {
                selectors.add(selectDirectory(t.path().toFile()));
            } else if (t.lines().isEmpty()) {
                selectors.add(selectFile(t.path().toFile()));
            } else {
                t.lines().forEach(line -> selectors.add(selectFile(t.path().toFile(), FilePosition.from(line))));
            }
        }
        return selectors;
    }
}
