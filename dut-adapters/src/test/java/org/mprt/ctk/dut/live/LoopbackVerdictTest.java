package org.mprt.ctk.dut.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.dut.DeviceFailure;
import org.mprt.ctk.pics.Pics;
import org.mprt.ctk.reference.mprt.Deviation;
import org.mprt.ctk.verdict.CaptureJudge;
import org.mprt.ctk.verdict.Judgement;
import org.mprt.ctk.verdict.Outcome;
import org.mprt.ctk.verdict.Verdict;

/**
 * Two MPRT nodes on the loopback interface in real time, captured live, and the capture judged: the
 * capture a software implementation on a real interface produces, with the kernel's timestamps, judged
 * by the same engine as the fabric's.
 */
@ExtendWith(LiveCaptureSupport.class)
class LoopbackVerdictTest {

    /** Rules whose verdict on this transfer depends on the bytes alone, not on how fast the JVM ran. */
    private static final List<String> JUDGED_ON_BYTES = List.of("MPRT-WIRE-001", "MPRT-WIRE-006", "MPRT-WIRE-007",
        "MPRT-PATH-001", "MPRT-SACK-003", "MPRT-SACK-004", "MPRT-STREAM-003", "MPRT-LOSS-002", "MPRT-FAIL-008");

    @TempDir
    Path dir;

    @Test
    void theReferenceNodesTransferIntactAndPassEveryRuleTheirCaptureJudges() throws Exception {
        final Path capture = dir.resolve("reference.pcap");
        final LiveTransfer.Result result = new LiveTransfer().run(capture);

        assertThat(result.completed()).as("every message completed at the sender").isTrue();
        assertThat(result.intact()).as("the receiver's memory holds the sender's bytes").isTrue();
        assertThat(result.capture().frames()).as("the capture holds every frame the nodes sent")
            .isEqualTo(result.framesExpected());
        assertThat(result.capture().dropped()).isZero();

        HostStalls.assumeWithin(result, LiveTransfer.JUDGING_TOLERANCE_NS);
        final Judgement judgement = judge(capture);
        assertThat(judgement.verdicts()).filteredOn(v -> v.outcome() == Outcome.FAIL).isEmpty();
        for (final String id : JUDGED_ON_BYTES) {
            assertThat(judgement.verdictOn(id)).get().extracting(Verdict::outcome).as(id).isEqualTo(Outcome.PASS);
        }
        // The sender's and the receiver's behavioural rules were judged, not left inconclusive: one host's
        // loopback addresses place the capture at both ends.
        assertThat(judgement.counts().get(Outcome.PASS)).isGreaterThan(35);
    }

    @Test
    void aDeviceThatThrowsOnAFrameEndsTheRunWithADeviceFailureNamingIt() {
        final LiveTransfer transfer = new LiveTransfer().receiver(FailingDevice::new);
        assertThatThrownBy(() -> transfer.run(dir.resolve("failing.pcap"))).isInstanceOf(LoopFailure.class)
            .hasCauseInstanceOf(DeviceFailure.class)
            .hasMessageContaining("node B raised java.lang.IllegalStateException: no frame expected, while handling a frame"
                + " that arrived on its port ");
        assertThat(dir.resolve("failing.pcap")).doesNotExist();
    }

    @Test
    void aSenderWhoseDataIsNotEcnCapableFailsMprtWire006OnItsLiveCapture() throws Exception {
        final Path capture = dir.resolve("not-ect.pcap");
        final LiveTransfer.Result result = new LiveTransfer()
            .sender(LiveTransfer.SOFTWARE_TIMERS.toBuilder().deviate(Deviation.NOT_ECN_CAPABLE).build()).run(capture);

        assertThat(result.completed()).isTrue();
        final Verdict verdict = judge(capture).verdictOn("MPRT-WIRE-006").orElseThrow();
        assertThat(verdict.outcome()).isEqualTo(Outcome.FAIL);
        assertThat(verdict.frames()).first().isEqualTo(1L);
        assertThat(verdict.explanation()).startsWith("frame 1: ");
    }

    /** The judgement of a capture with the nodes' PICS, written beside it. */
    private static Judgement judge(final Path capture) throws IOException {
        final Path pics = capture.resolveSibling(capture.getFileName() + ".pics.yaml");
        Files.writeString(pics, LiveTransfer.pics());
        return CaptureJudge.declaring(Pics.load(pics)).fromConnectionStart().judge(capture);
    }
}
