package org.mprt.ctk.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.mprt.ctk.pcap.CaptureFormatException;
import org.mprt.ctk.pics.Pics;
import org.mprt.ctk.pics.PicsException;
import org.mprt.ctk.verdict.CaptureJudge;
import org.mprt.ctk.verdict.Judgement;
import org.mprt.ctk.verdict.report.ConsoleSummary;
import org.mprt.ctk.verdict.report.ReportSet;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** Judges capture files against the rules of both profiles. */
@Command(name = "verdict", mixinStandardHelpOptions = true,
    description = {"Judge one or more captures (pcap or pcapng) against every rule of the MPRT and RoCEv2 profiles.",
        "Prints a summary per capture and writes verdict.json and verdict.html under the output folder."},
    footer = ExitCodes.FOOTER)
final class VerdictCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "CAPTURE", description = "pcap or pcapng files to judge")
    private List<Path> captures;

    @Option(names = "--out", paramLabel = "DIR",
        description = "Folder for the reports; one sub-folder per capture (default: reports/verdict)")
    private Path out;

    @Option(names = "--pics", paramLabel = "FILE",
        description = "The implementation's PICS (YAML, spec/pics/pics-schema.yaml): its declared parameters, "
            + "such as the PMTU, tighten the rules that depend on them")
    private Path pics;

    @Override
    public Integer call() throws IOException {
        final Path outDir = out != null ? out : KitHome.get().resolve("reports").resolve("verdict");
        final CaptureJudge judge;
        try {
            judge = pics == null ? CaptureJudge.standard() : CaptureJudge.declaring(Pics.load(pics));
        } catch (final PicsException e) {
            throw new InputException(e.getMessage());
        }
        final ReportSet reports = ReportSet.standard(KitHome.kitVersion());
        int exit = ExitCodes.PASS;
        for (final Path capture : captures) {
            if (!Files.isRegularFile(capture)) {
                System.err.println("ctk: " + capture + ": no such file");
                exit = Math.max(exit, ExitCodes.INPUT_ERROR);
                continue;
            }
            try {
                final Judgement j = judge.judge(capture);
                final Path dir = outDir.resolve(ReportSet.folderName(capture));
                reports.write(j, dir);
                ConsoleSummary.print(j, System.out);
                System.out.println("  reports: " + dir.resolve("verdict.html"));
                if (j.anyFailed()) {
                    exit = Math.max(exit, ExitCodes.FAIL);
                }
            } catch (final CaptureFormatException e) {
                System.err.println("ctk: " + e.getMessage());
                exit = Math.max(exit, ExitCodes.INPUT_ERROR);
            }
        }
        return exit;
    }
}
