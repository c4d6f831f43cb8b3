package org.mprt.ctk.conformance.suite;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;
import org.mprt.ctk.conformance.runtime.ScenarioSeed;

/**
 * Follows the suite as it runs: a progress line per finished scenario ({@code [12/64] passed ...}),
 * and the result of every scenario for the summary, the rerun file and the exit code. Failures of
 * a container (a feature file Cucumber could not read) are kept apart: they are input errors.
 * Called from the engine's worker threads, so it synchronises.
 */
public final class ProgressListener implements TestExecutionListener {

    private final PrintStream out;
    private final Path kitHome;
    private final boolean terminal;
    private final Long seedOverride;
    private final List<ScenarioResult> results = new ArrayList<>();
    private final List<String> containerErrors = new ArrayList<>();
    private long total;
    private int failed;

    /**
     * @param seedOverride the run's {@code --seed}, or null: each scenario's seed follows from its name
     */
    public ProgressListener(final PrintStream out, final Path kitHome, final boolean terminal, final Long seedOverride) {
        this.out = out;
        this.kitHome = kitHome;
        this.terminal = terminal;
        this.seedOverride = seedOverride;
    }

    @Override
    public void testPlanExecutionStarted(final TestPlan plan) {
        total = plan.countTestIdentifiers(TestIdentifier::isTest);
        out.println("ctk: running " + total + " scenario(s)");
    }

    @Override
    public synchronized void executionSkipped(final TestIdentifier id, final String reason) {
        if (id.isTest()) {
            record(id, ScenarioResult.Status.SKIPPED, reason);
        }
    }

    @Override
    public synchronized void executionFinished(final TestIdentifier id, final TestExecutionResult result) {
        if (!id.isTest()) {
            final String message = result.getThrowable().map(t -> String.valueOf(t.getMessage())).orElse(null);
            if (result.getStatus() == TestExecutionResult.Status.FAILED) {
                containerErrors.add(ContainerError.describe(id.getDisplayName(), message));
            }
            return;
        }
        final Throwable thrown = result.getThrowable().orElse(null);
        final ScenarioResult.Status status = switch (result.getStatus()) {
            case SUCCESSFUL -> ScenarioResult.Status.PASSED;
            case ABORTED -> ScenarioResult.Status.SKIPPED;
            default -> thrown == null ? ScenarioResult.Status.FAILED : ScenarioEnding.of(thrown);
        };
        final String message = thrown == null ? null
            : status == ScenarioResult.Status.SKIPPED ? String.valueOf(thrown.getMessage()) : ScenarioEnding.message(thrown);
        record(id, status, message, status == ScenarioResult.Status.ERROR && ScenarioEnding.isDeviceError(thrown));
    }

    private void record(final TestIdentifier id, final ScenarioResult.Status status, final String message) {
        record(id, status, message, false);
    }

    private void record(final TestIdentifier id, final ScenarioResult.Status status, final String message, final boolean byDevice) {
        final String location = id.getSource().flatMap(s -> ScenarioLocations.of(s, kitHome)).orElse(id.getDisplayName());
        results.add(new ScenarioResult(location, id.getDisplayName(), status, message, byDevice));
        failed += status == ScenarioResult.Status.FAILED || status == ScenarioResult.Status.ERROR ? 1 : 0;
        final String line = String.format("[%3d/%d] %-7s %s  %s  (seed %d)", results.size(), total,
            status.name().toLowerCase(java.util.Locale.ROOT), location, id.getDisplayName(),
            ScenarioSeed.of(id.getDisplayName(), seedOverride));
        if (terminal && status != ScenarioResult.Status.FAILED && status != ScenarioResult.Status.ERROR) {
            out.print("\r" + fit(line + (failed > 0 ? "  (" + failed + " failed or in error so far)" : "")));
        } else {
            out.println((terminal ? "\r" : "") + line);
        }
        if (terminal && results.size() == total) {
            out.println();
        }
    }

    private static String fit(final String line) {
        final int width = 118;
        return line.length() > width ? line.substring(0, width - 1) + "…" : String.format("%-" + width + "s", line);
    }

    public synchronized List<ScenarioResult> results() {
        return List.copyOf(results);
    }

    public synchronized List<String> containerErrors() {
        return List.copyOf(containerErrors);
    }
}
