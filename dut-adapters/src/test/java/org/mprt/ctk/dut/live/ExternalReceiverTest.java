package org.mprt.ctk.dut.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.pics.Pics;
import org.mprt.ctk.verdict.CaptureJudge;
import org.mprt.ctk.verdict.Judgement;
import org.mprt.ctk.verdict.Outcome;

/**
 * Node B as an external device on lo: the kit's reference run as a process of its own
 * ({@link ReferenceReceiverProcess}), which keeps the contract as a device of one's own would, and
 * a process that never says it is ready.
 */
@Timeout(120)
@ExtendWith(LiveCaptureSupport.class)
class ExternalReceiverTest {

    @TempDir
    Path dir;

    @Test
    void theReferenceAsAnExternalProcessReceivesIntactAndPassesEveryRuleItsCaptureJudges() throws Exception {
        final Path capture = dir.resolve("external.pcap");
        final LoopbackTransfer.Result result = new LoopbackTransfer().bytes(256 * 1024, 64 * 1024)
            .externalReceiver(javaCommand(ReferenceReceiverProcess.class), dir.resolve("err.log"),
                ExternalDevice.READY_TIMEOUT)
            .run(capture);

        assertThat(result.completed()).as("every message completed at the sender").isTrue();
        assertThat(result.intact()).as("the device's region has the sender's bytes, by its SHA-256").isTrue();
        assertThat(result.capture().frames()).isGreaterThanOrEqualTo(result.framesExpected());
        final Path pics = dir.resolve("external.pics.yaml");
        Files.writeString(pics, LoopbackTransfer.pics());
        final Judgement judgement = CaptureJudge.declaring(Pics.load(pics)).fromConnectionStart().judge(capture);
        assertThat(judgement.verdicts()).filteredOn(v -> v.outcome() == Outcome.FAIL).isEmpty();
        // The receiver's rules judged the external process's ACKs: MPRT-SACK-003 (a SACK claims only what arrived).
        assertThat(judgement.verdictOn("MPRT-SACK-003")).get().extracting(v -> v.outcome()).isEqualTo(Outcome.PASS);
        assertThat(judgement.counts().get(Outcome.PASS)).isGreaterThan(35);
    }

    @Test
    void aDeviceThatNeverSaysItIsReadyEndsTheRunWithoutACapture() {
        final LoopbackTransfer transfer = new LoopbackTransfer()
            .externalReceiver("sleep 600", dir.resolve("err.log"), Duration.ofSeconds(1));

        assertThatThrownBy(() -> transfer.run(dir.resolve("never.pcap"))).isInstanceOf(ExternalDeviceException.class)
            .hasMessageStartingWith("the device under test (sleep 600) did not write {\"descriptor\": ...}, that it is ready"
                + " within 1 s");
        assertThat(dir.resolve("never.pcap")).doesNotExist();
    }

    /** The command that runs {@code main} of {@code type} in a JVM of this one's class path. */
    static String javaCommand(final Class<?> type) {
        return "exec '" + Path.of(System.getProperty("java.home"), "bin", "java") + "' -cp '"
            + System.getProperty("java.class.path") + "' " + type.getName();
    }
}
