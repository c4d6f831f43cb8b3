package org.mprt.ctk.dut.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.pcap.CaptureReader;
import org.mprt.ctk.pcap.Frame;
import org.mprt.ctk.pics.Pics;
import org.mprt.ctk.verdict.CaptureJudge;
import org.mprt.ctk.verdict.Judgement;
import org.mprt.ctk.verdict.Outcome;
import org.mprt.ctk.verdict.Verdict;
import org.mprt.ctk.wire.decode.DecodeStatus;
import org.mprt.ctk.wire.decode.DecodedPacket;
import org.mprt.ctk.wire.decode.PacketDecoder;
import org.mprt.ctk.wire.mprt.MdethFlyweight;

/**
 * An external device on lo in either role: the kit's reference run as a process of its own
 * ({@link ReferenceDeviceProcess}), which keeps the contract as a device of one's own would; one of its
 * mutants, whose deviation the capture shows; and a process that never says it is ready.
 */
@Timeout(120)
@ExtendWith(LiveCaptureSupport.class)
class ExternalDeviceOnLoopbackTest {

    /**
     * The JUDGING_TOLERANCE a process a test starts is judged with: a fresh JVM on a shared 2-core CI
     * runner once stalled for over 200 ms early in a transfer, which is the host, not the device. The
     * timing rules themselves are proven on the fabric's captures; a mutant is judged with the kit's 200 ms.
     */
    static final long STARTED_PROCESS_TOLERANCE_NS = 1_000_000_000L;

    @TempDir
    Path dir;

    @Test
    void theReferenceAsAnExternalReceiverReceivesIntactAndPassesEveryRuleItsCaptureJudges() throws Exception {
        final LiveTransfer.Result result = transfer(ExternalDevice.Role.RECEIVER, "").run(dir.resolve("b.pcap"));

        assertThat(result.completed()).as("every message completed at the sender").isTrue();
        assertThat(result.intact()).as("the device's region has the sender's bytes, by its SHA-256").isTrue();
        assertThat(result.capture().frames()).isGreaterThanOrEqualTo(result.framesExpected());
        HostStalls.assumeWithin(result, STARTED_PROCESS_TOLERANCE_NS);
        final Judgement judgement = judge(dir.resolve("b.pcap"));
        assertThat(judgement.verdicts()).filteredOn(v -> v.outcome() == Outcome.FAIL).isEmpty();
        // The receiver's rules judged the external process's ACKs: MPRT-SACK-003 (a SACK claims only what arrived).
        assertThat(judgement.verdictOn("MPRT-SACK-003")).get().extracting(Verdict::outcome).isEqualTo(Outcome.PASS);
        assertThat(judgement.counts().get(Outcome.PASS)).isGreaterThan(35);
    }

    @Test
    void theReferenceAsAnExternalSenderWritesIntactAndPassesEveryRuleItsCaptureJudges() throws Exception {
        final LiveTransfer.Result result = transfer(ExternalDevice.Role.SENDER, "").run(dir.resolve("a.pcap"));

        assertThat(result.completed()).as("the device said every WRITE completed").isTrue();
        assertThat(result.intact()).as("the kit's region has the device's bytes, by their SHA-256").isTrue();
        HostStalls.assumeWithin(result, STARTED_PROCESS_TOLERANCE_NS);
        final Judgement judgement = judge(dir.resolve("a.pcap"));
        assertThat(judgement.verdicts()).filteredOn(v -> v.outcome() == Outcome.FAIL).isEmpty();
        // The sender's rules judged the external process's data: MPRT-PATH-001 (each path's PSNs in sequence).
        assertThat(judgement.verdictOn("MPRT-PATH-001")).get().extracting(Verdict::outcome).isEqualTo(Outcome.PASS);
        assertThat(judgement.counts().get(Outcome.PASS)).isGreaterThan(35);
    }

    @Test
    void anExternalSenderSpreadsItsMessagesOverTheStreamsItIsGiven() throws Exception {
        final LiveTransfer.Result result = transfer(ExternalDevice.Role.SENDER, "").streams(4).run(dir.resolve("s.pcap"));

        assertThat(result.completed()).isTrue();
        assertThat(result.intact()).isTrue();
        HostStalls.assumeWithin(result, STARTED_PROCESS_TOLERANCE_NS);
        final Judgement judgement = judge(dir.resolve("s.pcap"));
        assertThat(judgement.verdicts()).filteredOn(v -> v.outcome() == Outcome.FAIL).isEmpty();
        assertThat(dataStreams(dir.resolve("s.pcap"))).containsExactly(0, 1, 2, 3);
        // Four messages on four streams: each stream's first message carries MSN 0 (MPRT-STREAM-001).
        assertThat(judgement.verdictOn("MPRT-STREAM-001")).get().extracting(Verdict::outcome).isEqualTo(Outcome.PASS);
    }

    /** The stream_ids the capture's RDMA WRITE packets carry. */
    private static Set<Integer> dataStreams(final Path capture) throws IOException {
        final Set<Integer> streams = new TreeSet<>();
        try (CaptureReader reader = CaptureReader.open(capture)) {
            final Frame frame = new Frame();
            final DecodedPacket packet = new DecodedPacket();
            while (reader.next(frame)) {
                if (PacketDecoder.decodeEthernet(frame.buffer(), frame.dataOffset(), frame.capturedLengthBytes(), packet)
                    == DecodeStatus.OK && packet.extensions().has(MdethFlyweight.WRITE_LAYOUT)) {
                    streams.add(packet.extensions().mdeth().streamId());
                }
            }
        }
        return streams;
    }

    @Test
    void anExternalSenderWhoseDataIsNotEcnCapableFailsMprtWire006() throws Exception {
        final LiveTransfer.Result result = transfer(ExternalDevice.Role.SENDER, " --deviate NOT_ECN_CAPABLE")
            .run(dir.resolve("not-ect.pcap"));

        assertThat(result.completed()).isTrue();
        final Verdict verdict = judge(dir.resolve("not-ect.pcap")).verdictOn("MPRT-WIRE-006").orElseThrow();
        assertThat(verdict.outcome()).isEqualTo(Outcome.FAIL);
        assertThat(verdict.explanation()).contains("ip.ecn: expected ECT(0), ECT(1) or CE, found Not-ECT");
    }

    @Test
    void aDeviceThatNeverSaysItIsReadyEndsTheRunWithoutACapture() {
        final LiveTransfer transfer = new LiveTransfer()
            .external(ExternalDevice.Role.RECEIVER, "sleep 600", dir.resolve("err.log"), Duration.ofSeconds(1));

        assertThatThrownBy(() -> transfer.run(dir.resolve("never.pcap"))).isInstanceOf(ExternalDeviceException.class)
            .hasMessageStartingWith("the device under test (sleep 600) did not write {\"descriptor\": ...}, that it is ready"
                + " within 1 s");
        assertThat(dir.resolve("never.pcap")).doesNotExist();
    }

    @Test
    void aDeviceWhoseDescriptorCannotMakeTheConnectionIsRefusedWithoutACapture() {
        final String planes = "\"planes\": [{\"plane\": 0, \"ip\": \"127.77.1.2\", \"mac\": \"02:00:7f:4d:01:02\"}"
            + ", {\"plane\": 1, \"ip\": \"127.77.2.2\", \"mac\": \"02:00:7f:4d:02:02\"}]";
        final String noRegion = "read s; echo '{\"descriptor\": {\"connection_number\": 513, " + planes
            + ", \"paths\": [{\"plane\": 0, \"udp_source_port\": 49152}], \"streams\": 1, \"pmtu\": 4096}}'; sleep 600";
        final LiveTransfer transfer = new LiveTransfer()
            .external(ExternalDevice.Role.RECEIVER, noRegion, dir.resolve("err.log"), Duration.ofSeconds(10));

        assertThatThrownBy(() -> transfer.run(dir.resolve("refused.pcap"))).isInstanceOf(ExternalDeviceException.class)
            .hasMessageStartingWith("the device under test (" + noRegion + ") wrote a descriptor the kit cannot use: it"
                + " exposes no region; expected one of region_bytes, 1048576");
        assertThat(dir.resolve("refused.pcap")).doesNotExist();
    }

    /** 256 KiB in messages of 64 KiB, with the reference process in {@code role}, given {@code arguments}. */
    private LiveTransfer transfer(final ExternalDevice.Role role, final String arguments) {
        return new LiveTransfer().bytes(256 * 1024, 64 * 1024)
            .external(role, javaCommand(ReferenceDeviceProcess.class) + arguments, dir.resolve("err.log"),
                ExternalDevice.READY_TIMEOUT);
    }

    /** The capture judged with the loopback PICS, as ctk live judges it, but with {@link #STARTED_PROCESS_TOLERANCE_NS}. */
    private Judgement judge(final Path capture) throws IOException {
        final Path pics = dir.resolve("loopback.pics.yaml");
        Files.writeString(pics, LiveTransfer.pics(STARTED_PROCESS_TOLERANCE_NS));
        return CaptureJudge.declaring(Pics.load(pics)).fromConnectionStart().judge(capture);
    }

    /** The command that runs {@code main} of {@code type} in a JVM of this one's class path. */
    static String javaCommand(final Class<?> type) {
        return "exec '" + Path.of(System.getProperty("java.home"), "bin", "java") + "' -cp '"
            + System.getProperty("java.class.path") + "' " + type.getName();
    }
}
