package org.mprt.ctk.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.mprt.ctk.verdict.CaptureJudge;
import org.mprt.ctk.verdict.expectation.CaptureReplay;
import org.mprt.ctk.verdict.report.ReportSet;
import org.mprt.ctk.verdict.report.RunIndex;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The main job. Today it judges every capture of {@code captures/} and holds each judgement to the
 * capture's expected verdicts; the conformance suite against the reference device joins it here.
 */
@Command(name = "run", mixinStandardHelpOptions = true,
    description = {"The main job: judge every capture in captures/ against its expected verdicts, "
        + "print a one-screen summary and write reports (index.html, summary.json, one folder per capture)."},
    footer = ExitCodes.FOOTER)
final class RunCommand implements Callable<Integer> {

    @Option(names = "--out", paramLabel = "DIR", description = "Folder for the reports (default: reports/run)")
    private Path out;

    @Option(names = "--captures", paramLabel = "DIR", description = "Folder of captures to replay (default: captures)")
    private Path capturesDir;

    @Override
    public Integer call() throws IOException {
        final Path home = KitHome.get();
        final Path outDir = out != null ? out : home.resolve("reports").resolve("run");
        final Path folder = capturesDir != null ? capturesDir : home.resolve("captures");
        final List<Path> captures = CaptureReplay.capturesIn(folder);
        if (captures.isEmpty()) {
            throw new InputException(folder + ": no capture with an expectation file (NAME.expected.json) found");
        }
        final CaptureReplay replay = new CaptureReplay(CaptureJudge.standard());
        final ReportSet reports = ReportSet.standard(KitHome.kitVersion());
        final List<CaptureReplay.Result> results = new ArrayList<>();
        int done = 0;
        for (final Path capture : captures) {
            done++;
            if (System.console() != null) {
                System.err.printf("\r[%d/%d] %-60s", done, captures.size(), folder.relativize(capture));
            }
            final CaptureReplay.Result r = replay.replay(capture);
            if (r.judgement() != null) {
                reports.write(r.judgement(), outDir.resolve("captures").resolve(
                    folder.relativize(capture.getParent()).resolve(ReportSet.folderName(capture))));
            }
            results.add(r);
        }
        if (System.console() != null) {
            System.err.println();
        }
        new RunIndex(KitHome.kitVersion()).write(folder, results, outDir);
        return printSummary(folder, results, outDir);
    }

    private static int printSummary(final Path folder, final List<CaptureReplay.Result> results, final Path outDir) {
        int asExpected = 0;
        for (final CaptureReplay.Result r : results) {
            final String what = r.judgement() != null ? RunIndex.counts(r.judgement()) : "input error: " + r.inputError();
            System.out.printf("%-11s %-48s %s%n", r.asExpected() ? "AS EXPECTED" : "MISMATCH",
                folder.relativize(r.capture()), what);
            for (final String m : r.mismatches()) {
                System.out.println("            " + m);
            }
            if (r.asExpected()) {
                asExpected++;
            }
        }
        System.out.printf("%ncaptures: %d judged, %d as expected, %d not%nreports: %s%n", results.size(),
            asExpected, results.size() - asExpected, outDir.resolve("index.html"));
        return asExpected == results.size() ? ExitCodes.PASS : ExitCodes.FAIL;
    }
}
