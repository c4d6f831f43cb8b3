package org.mprt.ctk.dut.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.pics.Pics;
import org.mprt.ctk.reference.attachment.IpAddress;
import org.mprt.ctk.verdict.CaptureJudge;
import org.mprt.ctk.verdict.Judgement;
import org.mprt.ctk.verdict.Outcome;
import org.mprt.ctk.verdict.Verdict;

/**
 * Transfers over a veth pair, captured at one end while the kit's node at the other loses 2 % of the
 * frames it sends and receives: the capture stands at one node's port, so that node's rules are judged
 * and the far node's are not, and an external sender's loss recovery is judged on a live capture.
 */
@Timeout(120)
@ExtendWith(LiveCaptureSupport.class)
class VethTransferTest {

    private static final double LOSS = 0.02;
    /** A process the test starts passes judged with this tolerance; a mutant fails with the kit's own. */
    private static final long STARTED_PROCESS = ExternalDeviceOnLoopbackTest.STARTED_PROCESS_TOLERANCE_NS;

    @TempDir
    Path dir;

    @BeforeEach
    void vethWorksHere() {
        Assumptions.assumeTrue(VethPair.whyNot().isEmpty(), () -> "no veth pair here: " + VethPair.whyNot().orElse(""));
    }

    @Test
    void theKitsNodesRecoverTheLossesAndTheCaptureAtBJudgesTheReceiverOnly() throws Exception {
        final LiveTransfer.Result result = new LiveTransfer().bytes(1 << 20, 256 * 1024).overVeth().losing(LOSS)
            .run(dir.resolve("b.pcap"));

        assertThat(result.completed()).isTrue();
        assertThat(result.intact()).isTrue();
        assertThat(result.framesLost()).as("node A lost some of its frames").isPositive();
        assertThat(result.capture().frames()).isEqualTo(result.framesExpected());
        assertThat(result.capturedAt()).extracting(IpAddress::toString).containsExactly("198.18.1.2", "198.18.2.2");
        HostStalls.assumeWithin(result, LiveTransfer.JUDGING_TOLERANCE_NS);
        final Judgement judgement = judge(dir.resolve("b.pcap"), result.capturedAt(), LiveTransfer.JUDGING_TOLERANCE_NS);
        assertThat(judgement.verdicts()).filteredOn(v -> v.outcome() == Outcome.FAIL).isEmpty();
        assertThat(outcome(judgement, "MPRT-SACK-003")).isEqualTo(Outcome.PASS);
        final Verdict senders = judgement.verdictOn("MPRT-PATH-001").orElseThrow();
        assertThat(senders.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(senders.explanation()).contains("is judged at the sender's port").contains("the capture is at the"
            + " receiver's port");
    }

    @Test
    void anExternalSendersLossRecoveryIsJudgedAtItsPort() throws Exception {
        final LiveTransfer.Result result = externalSender("").run(dir.resolve("a.pcap"));

        assertThat(result.completed()).isTrue();
        assertThat(result.intact()).isTrue();
        assertThat(result.framesLost()).as("node B lost some of its frames").isPositive();
        assertThat(result.capturedAt()).extracting(IpAddress::toString).containsExactly("198.18.1.1", "198.18.2.1");
        HostStalls.assumeWithin(result, STARTED_PROCESS);
        final Judgement judgement = judge(dir.resolve("a.pcap"), result.capturedAt(), STARTED_PROCESS);
        assertThat(judgement.verdicts()).filteredOn(v -> v.outcome() == Outcome.FAIL).isEmpty();
        for (final String id : List.of("MPRT-LOSS-001", "MPRT-LOSS-004", "MPRT-LOSS-005", "MPRT-PATH-001")) {
            assertThat(outcome(judgement, id)).as(id).isEqualTo(Outcome.PASS);
        }
    }

    @Test
    void anExternalSenderThatGoesBackNOnALossFailsMprtLoss005() throws Exception {
        // Each loss the go-back-N sender repairs may or may not resend a packet without cause, by when its ACKs
        // come in real time: 4 MiB with 5 % losses makes dozens of them, where 1 MiB with 2 % made a few.
        final LiveTransfer.Result result = externalSender(" --deviate GO_BACK_N_ON_LOSS").bytes(4 << 20, 256 * 1024)
            .losing(0.05).run(dir.resolve("gbn.pcap"));

        assertThat(result.completed()).isTrue();
        final Verdict verdict = judge(dir.resolve("gbn.pcap"), result.capturedAt(), LiveTransfer.JUDGING_TOLERANCE_NS)
            .verdictOn("MPRT-LOSS-005").orElseThrow();
        assertThat(verdict.outcome()).isEqualTo(Outcome.FAIL);
        assertThat(verdict.explanation()).contains("is retransmitted on path").contains("but no captured ACK detected it lost");
    }

    @Test
    void anExternalReceiverAcknowledgesTheGapsAtItsPortAndOneThatSacksWhatNeverCameFailsMprtSack003() throws Exception {
        final LiveTransfer.Result result = externalReceiver("").run(dir.resolve("b.pcap"));

        assertThat(result.completed()).isTrue();
        assertThat(result.intact()).isTrue();
        assertThat(result.capturedAt()).extracting(IpAddress::toString).containsExactly("198.18.1.2", "198.18.2.2");
        HostStalls.assumeWithin(result, STARTED_PROCESS);
        final Judgement judgement = judge(dir.resolve("b.pcap"), result.capturedAt(), STARTED_PROCESS);
        assertThat(judgement.verdicts()).filteredOn(v -> v.outcome() == Outcome.FAIL).isEmpty();
        assertThat(outcome(judgement, "MPRT-SACK-003")).isEqualTo(Outcome.PASS);

        // Loopback loses nothing, so this receiver's deviation never shows there; over a lossy link it does.
        final LiveTransfer.Result mutant = externalReceiver(" --deviate SACK_UNRECEIVED_PSN").run(dir.resolve("m.pcap"));
        final Verdict verdict = judge(dir.resolve("m.pcap"), mutant.capturedAt(), LiveTransfer.JUDGING_TOLERANCE_NS)
            .verdictOn("MPRT-SACK-003").orElseThrow();
        assertThat(verdict.outcome()).isEqualTo(Outcome.FAIL);
        assertThat(mutant.intact()).as("the sender never resent what the receiver claimed").isFalse();
    }

    @Test
    void anExternalSendersReactionToCongestionMarksIsJudgedAtItsPort() throws Exception {
        final LiveTransfer.Result result = new LiveTransfer().bytes(8 << 20, 1 << 20).overVeth().marking(0.05)
            .external(ExternalDevice.Role.SENDER, ExternalDeviceOnLoopbackTest.javaCommand(ReferenceDeviceProcess.class),
                dir.resolve("err.log"), ExternalDevice.READY_TIMEOUT).run(dir.resolve("ce.pcap"));

        assertThat(result.completed()).isTrue();
        assertThat(result.intact()).isTrue();
        assertThat(result.framesMarked()).as("node B marked some of the data CE").isPositive();
        HostStalls.assumeWithin(result, STARTED_PROCESS);
        final Judgement judgement = judge(dir.resolve("ce.pcap"), result.capturedAt(), STARTED_PROCESS);
        assertThat(judgement.verdicts()).filteredOn(v -> v.outcome() == Outcome.FAIL).isEmpty();
        // Node B echoed the marks; the sender's flight after each echo was judged (MPRT-CC-002).
        final Verdict reaction = judgement.verdictOn("MPRT-CC-002").orElseThrow();
        assertThat(reaction.outcome()).isEqualTo(Outcome.PASS);
        assertThat(reaction.checked()).isPositive();
    }

    @Test
    void aPairLeftByAProcessThatNoLongerRunsIsRemovedBeforeTheNext() throws Exception {
        // Above the largest pid Linux hands out (2^22), so no process runs with it.
        final String abandoned = VethPair.PREFIX + 4_194_305;
        VethPair.make(abandoned + "a", abandoned + "b", LiveLink.VETH_A, LiveLink.VETH_B);
        assertThat(links()).contains(abandoned + "a");

        final LiveTransfer.Result result = new LiveTransfer().bytes(64 * 1024, 64 * 1024).overVeth().run(dir.resolve("v.pcap"));

        assertThat(result.completed()).isTrue();
        assertThat(links()).doesNotContain(abandoned + "a").doesNotContain(VethPair.PREFIX + ProcessHandle.current().pid());
    }

    /** What `ip -o link` lists. */
    private static String links() throws IOException, InterruptedException {
        final Process p = new ProcessBuilder("ip", "-o", "link").redirectErrorStream(true).start();
        final String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor();
        return out;
    }

    @Test
    void losingFramesOnLoIsRefused() {
        assertThatThrownBy(() -> new LiveTransfer().losing(LOSS).run(dir.resolve("lo.pcap")))
            .isInstanceOf(IllegalStateException.class).hasMessageStartingWith("losing or marking frames needs a veth pair");
        assertThat(dir.resolve("lo.pcap")).doesNotExist();
    }

    private LiveTransfer externalReceiver(final String arguments) {
        return new LiveTransfer().bytes(1 << 20, 256 * 1024).overVeth().losing(LOSS)
            .external(ExternalDevice.Role.RECEIVER, ExternalDeviceOnLoopbackTest.javaCommand(ReferenceDeviceProcess.class)
                + arguments, dir.resolve("err.log"), ExternalDevice.READY_TIMEOUT);
    }

    private LiveTransfer externalSender(final String arguments) {
        return new LiveTransfer().bytes(1 << 20, 256 * 1024).overVeth().losing(LOSS)
            .external(ExternalDevice.Role.SENDER, ExternalDeviceOnLoopbackTest.javaCommand(ReferenceDeviceProcess.class)
                + arguments, dir.resolve("err.log"), ExternalDevice.READY_TIMEOUT);
    }

    private static Outcome outcome(final Judgement judgement, final String id) {
        return judgement.verdictOn(id).map(Verdict::outcome).orElseThrow();
    }

    /**
     * The capture judged with the loopback PICS, taken at {@code at}, as ctk live judges it, with a
     * JUDGING_TOLERANCE of {@code toleranceNs}.
     */
    private Judgement judge(final Path capture, final List<IpAddress> at, final long toleranceNs) throws IOException {
        final Path pics = dir.resolve("pics.yaml");
        Files.writeString(pics, LiveTransfer.pics(toleranceNs));
        return CaptureJudge.declaring(Pics.load(pics)).fromConnectionStart()
            .takenAt(at.stream().map(IpAddress::toInetAddress).toList()).judge(capture);
    }
}
