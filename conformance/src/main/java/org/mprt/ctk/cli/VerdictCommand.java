package org.mprt.ctk.cli;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import org.mprt.ctk.pcap.CaptureFormatException;
import org.mprt.ctk.pcap.CaptureShrankException;
import org.mprt.ctk.pics.Pics;
import org.mprt.ctk.pics.PicsException;
import org.mprt.ctk.verdict.CaptureJudge;
import org.mprt.ctk.verdict.Judgement;
import org.mprt.ctk.verdict.report.ConsoleSummary;
import org.mprt.ctk.verdict.report.ReportSet;
import org.mprt.ctk.wire.mprt.MdethFlyweight;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** Judges capture files against the rules of both profiles. */
@Command(name = "verdict", mixinStandardHelpOptions = true,
    description = {"Judge captures (pcap, pcapng or ERF) against the MPRT and RoCEv2 rules.",
        "Prints a summary per capture and writes verdict.json, verdict.html and",
        "junit.xml (the verdicts as a JUnit XML test suite, for CI servers) under the",
        "output folder. On a terminal, a line on standard error shows how far each",
        "judgement is, cleared before its summary."},
    footer = ExitCodes.FOOTER)
final class VerdictCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "CAPTURE",
        description = "pcap, pcapng or ERF files to judge, as they are or compressed with gzip, zstd, lz4, xz or bzip2;"
            + " - reads one from standard input, to its end, as a pipe is read")
    private List<Path> captures;

    @Option(names = "--out", paramLabel = "DIR",
        description = "Folder for the reports; one sub-folder per capture (default: reports/verdict)")
    private Path out;

    @Option(names = "--pics", paramLabel = "FILE",
        description = "The implementation's PICS (YAML, spec/pics/pics-schema.yaml): its declared parameters, "
            + "such as the PMTU, tighten the rules that depend on them")
    private Path pics;

    @Option(names = "--taken-at", paramLabel = "IP", split = ",",
        description = "The capture was taken at the ports of the node with these addresses (one per plane is "
            + "enough): sender rules are judged on what it sends, receiver rules on what it receives. Without it "
            + "the capture's own marks decide where it has them (Linux cooked headers, pcapng epb_flags), else "
            + "answer times; data between loopback addresses is at both ends whatever is stated; rules for a side "
            + "that cannot be told are inconclusive. The reports list where each connection direction stood, and why")
    private List<String> takenAt = List.of();

    @Option(names = "--from-start",
        description = "The capture holds every connection from its first packet, so a path's first PSN and a "
            + "stream's first MSN can be judged")
    private boolean fromStart;

    @Option(names = "--slower-paths", paramLabel = "PATH_ID", split = ",",
        description = "path_ids made slower or ECN-marked on purpose (MPRT-PATH-006 needs to know which)")
    private List<Integer> slowerPaths = List.of();

    @Option(names = "--port-rate", paramLabel = "MBPS",
        description = "Line rate of each port of the receiving node in Mb/s (MPRT-RECV-001 and -004 need it)")
    private Long portRateMbps;

    @Option(names = "--drop-duplicates", paramLabel = "MICROS",
        description = "The capture holds some packets twice (a mirror of two ports a packet crosses in turn): drop a "
            + "RoCEv2 or MPRT packet whose addresses and UDP datagram repeat one captured at most MICROS microseconds "
            + "before (keep it as short as the mirror's delay between its copies: a RoCEv2 resend within it would be "
            + "dropped too)")
    private double duplicateWindowMicros;

    private CaptureJudge base() throws IOException {
        try {
            return pics == null ? CaptureJudge.standard() : CaptureJudge.declaring(Pics.load(pics));
        } catch (final PicsException e) {
            throw new InputException(e.getMessage());
        }
    }

    /** The judge told what the user knows about the capture that no frame says. */
    private CaptureJudge configured(final CaptureJudge base) {
        CaptureJudge judge = base;
        if (!takenAt.isEmpty()) {
            final List<InetAddress> addresses = new ArrayList<>();
            for (final String text : takenAt) {
                addresses.add(address(text));
            }
            judge = judge.takenAt(addresses);
        }
        if (fromStart) {
            judge = judge.fromConnectionStart();
        }
        if (!slowerPaths.isEmpty()) {
            for (final int pathId : slowerPaths) {
                if (pathId < 0 || pathId > MdethFlyweight.MAX_PATH_ID) {
                    throw new InputException("--slower-paths " + pathId + ": expected path_ids from 0 to "
                        + MdethFlyweight.MAX_PATH_ID);
                }
            }
            judge = judge.slowerPaths(slowerPaths);
        }
        if (portRateMbps != null) {
            if (portRateMbps <= 0) {
                throw new InputException("--port-rate " + portRateMbps + ": expected a line rate in Mb/s above 0, such as 100000");
            }
            judge = judge.portRateMbps(portRateMbps);
        }
        if (duplicateWindowMicros < 0 || Double.isNaN(duplicateWindowMicros)) {
            throw new InputException("--drop-duplicates " + duplicateWindowMicros
                + ": expected a window in microseconds, more than 0, such as 5");
        }
        if (duplicateWindowMicros > 0) {
            judge = judge.droppingDuplicatesWithin(Math.round(duplicateWindowMicros * 1000));
        }
        return judge;
    }

    /** A literal IPv4 or IPv6 address; never a host name, so nothing is looked up. */
    private static InetAddress address(final String text) {
        if (!text.matches("[0-9.]+|[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*")) {
            throw new InputException("--taken-at " + text + ": expected an IPv4 or IPv6 address such as 10.0.0.2");
        }
        try {
            return InetAddress.getByName(text);
        } catch (final UnknownHostException e) {
            throw new InputException("--taken-at " + text + ": expected an IPv4 or IPv6 address such as 10.0.0.2");
        }
    }

    @Override
    public Integer call() throws IOException {
        final Path outDir = OutputFolder.of(out, KitHome.get().resolve("reports").resolve("verdict"));
        final CaptureJudge judge = configured(base());
        final ReportSet reports = ReportSet.standard(KitHome.kitVersion());
        int exit = ExitCodes.PASS;
        final Set<String> folders = new HashSet<>();
        for (final Path capture : captures) {
            exit = Math.max(exit, judge(judge, capture, reports, outDir, folders));
        }
        return exit;
    }

    /**
     * Judges one capture and writes its reports into a folder no other capture of this command took
     * (two captures of one name in different folders: run, then run-2); its exit code, an input error
     * told and counted, not thrown.
     */
    private static int judge(final CaptureJudge judge, final Path capture, final ReportSet reports, final Path outDir,
                             final Set<String> folders) throws IOException {
        try (CaptureInput input = CaptureInput.of(capture, System.in)) {
            try {
                final Judgement j = judgedShowingProgress(judge, input);
                String folder = input.folderName();
                for (int n = 2; !folders.add(folder); n++) {
                    folder = input.folderName() + "-" + n;
                }
                return reported(j, reports, outDir.resolve(folder));
            } catch (final CaptureFormatException e) {
                System.err.println("ctk: " + input.named(e).getMessage());
                return ExitCodes.INPUT_ERROR;
            } catch (final CaptureShrankException e) {
                // Truncated or rewritten while being judged: the input's fault, no verdict.
                System.err.println("ctk: " + e.getMessage());
                return ExitCodes.INPUT_ERROR;
            }
        } catch (final InputException e) {
            System.err.println("ctk: " + e.getMessage());
            return ExitCodes.INPUT_ERROR;
        }
    }

    /** The judgement of {@code input}, with a progress line on standard error when the kit runs on a terminal. */
    private static Judgement judgedShowingProgress(final CaptureJudge judge, final CaptureInput input) throws IOException {
        if (System.console() == null) {
            return judge.judge(input.file(), input.name());
        }
        final JudgementProgress progress = new JudgementProgress(input.name(), Files.size(input.file()), System::nanoTime,
            System.err);
        try {
            return judge.judge(input.file(), input.name(), progress);
        } finally {
            progress.finish();
        }
    }

    /**
     * Writes a judgement's reports into {@code dir} and prints its summary and where the reports are;
     * its exit code: {@link ExitCodes#FAIL} when a MUST or MUST NOT failed.
     */
    static int reported(final Judgement j, final ReportSet reports, final Path dir) throws IOException {
        reports.write(j, dir);
        ConsoleSummary.print(j, System.out);
        System.out.println("  reports: " + dir.resolve("verdict.html"));
        return j.anyFailed() ? ExitCodes.FAIL : ExitCodes.PASS;
    }
}
