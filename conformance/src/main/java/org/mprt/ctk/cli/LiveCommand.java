package org.mprt.ctk.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.mprt.ctk.dut.DeviceFailure;
import org.mprt.ctk.dut.live.LiveCapture;
import org.mprt.ctk.dut.live.LiveCaptureException;
import org.mprt.ctk.dut.live.LoopFailure;
import org.mprt.ctk.dut.live.LoopbackTransfer;
import org.mprt.ctk.pics.Pics;
import org.mprt.ctk.reference.mprt.Deviation;
import org.mprt.ctk.verdict.CaptureJudge;
import org.mprt.ctk.verdict.Judgement;
import org.mprt.ctk.verdict.report.ReportSet;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** Two reference MPRT nodes on this host's loopback interface, captured live, and the capture judged. */
@Command(name = "live", mixinStandardHelpOptions = true,
    description = {"Run two reference MPRT nodes on this host's loopback interface in real time, capture their "
        + "transfer live through libpcap and judge the capture.",
        "Node A (127.77.1.1, 127.77.2.1) RDMA WRITEs to node B (127.77.1.2, 127.77.2.2) over two planes and four "
            + "paths. Both run the timers of mprt-v0.1.md section 14 at their slow end; the PICS written beside the "
            + "capture declares them, with a JUDGING_TOLERANCE of 200 ms.",
        "Writes loopback.pcap, loopback.pics.yaml and the reports (loopback/verdict.html) under the output folder. "
            + "Needs libpcap and root or CAP_NET_RAW."},
    footer = ExitCodes.FOOTER)
final class LiveCommand implements Callable<Integer> {

    @Option(names = "--out", paramLabel = "DIR",
        description = "Folder for the capture, its PICS and the reports (default: reports/live)")
    private Path out;

    @Option(names = "--bytes", paramLabel = "N",
        description = "Bytes node A writes, 1 to " + LoopbackTransfer.MAX_BYTES + " (default: 1048576)")
    private int bytes = 1 << 20;

    @Option(names = "--message-bytes", paramLabel = "N",
        description = "Bytes per message, at most --bytes (default: 262144, or --bytes when smaller)")
    private Integer messageBytes;

    @Option(names = "--mutant", paramLabel = "DEVIATION",
        description = "Both nodes deviate from the spec as this mutant of the reference does: a sender's deviation "
            + "shows in node A, a receiver's in node B; e.g. NOT_ECN_CAPABLE (one of: ${COMPLETION-CANDIDATES})")
    private Deviation mutant;

    @Override
    public Integer call() throws IOException {
        final Path outDir = OutputFolder.of(out, KitHome.get().resolve("reports").resolve("live"));
        final LoopbackTransfer transfer;
        try {
            transfer = new LoopbackTransfer().bytes(bytes, messageBytes != null ? messageBytes : Math.min(bytes, 256 * 1024));
        } catch (final IllegalArgumentException e) {
            System.err.println("ctk: --bytes/--message-bytes: " + e.getMessage());
            return ExitCodes.INPUT_ERROR;
        }
        if (mutant != null) {
            transfer.deviating(mutant);
        }
        final Optional<String> cannot = LiveCapture.whyNotOn("lo");
        if (cannot.isPresent()) {
            System.err.println("ctk: cannot run on lo here: " + cannot.get());
            return ExitCodes.INPUT_ERROR;
        }
        Files.createDirectories(outDir);
        final Path capture = outDir.resolve("loopback.pcap");
        final LoopbackTransfer.Result result;
        try {
            result = transfer.run(capture);
        } catch (final LiveCaptureException e) {
            System.err.println("ctk: cannot run on lo here: " + e.getMessage());
            return ExitCodes.INPUT_ERROR;
        } catch (final LoopFailure e) {
            if (e.getCause() instanceof DeviceFailure) {
                System.err.println("ctk: the transfer on lo ended without a capture: " + e.getCause().getMessage());
                return ExitCodes.KIT_ERROR;
            }
            // The host refused a socket or a port: another run holds the nodes' addresses, say.
            System.err.println("ctk: cannot run on lo here: " + (e.getCause() == null ? e : e.getCause()).getMessage()
                + "; is another ctk live or ctk test running on this host?");
            return ExitCodes.INPUT_ERROR;
        }
        final Path pics = outDir.resolve("loopback.pics.yaml");
        Files.writeString(pics, LoopbackTransfer.pics());
        System.out.println("ctk: " + (mutant == null ? "" : "(mutant " + mutant + ") ") + "node A wrote " + bytes
            + " bytes to node B on lo: " + (result.completed() ? "every message completed" : "NOT every message completed")
            + ", " + (result.intact() ? "the bytes arrived intact" : "the bytes did NOT arrive intact") + "; captured "
            + result.capture().frames() + " of the " + result.framesSent() + " frames sent, the kernel dropped "
            + result.capture().dropped());
        final Judgement j = CaptureJudge.declaring(Pics.load(pics)).fromConnectionStart().judge(capture);
        final int exit = VerdictCommand.reported(j, ReportSet.standard(KitHome.kitVersion()), outDir.resolve("loopback"));
        System.out.println("  capture: " + capture);
        return exit;
    }
}
