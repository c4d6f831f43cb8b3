package org.mprt.ctk.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.mprt.ctk.dut.DeviceFailure;
import org.mprt.ctk.dut.live.ExternalDevice;
import org.mprt.ctk.dut.live.ExternalDeviceException;
import org.mprt.ctk.dut.live.LiveCapture;
import org.mprt.ctk.dut.live.LiveCaptureException;
import org.mprt.ctk.dut.live.LiveLink;
import org.mprt.ctk.dut.live.LiveTransfer;
import org.mprt.ctk.dut.live.LoopFailure;
import org.mprt.ctk.dut.live.VethPair;
import org.mprt.ctk.pics.Pics;
import org.mprt.ctk.pics.PicsException;
import org.mprt.ctk.reference.attachment.IpAddress;
import org.mprt.ctk.reference.mprt.Deviation;
import org.mprt.ctk.verdict.CaptureJudge;
import org.mprt.ctk.verdict.Judgement;
import org.mprt.ctk.verdict.report.ReportSet;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** Two MPRT nodes of this host, the kit's or a device under test, captured live, and the capture judged. */
@Command(name = "live", mixinStandardHelpOptions = true,
    description = {"Run two MPRT nodes on this host's loopback interface (or a veth pair) in real time, capture their "
        + "transfer live through libpcap and judge the capture.",
        "Node A (127.77.1.1, 127.77.2.1) RDMA WRITEs to node B (127.77.1.2, 127.77.2.2) over two planes and four "
            + "paths. Both run the timers of mprt-v0.1.md section 14 at their slow end; the PICS written beside the "
            + "capture declares them, with a JUDGING_TOLERANCE of 200 ms (--judging-tolerance).",
        "With --dut-command, node B (or node A, with --dut-role sender) is a device under test of one's own: a "
            + "process the kit starts, which keeps the contract of dut-adapters/README.md (\"An external device\").",
        "With --pics, the device under test runs the timers its own PICS declares, and the capture is judged by it at "
            + "the device's port.",
        "Writes loopback.pcap, loopback.pics.yaml and the reports (loopback/verdict.html) under the output folder "
            + "(veth.pcap and so on with --link veth). Needs libpcap and root or CAP_NET_RAW."},
    footer = ExitCodes.LIVE_FOOTER)
final class LiveCommand implements Callable<Integer> {

    /** The most --judging-tolerance may be: the most a PICS may declare (spec/pics/pics-schema.yaml). */
    private static final long MAX_TOLERANCE_MS = 1_000;
    private static final long NS_PER_MS = 1_000_000;

    @Option(names = "--out", paramLabel = "DIR",
        description = "Folder for the capture, its PICS and the reports (default: reports/live)")
    private Path out;

    @Option(names = "--bytes", paramLabel = "N",
        description = "Bytes node A writes, 1 to " + LiveTransfer.MAX_BYTES + " (default: 1048576)")
    private int bytes = 1 << 20;

    @Option(names = "--message-bytes", paramLabel = "N",
        description = "Bytes per message, at most --bytes (default: 262144, or --bytes when smaller)")
    private Integer messageBytes;

    @Option(names = "--streams", paramLabel = "N",
        description = "Streams the messages are spread over, message i on stream i mod N, 1 to "
            + LiveTransfer.MAX_STREAMS + " (default: 1)")
    private int streams = 1;

    @Option(names = "--mutant", paramLabel = "DEVIATION",
        description = "Both nodes deviate from the spec as this mutant of the reference does: a sender's deviation "
            + "shows in node A, a receiver's in node B; e.g. NOT_ECN_CAPABLE (one of: ${COMPLETION-CANDIDATES})")
    private Deviation mutant;

    @Option(names = "--dut-command", paramLabel = "COMMAND",
        description = "Node B (or A, see --dut-role) is this command's process (run by /bin/sh -c), a device under test "
            + "keeping the contract of dut-adapters/README.md; its standard error goes to dut-stderr.log in the output "
            + "folder. The kit's own, as an example: "
            + "\"java -cp conformance/target/ctk.jar org.mprt.ctk.dut.live.ReferenceDeviceProcess\"")
    private String dutCommand;

    @Option(names = "--dut-role", paramLabel = "ROLE",
        description = "What the --dut-command process is: receiver (node B, the default) or sender (node A)")
    private String dutRole = "receiver";

    @Option(names = "--dut-ready-timeout", paramLabel = "SECONDS",
        description = "How long the --dut-command process may take to say it is ready (default: 30)")
    private int readySeconds = (int) ExternalDevice.READY_TIMEOUT.toSeconds();

    @Option(names = "--pics", paramLabel = "FILE",
        description = "With --dut-command: the device under test's own PICS (YAML, spec/pics/pics-schema.yaml). The setup"
            + " line tells the device the timers it declares, and the capture is judged by it at the device's port (on lo"
            + " too): the device's rules with its timers, capabilities and JUDGING_TOLERANCE, the kit's node's"
            + " inconclusive. Copied beside the capture (default: the kit's PICS for the transfer, with a"
            + " JUDGING_TOLERANCE of 200 ms)")
    private Path pics;
    /** The --pics file as read before the run: the run may replace it, when it is an earlier run's copy. */
    private byte[] picsBytes;

    @Option(names = "--judging-tolerance", paramLabel = "MS",
        description = "How late the nodes may act on this host, in milliseconds: the JUDGING_TOLERANCE of the PICS the"
            + " kit writes beside the capture, 1 to " + MAX_TOLERANCE_MS + " (default: 200). A shared or throttled host,"
            + " such as a CI runner, may stall a process for longer than a device would. Not with --pics, which declares"
            + " the device's own")
    private Long toleranceMs;

    @Option(names = "--link", paramLabel = "LINK",
        description = "Where the nodes meet: lo (the default; the capture holds both ends) or veth (a veth pair made"
            + " for the run and removed after it, 198.18.1.0/24 and 198.18.2.0/24; the capture is taken at the device"
            + " under test's end, or node B's; needs iproute2)")
    private String link = "lo";

    @Option(names = "--loss", paramLabel = "PERCENT",
        description = "With --link veth: the kit's node at the other end from the capture loses this share of the"
            + " frames it sends and receives, seeded, as a network would (default: 0; at most 50)")
    private double lossPercent;

    @Option(names = "--ce", paramLabel = "PERCENT",
        description = "With --link veth: the kit's node at the other end from the capture marks CE this share of the"
            + " ECN-capable frames it receives, seeded, as a congested switch would, and echoes the marks (default: 0)")
    private double cePercent;

    @Override
    public Integer call() throws IOException {
        final Path outDir = OutputFolder.of(out, KitHome.get().resolve("reports").resolve("live"));
        final LiveTransfer transfer = configured(outDir);
        Files.createDirectories(outDir);
        // A run that ends without a capture must leave none of an earlier run's.
        OutputFolder.forgetEarlierRun(outDir, List.of("loopback.pcap", "loopback.pics.yaml", "veth.pcap",
            "veth.pics.yaml", "dut-stderr.log"), List.of("loopback", "veth"));
        // Named after the link: loopback.pcap, veth.pcap.
        final String stem = link.equals("lo") ? "loopback" : "veth";
        final Path capture = outDir.resolve(stem + ".pcap");
        final LiveTransfer.Result result;
        try {
            result = transfer.run(capture);
        } catch (final LiveCaptureException e) {
            System.err.println("ctk: cannot run on " + link + " here: " + e.getMessage());
            return ExitCodes.INPUT_ERROR;
        } catch (final ExternalDeviceException e) {
            // The device under test's fault, as a scenario's ERROR with a device of one's own (ctk run --dut).
            System.err.println("ctk: ERROR, no capture: " + e.getMessage());
            return ExitCodes.FAIL;
        } catch (final LoopFailure e) {
            if (e.getCause() instanceof DeviceFailure) {
                System.err.println("ctk: the transfer on " + link + " ended without a capture: "
                    + e.getCause().getMessage());
                return ExitCodes.KIT_ERROR;
            }
            // The host refused a socket or a port: another run holds the nodes' addresses, say.
            System.err.println("ctk: cannot run on " + link + " here: "
                + (e.getCause() == null ? e : e.getCause()).getMessage()
                + "; is another ctk live or ctk test running on this host?");
            return ExitCodes.INPUT_ERROR;
        }
        final Path picsBeside = outDir.resolve(stem + ".pics.yaml");
        if (picsBytes == null) {
            Files.writeString(picsBeside, LiveTransfer.picsOf(link.equals("veth"), dutCommand, toleranceNs()));
        } else {
            Files.write(picsBeside, picsBytes);
        }
        final Pics judgedBy = Pics.load(picsBeside);
        describe(result);
        System.out.println(stalls("this host stalled the kit's process", result.hostStallNs(),
            judgedBy.judgingToleranceNs(), pics != null));
        result.deviceStallNs().ifPresent(stallNs -> System.out.println(stalls("the device under test says its host"
            + " stalled its process", stallNs, judgedBy.judgingToleranceNs(), pics != null)));
        CaptureJudge judge = CaptureJudge.declaring(judgedBy).fromConnectionStart();
        final List<IpAddress> judgedAt = judgedAt(result);
        if (!judgedAt.isEmpty()) {
            judge = judge.takenAt(judgedAt.stream().map(IpAddress::toInetAddress).toList());
        }
        final Judgement j = judge.judge(capture);
        final int exit = VerdictCommand.reported(j, ReportSet.standard(KitHome.kitVersion()), outDir.resolve(stem));
        System.out.println("  capture: " + capture);
        if (result.completed() && result.intact()) {
            return exit;
        }
        // Bytes that did not all arrive fail the run whatever the capture shows.
        System.out.println("ctk: FAIL: " + (result.completed() ? "" : "not every message completed at node A; ")
            + (result.intact() ? "" : "node B's region does not hold the bytes node A wrote (SHA-256)"));
        return Math.max(exit, ExitCodes.FAIL);
    }

    /**
     * The transfer the options ask for, every option checked before the network is touched.
     *
     * @throws InputException naming the option and what it expects, or what this host lacks
     */
    private LiveTransfer configured(final Path outDir) {
        final LiveTransfer transfer;
        try {
            transfer = new LiveTransfer().bytes(bytes,
                messageBytes != null ? messageBytes : Math.min(bytes, 256 * 1024));
        } catch (final IllegalArgumentException e) {
            throw new InputException("--bytes/--message-bytes: " + e.getMessage());
        }
        try {
            transfer.streams(streams);
        } catch (final IllegalArgumentException e) {
            throw new InputException("--streams: " + e.getMessage());
        }
        if (mutant != null) {
            transfer.deviating(mutant);
        }
        if (readySeconds < 1) {
            throw new InputException("--dut-ready-timeout " + readySeconds + ": expected 1 second or more");
        }
        role();
        if (!link.equals("lo") && !link.equals("veth")) {
            throw new InputException("--link " + link + ": expected lo or veth");
        }
        if (!(lossPercent >= 0 && lossPercent <= 100 * LiveTransfer.MAX_LOSS)) {
            throw new InputException("--loss " + lossPercent + ": expected a percentage from 0 to "
                + 100 * LiveTransfer.MAX_LOSS);
        }
        if (lossPercent > 0 && !link.equals("veth")) {
            throw new InputException("--loss needs --link veth: on lo the capture holds both ends, where a frame lost"
                + " at a port would look sent or received");
        }
        if (!(cePercent >= 0 && cePercent <= 100)) {
            throw new InputException("--ce " + cePercent + ": expected a percentage from 0 to 100");
        }
        if (cePercent > 0 && !link.equals("veth")) {
            throw new InputException("--ce needs --link veth: on lo the capture holds both ends, where a frame marked"
                + " at a port would look unmarked");
        }
        if (dutCommand != null) {
            if (dutCommand.isBlank()) {
                throw new InputException("--dut-command: expected a command that starts the device under test");
            }
            transfer.external(role(), dutCommand, outDir.resolve("dut-stderr.log"), Duration.ofSeconds(readySeconds));
        }
        if (toleranceMs != null && (toleranceMs < 1 || toleranceMs > MAX_TOLERANCE_MS)) {
            throw new InputException("--judging-tolerance " + toleranceMs + ": expected 1 to " + MAX_TOLERANCE_MS
                + " milliseconds");
        }
        if (pics != null) {
            declared(transfer);
        }
        LiveCapture.whyNotOn("lo").ifPresent(why -> {
            throw new InputException("cannot run on lo here: " + why);
        });
        if (link.equals("veth")) {
            VethPair.whyNot().ifPresent(why -> {
                throw new InputException("cannot make a veth pair here: " + why);
            });
            transfer.overVeth().losing(lossPercent / 100).marking(cePercent / 100);
        }
        return transfer;
    }

    /**
     * Has the transfer tell the device the timers its PICS declares, once the PICS has shown that it
     * describes a device the transfer can run with.
     */
    private void declared(final LiveTransfer transfer) {
        if (dutCommand == null) {
            throw new InputException("--pics " + pics + ": declares a device under test; it needs --dut-command");
        }
        if (toleranceMs != null) {
            throw new InputException("--judging-tolerance with --pics " + pics + ": the device's PICS declares its own"
                + " (judgingToleranceNs)");
        }
        final Pics declared;
        try {
            declared = Pics.load(pics);
            picsBytes = Files.readAllBytes(pics);
        } catch (final PicsException e) {
            throw new InputException(e.getMessage());
        } catch (final IOException e) {
            throw new InputException("--pics " + pics + ": cannot be read: " + e.getMessage());
        }
        final String in = "--pics " + pics + ": ";
        if (!declared.profile().equals("mprt-0.1")) {
            throw new InputException(in + "profile " + declared.profile() + ": the live transfer is MPRT, expected mprt-0.1");
        }
        capable(declared, "planes", LiveTransfer.PLANES);
        capable(declared, "paths", LiveTransfer.PATHS);
        capable(declared, "streams", streams);
        capable(declared, "pmtu", LiveTransfer.PMTU);
        if (!declared.supports("write")) {
            throw new InputException(in + "capabilities.write is false: the live transfer moves its bytes in RDMA WRITEs");
        }
        try {
            transfer.declaring(declared.timers());
        } catch (final IllegalArgumentException e) {
            throw new InputException(in + "timers: " + e.getMessage());
        }
    }

    /** Refuses a PICS whose device declares less of a capability than the transfer uses. */
    private void capable(final Pics declared, final String capability, final int used) {
        final long has = declared.capability(capability).orElse(0L);
        if (has < used) {
            throw new InputException("--pics " + pics + ": capabilities." + capability + " " + has + ": the live transfer"
                + " uses " + used);
        }
    }

    /**
     * The node the capture is judged at: where it was taken, or, on lo, where it holds both nodes, the
     * device under test when it is judged by its own PICS, which does not describe the kit's node.
     */
    private List<IpAddress> judgedAt(final LiveTransfer.Result result) {
        if (pics == null || !result.capturedAt().isEmpty()) {
            return result.capturedAt();
        }
        return role() == ExternalDevice.Role.SENDER ? LiveLink.LOOPBACK.aAddresses() : LiveLink.LOOPBACK.bAddresses();
    }

    /** The run's first lines: what moved, what the capture holds, and whose rules it judges. */
    private void describe(final LiveTransfer.Result result) {
        final boolean dutSends = dutCommand != null && role() == ExternalDevice.Role.SENDER;
        final String dut = dutCommand == null ? "" : " (" + dutCommand + ")";
        System.out.println("ctk: " + (mutant == null ? "" : "(mutant " + mutant + ") ") + "node A"
            + (dutSends ? dut : "") + " wrote " + bytes + " bytes to node B" + (dutSends ? "" : dut) + " on " + result.link() + ": "
            + (result.completed() ? "every message completed" : "NOT every message completed")
            + ", " + (result.intact() ? "the bytes arrived intact" : "the bytes did NOT arrive intact") + "; captured "
            + result.capture().frames() + " of the " + result.framesExpected() + " frames expected, the kernel dropped "
            + result.capture().dropped());
        final String far = dutSends ? "B" : "A";
        if (lossPercent > 0) {
            System.out.println("  node " + far + " lost " + result.framesLost() + " of the frames it sent and received ("
                + lossPercent + " %, seeded)");
        }
        if (cePercent > 0) {
            System.out.println("  node " + far + " marked CE " + result.framesMarked() + " of the frames it received ("
                + cePercent + " % of the ECN-capable ones, seeded)");
        }
        if (pics != null) {
            System.out.println("  the capture is judged at node " + (dutSends ? "A" : "B") + "'s port " + judgedAt(result)
                + " by the device under test's PICS (" + pics + "): its rules with its timers and JUDGING_TOLERANCE,"
                + " node " + far + "'s inconclusive, and rules judged anywhere judge both");
        } else if (!result.capturedAt().isEmpty()) {
            System.out.println("  the capture is at node " + (dutSends ? "A" : "B") + "'s port " + result.capturedAt()
                + ": its rules are judged, node " + far + "'s are inconclusive, and rules judged anywhere judge both");
        } else if (dutCommand != null) {
            // The capture holds both ends: say which node each side's rules judge.
            System.out.println("  the device under test is node " + (dutSends ? "A, judged by the sender's rules (judged at"
                + " the sender's port); the receiver's rules judge the kit's node B" : "B, judged by the receiver's rules"
                + " (judged at the receiver's port); the sender's rules judge the kit's node A")
                + ", and rules judged anywhere both");
        }
    }

    /** The JUDGING_TOLERANCE of the PICS the kit writes: --judging-tolerance, or the transfer's own. */
    private long toleranceNs() {
        return toleranceMs == null ? LiveTransfer.JUDGING_TOLERANCE_NS : toleranceMs * NS_PER_MS;
    }

    /**
     * The line that says how long a host kept a process from running during the transfer ({@code who}
     * stalled for up to ...): one that stalled it longer than the JUDGING_TOLERANCE ({@code toleranceNs})
     * may have held the device back as long, which its capture cannot tell from the device's own
     * lateness. {@code ownPics}: the tolerance is the device's PICS's, not --judging-tolerance.
     */
    static String stalls(final String who, final long stallNs, final long toleranceNs, final boolean ownPics) {
        final String stalled = String.format(Locale.ROOT, "  %s for up to %.1f ms during the transfer", who,
            stallNs / (double) NS_PER_MS);
        if (stallNs <= toleranceNs) {
            return stalled + ", within the JUDGING_TOLERANCE of " + toleranceNs / NS_PER_MS + " ms";
        }
        return stalled + ", more than the JUDGING_TOLERANCE of " + toleranceNs / NS_PER_MS + " ms: a timing rule's"
            + " failure may be the host's rather than the device's (for a shared or throttled host: "
            + (ownPics ? "the PICS's judgingToleranceNs" : "--judging-tolerance") + ", up to " + MAX_TOLERANCE_MS + " ms)";
    }

    private ExternalDevice.Role role() {
        return switch (dutRole) {
            case "receiver" -> ExternalDevice.Role.RECEIVER;
            case "sender" -> ExternalDevice.Role.SENDER;
            default -> throw new InputException("--dut-role " + dutRole + ": expected receiver or sender");
        };
    }
}
