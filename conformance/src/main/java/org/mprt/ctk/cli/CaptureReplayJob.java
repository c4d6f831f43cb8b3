package org.mprt.ctk.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.mprt.ctk.verdict.CaptureJudge;
import org.mprt.ctk.verdict.expectation.CaptureReplay;
import org.mprt.ctk.verdict.report.ReportSet;
import org.mprt.ctk.verdict.report.RunIndex;

/**
 * The kit's check of its own rules, part of every {@code ctk run}: judges every capture of
 * {@code captures/} and holds each judgement to the capture's expected verdicts, writing the
 * verdict pages and an index under the run's {@code replay/} folder.
 */
final class CaptureReplayJob {

    private CaptureReplayJob() {
    }

    /** Replays every capture of {@code folder}; empty when it holds none. */
    static List<CaptureReplay.Result> run(final Path folder, final Path outDir, final PrintStream progress) throws IOException {
        final List<Path> captures = CaptureReplay.capturesIn(folder);
        final CaptureReplay replay = new CaptureReplay(CaptureJudge.standard());
        final ReportSet reports = ReportSet.standard(KitHome.kitVersion());
        final List<CaptureReplay.Result> results = new ArrayList<>();
        for (final Path capture : captures) {
            final CaptureReplay.Result r = replay.replay(capture);
            if (r.judgement() != null) {
                reports.write(r.judgement(), outDir.resolve("captures").resolve(
                    folder.relativize(capture.getParent()).resolve(ReportSet.folderName(capture))));
            }
            results.add(r);
        }
        if (!captures.isEmpty()) {
            new RunIndex(KitHome.kitVersion()).write(folder, results, outDir);
            progress.println("ctk: replayed " + captures.size() + " capture(s) of " + folder);
        }
        return results;
    }

    static long asExpected(final List<CaptureReplay.Result> results) {
        return results.stream().filter(CaptureReplay.Result::asExpected).count();
    }
}
