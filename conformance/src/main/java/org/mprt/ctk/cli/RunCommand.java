package org.mprt.ctk.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.mprt.ctk.conformance.statement.ConformanceStatement;
import org.mprt.ctk.conformance.statement.ScenarioFolders;
import org.mprt.ctk.conformance.statement.StatementBuilder;
import org.mprt.ctk.conformance.statement.StatementWriter;
import org.mprt.ctk.conformance.runtime.KitVersion;
import org.mprt.ctk.conformance.suite.FeatureTarget;
import org.mprt.ctk.conformance.suite.ScenarioResult;
import org.mprt.ctk.conformance.suite.ScenarioSelection;
import org.mprt.ctk.conformance.suite.ShardSpec;
import org.mprt.ctk.conformance.suite.SuiteRun;
import org.mprt.ctk.dut.DeviceUnderTests;
import org.mprt.ctk.verdict.expectation.CaptureReplay;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The main job: the Gherkin conformance suite of {@code features/} against the reference devices,
 * in this process, then the replay of {@code captures/} against their expected verdicts; a progress
 * line per scenario, a one-screen summary, and every report under {@code reports/run/}.
 */
@Command(name = "run", mixinStandardHelpOptions = true,
    description = {"The main job: the conformance suite and the capture replay.",
        "Runs the scenarios of features/ against the reference devices, replays",
        "captures/ against their expected verdicts, prints a one-screen summary and",
        "writes reports/run/: index.html, Cucumber HTML, JSON and messages, JUnit",
        "XML, each scenario's capture and verdict page, and the conformance",
        "statement (JSON and HTML). Run one scenario again, exactly:",
        "  ctk run --name \"^Its name$\" --seed N   (each scenario prints its seed)"},
    footer = ExitCodes.SUITE_FOOTER)
final class RunCommand implements Callable<Integer> {

    @Parameters(arity = "0..*", paramLabel = "FEATURE",
        description = "Feature files or folders to run, each optionally with :LINE suffixes (features/wire/x.feature:13),"
            + " or @FILE to run the scenarios a rerun file lists (default: every feature of features/)")
    private List<String> targets = new ArrayList<>();

    @Option(names = "--out", paramLabel = "DIR", description = "Folder for the reports (default: reports/run)")
    private Path out;

    @Option(names = "--features", paramLabel = "DIR", description = "Folder of feature files (default: features)")
    private Path featuresDir;

    @Option(names = "--captures", paramLabel = "DIR", description = "Folder of captures to replay (default: captures)")
    private Path capturesDir;

    @Option(names = "--tags", paramLabel = "EXPR", description = "Only scenarios whose tags match this Cucumber tag "
        + "expression, e.g. \"@wire and not @mutant\" or \"@MPRT-SEC-002\"")
    private String tags;

    @Option(names = "--name", paramLabel = "REGEX", description = "Only scenarios whose name contains a match of REGEX")
    private String name;

    @Option(names = "--seed", paramLabel = "N", description = "Run every scenario with seed N instead of the seed of its name")
    private Long seed;

    @Option(names = "--threads", paramLabel = "N", defaultValue = "2",
        description = "Scenarios run at once (default: ${DEFAULT-VALUE})")
    private int threads;

    @Option(names = "--rerun-file", paramLabel = "FILE", arity = "0..1", fallbackValue = "",
        description = "Write the failed scenarios to FILE (default when given without FILE: <out>/rerun.txt); "
            + "run them again with: ctk run @FILE")
    private String rerunFile;

    @Option(names = "--shard", paramLabel = "i/n", description = "Run share i of n of the scenarios (by a stable hash of "
        + "their location), for a CI matrix; combine the shards' reports with ctk merge. Shard 1 also replays the captures")
    private String shard;

    @Option(names = "--dut", paramLabel = "NAME", description = "The device under test: 'reference' (the default: the"
        + " kit's reference of each profile) or the name of a DeviceUnderTestProvider on the class path (README,"
        + " \"A device of one's own\")")
    private String dut;

    @Option(names = "--no-replay", description = "Do not replay the captures of captures/")
    private boolean noReplay;

    @Override
    public Integer call() throws IOException {
        final Path home = KitHome.get();
        final Path outDir = OutputFolder.of(out, home.resolve("reports").resolve("run")).toAbsolutePath().normalize();
        final Path features = featuresDir != null ? featuresDir : home.resolve("features");
        final SuiteRun.Options options = options(home, features, outDir);
        clean(outDir);
        final SuiteRun.Outcome outcome = SuiteRun.run(options, System.err);
        final String unmatched = options.selection().unmatched();
        if (unmatched != null) {
            throw new InputException(unmatched + " of " + features + ": expected tags or a name the feature files use,"
                + " such as @sack or @MPRT-WIRE-007 (ctk coverage lists every requirement with its scenarios)");
        }
        final ConformanceStatement statement = new StatementBuilder(KitVersion.current(), KitVersion.SPEC_VERSIONS)
            .build(ScenarioFolders.read(outDir));
        StatementWriter.write(statement, outDir);
        writeRerunFile(outDir, outcome.results());
        final ShardSpec shardSpec = shard == null ? null : ShardSpec.parse(shard);
        final boolean replay = !noReplay && (shardSpec == null || shardSpec.isFirst());
        final List<CaptureReplay.Result> replayed = replay ? replay(home, outDir) : List.of();
        final RunSummary summary = new RunSummary(outcome, statement, replayed, seed, shard, outDir,
            dut != null && !dut.equals(DeviceUnderTests.REFERENCE));
        summary.write();
        summary.print(System.out);
        return summary.exitCode();
    }

    private SuiteRun.Options options(final Path home, final Path features, final Path outDir) throws IOException {
        if (!Files.isDirectory(features)) {
            throw new InputException(features + ": no features folder");
        }
        if (threads < 1) {
            throw new InputException("--threads " + threads + ": expected at least 1");
        }
        if (rerunFile != null && !rerunFile.isEmpty()) {
            OutputFolder.file("--rerun-file", Path.of(rerunFile));
        }
        if (capturesDir != null && !noReplay && !Files.isDirectory(capturesDir)) {
            // Said before the suite runs, not after it.
            throw new InputException("--captures " + capturesDir + ": no such folder");
        }
        try {
            final ShardSpec shardSpec = shard == null ? null : ShardSpec.parse(shard);
            final List<String> expanded = expand(home);
            if (dut != null) {
                // Said before the suite runs: an unknown name lists the devices there are.
                DeviceUnderTests.named(dut, Thread.currentThread().getContextClassLoader());
            }
            return new SuiteRun.Options(home, features, expanded, outDir, ScenarioSelection.of(tags, name, shardSpec, home),
                seed, threads, dut);
        } catch (final IllegalArgumentException e) {
            throw new InputException(e.getMessage());
        }
    }

    /** Feature targets as given, with {@code @FILE} replaced by the lines of the rerun file. */
    private List<String> expand(final Path home) throws IOException {
        final List<String> expanded = new ArrayList<>();
        for (final String target : targets) {
            if (target.startsWith("@")) {
                final Path file = Path.of(target.substring(1));
                if (!Files.isRegularFile(file)) {
                    throw new IllegalArgumentException(target + ": no such rerun file");
                }
                expanded.addAll(FeatureTarget.readRerunFile(file));
            } else {
                expanded.add(target);
            }
        }
        for (final String target : expanded) {
            FeatureTarget.parse(target, home);
        }
        if (!targets.isEmpty() && expanded.isEmpty()) {
            throw new IllegalArgumentException("the rerun file lists no scenario: nothing to run");
        }
        return expanded;
    }

    private List<CaptureReplay.Result> replay(final Path home, final Path outDir) throws IOException {
        final Path folder = capturesDir != null ? capturesDir : home.resolve("captures");
        final List<CaptureReplay.Result> results = CaptureReplayJob.run(folder, outDir.resolve("replay"), System.err);
        if (results.isEmpty() && capturesDir != null) {
            throw new InputException(folder + ": no capture with an expectation file (NAME.expected.json) found");
        }
        return results;
    }

    private void writeRerunFile(final Path outDir, final List<ScenarioResult> results) throws IOException {
        if (rerunFile == null) {
            return;
        }
        final Path file = rerunFile.isEmpty() ? outDir.resolve("rerun.txt") : Path.of(rerunFile);
        final List<String> failed = results.stream()
            .filter(r -> r.status() == ScenarioResult.Status.FAILED || r.status() == ScenarioResult.Status.ERROR)
            .map(ScenarioResult::location).sorted().toList();
        if (file.toAbsolutePath().getParent() != null) {
            Files.createDirectories(file.toAbsolutePath().getParent());
        }
        Files.write(file, failed);
    }

    /** Removes what an earlier run left, so that reports describe this run only. */
    private static void clean(final Path outDir) throws IOException {
        OutputFolder.forgetEarlierRun(outDir, List.of("cucumber.html", "cucumber.json", "cucumber.ndjson", "junit.xml",
            "input-errors.txt", StatementWriter.JSON_FILE, StatementWriter.HTML_FILE, "summary.json", "index.html",
            "rerun.txt"), List.of("scenarios", "replay"));
        Files.createDirectories(outDir);
    }
}
