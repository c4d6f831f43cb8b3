package org.mprt.ctk.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.mprt.ctk.conformance.trace.CoverageReport;
import org.mprt.ctk.conformance.trace.FeatureIndex;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** Requirement traceability: every requirement of the spec with the scenarios that verify it. */
@Command(name = "coverage", mixinStandardHelpOptions = true,
    description = {"Every requirement of the spec with the scenarios that verify it.",
        "Prints each requirement with the scenarios of features/ tagged with it and",
        "writes coverage.json and coverage.html. Lists the MUST and MUST NOT",
        "requirements a capture could verify that no scenario verifies yet;",
        "--strict makes that list an error (exit code 1). Problems in the features",
        "(a tag naming no requirement, a Then step about an untagged requirement)",
        "exit with code 2."},
    footer = ExitCodes.FOOTER)
final class CoverageCommand implements Callable<Integer> {

    @Option(names = "--features", paramLabel = "DIR", description = "Folder of feature files (default: features)")
    private Path featuresDir;

    @Option(names = "--out", paramLabel = "DIR", description = "Folder for coverage.json and coverage.html (default: reports/coverage)")
    private Path out;

    @Option(names = "--strict", description = "Exit 1 when a MUST or MUST NOT capture requirement has no scenario")
    private boolean strict;

    @Override
    public Integer call() throws IOException {
        final Path home = KitHome.get();
        final Path features = featuresDir != null ? featuresDir : home.resolve("features");
        if (!Files.isDirectory(features)) {
            throw new InputException(features + ": no features folder");
        }
        final Path outDir = OutputFolder.of(out, home.resolve("reports").resolve("coverage"));
        final CoverageReport report = CoverageReport.of(FeatureIndex.scan(features, home));
        report.write(outDir);
        report.print(System.out);
        System.out.println("reports: " + outDir.resolve("coverage.html"));
        if (!report.problems().isEmpty()) {
            return ExitCodes.INPUT_ERROR;
        }
        return strict && !report.uncoveredMustCapture().isEmpty() ? ExitCodes.FAIL : ExitCodes.PASS;
    }
}
