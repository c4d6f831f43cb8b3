package org.mprt.ctk.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.nio.channels.DatagramChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.dut.live.LiveCapture;
import org.mprt.ctk.dut.live.ReferenceDeviceProcess;
import org.mprt.ctk.dut.live.VethPair;

/** ctk live: the reference nodes on lo, captured live and judged, with the exit-code contract. */
class CtkLiveCommandTest {

    @RegisterExtension
    final ConsoleCapture console = new ConsoleCapture();

    @TempDir
    Path dir;


    @Test
    void shouldPassTheReferenceNodesAndWriteTheCaptureItsPicsAndTheReports() {
        assumeLiveCaptureOnLo();

        final int exit = Ctk.execute("live", "--out", dir.toString(), "--bytes", "262144");

        assumeTheHostDidNotStallPastTheTolerance(console.out());
        assertThat(exit).as("%s%s", console.out(), console.err())
            .isEqualTo(ExitCodes.PASS);
        assertThat(console.out())
            .contains("wrote 262144 bytes to node B on lo: every message completed, the bytes arrived intact")
            .contains(" 0 fail, ").contains("no MUST violated")
            .containsPattern("  this host stalled the kit's process for up to \\d+\\.\\d ms during the transfer, within"
                + " the JUDGING_TOLERANCE of 200 ms\n");
        assertThat(dir.resolve("loopback.pcap")).exists();
        assertThat(dir.resolve("loopback.pics.yaml")).content().contains("judgingToleranceNs: 200000000");
        assertThat(dir.resolve("loopback/verdict.html")).exists();
    }

    @Test
    void shouldExitOneWhenTheMutantSenderBreaksARule() {
        assumeLiveCaptureOnLo();

        final int exit = Ctk.execute("live", "--out", dir.toString(), "--bytes", "65536", "--mutant", "NOT_ECN_CAPABLE");

        assertThat(exit).isEqualTo(ExitCodes.FAIL);
        assertThat(console.out()).contains("(mutant NOT_ECN_CAPABLE) node A wrote 65536 bytes")
            .contains("MPRT-WIRE-006 frame 1: ip.ecn: expected ECT(0), ECT(1) or CE, found Not-ECT");
    }

    @Test
    void shouldExitTwoAndWriteNothingWhenAnotherSocketHoldsANodesPort() throws Exception {
        assumeLiveCaptureOnLo();

        try (DatagramChannel taken = DatagramChannel.open(StandardProtocolFamily.INET)) {
            taken.bind(new InetSocketAddress(InetAddress.getByName("127.77.1.2"), 4791));
            assertThat(Ctk.execute("live", "--out", dir.toString())).isEqualTo(ExitCodes.INPUT_ERROR);
        }

        assertThat(console.err()).contains("ctk: cannot run on lo here: cannot bind UDP port 4791 on"
            + " 127.77.1.2").contains("is another ctk live or ctk test running on this host?");
        assertThat(dir).isEmptyDirectory();
    }

    @Test
    void shouldRunNodeBOrNodeAAsTheExternalDeviceADutCommandStarts() {
        assumeLiveCaptureOnLo();
        final String command = referenceDevice();

        final int exit = Ctk.execute("live", "--out", dir.toString(), "--bytes", "131072", "--dut-command", command,
            "--judging-tolerance", STARTED_PROCESS_TOLERANCE_MS);

        assumeTheHostDidNotStallPastTheTolerance(console.out());
        assertThat(exit).as("%s%s", console.out(), console.err()).isEqualTo(ExitCodes.PASS);
        assertThat(console.out()).contains("wrote 131072 bytes to node B (" + command + ") on lo: every message completed,"
            + " the bytes arrived intact").contains("no MUST violated")
            .contains("the device under test is node B, judged by the receiver's rules")
            .containsPattern("  the device under test says its host stalled its process for up to \\d+\\.\\d ms during"
                + " the transfer, within the JUDGING_TOLERANCE of 1000 ms\n");
        assertThat(dir.resolve("loopback/verdict.html")).exists();
        assertThat(dir.resolve("loopback.pics.yaml")).content().contains("judgingToleranceNs: 1000000000");

        console.resetOut();
        final int asSender = Ctk.execute("live", "--out", dir.toString(), "--bytes", "131072", "--dut-command", command,
            "--dut-role", "sender", "--judging-tolerance", STARTED_PROCESS_TOLERANCE_MS);
        assumeTheHostDidNotStallPastTheTolerance(console.out());
        assertThat(asSender).as("%s%s", console.out(), console.err()).isEqualTo(ExitCodes.PASS);
        assertThat(console.out()).contains("node A (" + command + ") wrote 131072 bytes to node B on lo: every message"
            + " completed, the bytes arrived intact").contains("no MUST violated")
            .contains("the device under test is node A, judged by the sender's rules");
    }

    @Test
    void shouldRunOverAVethPairLosingFramesAndJudgeAtTheDevicesPort() {
        assumeLiveCaptureOnLo();
        Assumptions.assumeTrue(VethPair.whyNot().isEmpty(), () -> "no veth pair here: " + VethPair.whyNot().orElse(""));
        final String command = referenceDevice();

        final int exit = Ctk.execute("live", "--out", dir.toString(), "--link", "veth", "--loss", "2", "--ce", "5",
            "--dut-role", "sender", "--dut-command", command, "--judging-tolerance", STARTED_PROCESS_TOLERANCE_MS);

        assumeTheHostDidNotStallPastTheTolerance(console.out());
        assertThat(exit).as("%s%s", console.out(), console.err()).isEqualTo(ExitCodes.PASS);
        assertThat(console.out()).contains(" on a veth pair (ctk").contains("every message completed, the bytes arrived"
            + " intact").contains("  node B lost ").contains("(2.0 %, seeded)").contains("  node B marked CE ")
            .contains("the capture is at node A's port [198.18.1.1, 198.18.2.1]")
            .contains("capture point: 1 direction at the sender's port").contains("no MUST violated");
        assertThat(dir.resolve("veth.pcap")).exists();
        assertThat(dir.resolve("veth.pics.yaml")).content().contains("over a veth pair of one host");
        assertThat(dir.resolve("veth/verdict.html")).exists();
    }

    @Test
    void shouldJudgeTheDeviceByItsOwnPicsAndCopyItBesideTheCapture() throws IOException {
        assumeLiveCaptureOnLo();
        Assumptions.assumeTrue(VethPair.whyNot().isEmpty(), () -> "no veth pair here: " + VethPair.whyNot().orElse(""));

        final Path pics = examplePicsForAStartedProcess(dir.resolve("device.pics.yaml"));

        final int exit = Ctk.execute("live", "--out", dir.toString(), "--link", "veth", "--loss", "1",
            "--dut-command", referenceDevice(), "--pics", pics.toString());

        assumeTheHostDidNotStallPastTheTolerance(console.out());
        assertThat(exit).as("%s%s", console.out(), console.err()).isEqualTo(ExitCodes.PASS);
        assertThat(console.out()).contains("every message completed, the bytes arrived intact")
            .contains("the capture is judged at node B's port [198.18.1.2, 198.18.2.2] by the device under test's PICS ("
                + pics + ")").contains("no MUST violated");
        assertThat(dir.resolve("veth.pics.yaml")).hasSameTextualContentAs(pics);
        assertThat(dir.resolve("veth/verdict.json")).content().contains("\"implementation\" : \"example software device\"")
            .contains("\"judgingToleranceNs\" : 1000000000").contains("\"ACK_COALESCE_DELAY\" : 32000");
    }

    @Test
    void shouldJudgeTheDeviceByItsOwnPicsAtItsPortOnLoopbackWithAnEarlierRunsCopy() throws Exception {
        assumeLiveCaptureOnLo();
        final Path copy = examplePicsForAStartedProcess(dir.resolve("loopback.pics.yaml"));
        final String declared = Files.readString(copy);

        // The copy an earlier run left beside its capture: the run that replaces it keeps what it said.
        final int exit = Ctk.execute("live", "--out", dir.toString(), "--dut-command", referenceDevice(),
            "--pics", copy.toString());

        assumeTheHostDidNotStallPastTheTolerance(console.out());
        assertThat(exit).as("%s%s", console.out(), console.err()).isEqualTo(ExitCodes.PASS);
        assertThat(copy).content().isEqualTo(declared);
        // On lo the capture holds both nodes; judged at the device's port, the kit's node A's sender rules are not judged.
        assertThat(console.out()).contains("the capture is judged at node B's port [127.77.1.2, 127.77.2.2] by the device"
            + " under test's PICS").contains("capture point: 1 direction at the receiver's port")
            .contains("INCONCLUSIVE  MPRT-PATH-001 is judged at the sender's port").contains("no MUST violated");
    }

    @Test
    void shouldExitTwoForAPicsThatCannotJudgeTheDeviceBeforeTouchingTheNetwork() throws Exception {
        final Path fewStreams = dir.resolve("few-streams.yaml");
        Files.writeString(fewStreams, Files.readString(EXAMPLE_PICS).replace("streams: 64", "streams: 2"));
        final Path rocev2 = Path.of("..", "spec", "pics", "reference-rocev2.yaml");
        final Path out = dir.resolve("out");
        final String pics = EXAMPLE_PICS.toString();

        assertThat(Ctk.execute("live", "--out", out.toString(), "--link", "veth", "--pics", pics))
            .isEqualTo(ExitCodes.INPUT_ERROR);
        assertThat(Ctk.execute("live", "--out", out.toString(), "--link", "veth", "--dut-command", "x",
            "--pics", dir.resolve("none.yaml").toString())).isEqualTo(ExitCodes.INPUT_ERROR);
        assertThat(Ctk.execute("live", "--out", out.toString(), "--link", "veth", "--dut-command", "x",
            "--pics", rocev2.toString())).isEqualTo(ExitCodes.INPUT_ERROR);
        assertThat(Ctk.execute("live", "--out", out.toString(), "--link", "veth", "--dut-command", "x",
            "--pics", fewStreams.toString(), "--streams", "4")).isEqualTo(ExitCodes.INPUT_ERROR);
        assertThat(Ctk.execute("live", "--out", out.toString(), "--dut-command", "x", "--pics", pics,
            "--judging-tolerance", "500")).isEqualTo(ExitCodes.INPUT_ERROR);

        assertThat(console.err()).contains("ctk: --pics " + pics + ": declares a device under test; it needs --dut-command")
            .contains("ctk: PICS " + dir.resolve("none.yaml") + ": no such file")
            .contains("ctk: --pics " + rocev2 + ": profile rocev2: the live transfer is MPRT, expected mprt-0.1")
            .contains("ctk: --pics " + fewStreams + ": capabilities.streams 2: the live transfer uses 4")
            .contains("ctk: --judging-tolerance with --pics " + pics + ": the device's PICS declares its own"
                + " (judgingToleranceNs)");
        assertThat(out).doesNotExist();
    }

    @Test
    void shouldExitOneWithAnErrorAndNoCaptureWhenTheExternalDeviceNeverSaysItIsReady() throws Exception {
        assumeLiveCaptureOnLo();
        Files.writeString(dir.resolve("loopback.pcap"), "an earlier run's capture");

        final int exit = Ctk.execute("live", "--out", dir.toString(), "--dut-command", "sleep 600", "--dut-ready-timeout", "1");

        assertThat(exit).isEqualTo(ExitCodes.FAIL);
        assertThat(console.err()).contains("ctk: ERROR, no capture: the device under test (sleep 600) did not write"
            + " {\"descriptor\": ...}, that it is ready within 1 s");
        assertThat(dir.resolve("loopback.pcap")).doesNotExist();
    }

    @Test
    void shouldExitTwoForOptionsThatCannotBeMeantBeforeTouchingTheNetwork() {
        assertThat(Ctk.execute("live", "--out", dir.toString(), "--dut-ready-timeout", "0", "--dut-command", "x"))
            .isEqualTo(ExitCodes.INPUT_ERROR);
        assertThat(Ctk.execute("live", "--out", dir.toString(), "--dut-command", " ")).isEqualTo(ExitCodes.INPUT_ERROR);
        assertThat(Ctk.execute("live", "--out", dir.toString(), "--dut-command", "x", "--dut-role", "both"))
            .isEqualTo(ExitCodes.INPUT_ERROR);
        assertThat(Ctk.execute("live", "--out", dir.toString(), "--streams", "65")).isEqualTo(ExitCodes.INPUT_ERROR);
        assertThat(Ctk.execute("live", "--out", dir.toString(), "--loss", "2")).isEqualTo(ExitCodes.INPUT_ERROR);
        assertThat(Ctk.execute("live", "--out", dir.toString(), "--link", "veth", "--loss", "60"))
            .isEqualTo(ExitCodes.INPUT_ERROR);
        assertThat(Ctk.execute("live", "--out", dir.toString(), "--link", "eth0")).isEqualTo(ExitCodes.INPUT_ERROR);
        assertThat(Ctk.execute("live", "--out", dir.toString(), "--ce", "5")).isEqualTo(ExitCodes.INPUT_ERROR);
        assertThat(Ctk.execute("live", "--out", dir.toString(), "--judging-tolerance", "0")).isEqualTo(ExitCodes.INPUT_ERROR);

        assertThat(console.err()).contains("ctk: --dut-ready-timeout 0: expected 1 second or more")
            .contains("ctk: --dut-command: expected a command that starts the device under test")
            .contains("ctk: --dut-role both: expected receiver or sender")
            .contains("ctk: --streams: streams 65: expected 1 to 64")
            .contains("ctk: --loss needs --link veth").contains("ctk: --loss 60.0: expected a percentage from 0 to 50.0")
            .contains("ctk: --link eth0: expected lo or veth").contains("ctk: --ce needs --link veth")
            .contains("ctk: --judging-tolerance 0: expected 1 to 1000 milliseconds");
        assertThat(dir).isEmptyDirectory();
    }

    @Test
    void shouldSayWhenTheHostStalledTheKitLongerThanTheJudgingTolerance() {
        final String kit = "this host stalled the kit's process";
        assertThat(LiveCommand.stalls(kit, 250_400_000, 200_000_000, false)).isEqualTo("  this host stalled the kit's"
            + " process for up to 250.4 ms during the transfer, more than the JUDGING_TOLERANCE of 200 ms: a timing rule's"
            + " failure may be the host's rather than the device's (for a shared or throttled host: --judging-tolerance,"
            + " up to 1000 ms)");
        assertThat(LiveCommand.stalls(kit, 250_400_000, 200_000_000, true)).contains("host: the PICS's judgingToleranceNs,");
        assertThat(LiveCommand.stalls(kit, 200_000_000, 200_000_000, false)).isEqualTo("  this host stalled the kit's"
            + " process for up to 200.0 ms during the transfer, within the JUDGING_TOLERANCE of 200 ms");
    }

    @Test
    void shouldExitTwoForBytesOutOfRangeBeforeTouchingTheNetwork() {
        assertThat(Ctk.execute("live", "--out", dir.toString(), "--bytes", "0")).isEqualTo(ExitCodes.INPUT_ERROR);
        assertThat(Ctk.execute("live", "--out", dir.toString(), "--bytes", "1000", "--message-bytes", "2000"))
            .isEqualTo(ExitCodes.INPUT_ERROR);

        assertThat(console.err()).contains("ctk: --bytes/--message-bytes: bytes 0: expected 1 to 67108864")
            .contains("message bytes 2000: expected 1 to the transfer's 1000");
        assertThat(dir).isEmptyDirectory();
    }

    @Test
    void shouldExitTwoNamingTheMutantsForAnUnknownOne() {
        assertThat(Ctk.execute("live", "--mutant", "NOPE")).isEqualTo(ExitCodes.INPUT_ERROR);

        assertThat(console.err()).contains("Invalid value for option '--mutant'")
            .contains("NOT_ECN_CAPABLE").contains("but was 'NOPE'");
    }

    /** Aborts a test on a host where libpcap cannot capture and send on lo, saying why. */
    static void assumeLiveCaptureOnLo() {
        final var why = LiveCapture.whyNotOn("lo");
        Assumptions.assumeTrue(why.isEmpty(), () -> "no live capture on lo here: " + why.orElse(""));
    }

    /** The PICS of the example device, as a user would declare their own. */
    private static final Path EXAMPLE_PICS = Path.of("..", "dut-adapters", "examples", "software-device.pics.yaml");
    /**
     * How late a device process a test starts may act: a fresh JVM on a shared 2-core CI runner once
     * stalled for over 200 ms early in a transfer, which is the host, not the device's timers. These tests
     * are about how a device is run and judged; the timing rules are proven on the fabric's captures.
     */
    private static final String STARTED_PROCESS_TOLERANCE_MS = "1000";

    /**
     * Aborts a test that expects the run to pass when the run's console ({@code out}) says the host stalled
     * the kit's process, or the device's, longer than the JUDGING_TOLERANCE: the capture's timing would be
     * the host's.
     */
    static void assumeTheHostDidNotStallPastTheTolerance(final String out) {
        Assumptions.assumeFalse(out.contains(", more than the JUDGING_TOLERANCE of "), () -> out);
    }

    /** The example device's PICS at {@code file}, declaring {@link #STARTED_PROCESS_TOLERANCE_MS}. */
    private static Path examplePicsForAStartedProcess(final Path file) throws IOException {
        final String example = Files.readString(EXAMPLE_PICS);
        assertThat(example).contains("\njudgingToleranceNs: 200000000\n");
        return Files.writeString(file, example.replace("\njudgingToleranceNs: 200000000\n",
            "\njudgingToleranceNs: " + STARTED_PROCESS_TOLERANCE_MS + "000000\n"));
    }

    /** The command that runs the kit's reference as an external device, in a JVM of this one's class path. */
    static String referenceDevice() {
        return "exec '" + Path.of(System.getProperty("java.home"), "bin", "java") + "' -cp '"
            + System.getProperty("java.class.path") + "' " + ReferenceDeviceProcess.class.getName();
    }
}
