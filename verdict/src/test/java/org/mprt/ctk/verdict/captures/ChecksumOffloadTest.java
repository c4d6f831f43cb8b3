package org.mprt.ctk.verdict.captures;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.pcap.LinkType;
import org.mprt.ctk.pcap.PcapWriter;
import org.mprt.ctk.verdict.CaptureJudge;
import org.mprt.ctk.verdict.Outcome;
import org.mprt.ctk.verdict.Verdict;

/**
 * MPRT-WIRE-004 on a capture taken on one node's host with UDP checksum offload: that node's packets
 * carry the partial sum left for its NIC and are not judged, with the reason in the verdict; the
 * packets it received are judged; a wrong checksum that is not the partial sum still fails.
 */
class ChecksumOffloadTest {

    @Test
    void theSendingHostsPacketsAreNotJudgedAndTheVerdictSaysWhy(@TempDir final Path dir) throws Exception {
        final List<byte[]> frames = new ArrayList<>();
        for (final byte[] frame : new WireCaptures().mprtClean()) {
            frames.add(isFromNodeA(frame) ? CaptureFile.checksumOffloaded(frame) : frame);
        }

        final Verdict v = judge(dir, frames);

        assertThat(v.outcome()).as(v.explanation()).isEqualTo(Outcome.PASS);
        // A sent frames 1 (ARP) and 2, 3, 4, 8 and 11; B the six others, all MPRT.
        assertThat(v.checked()).as("B's packets, judged").isEqualTo(6);
        assertThat(v.explanation()).contains("5 not judged, the first because frame 2: udp.checksum 0x",
            "partial sum that a sender's checksum offload leaves");
    }

    @Test
    void aWrongChecksumThatIsNotThePartialSumStillFails(@TempDir final Path dir) throws Exception {
        final List<byte[]> frames = new ArrayList<>();
        for (final byte[] frame : new WireCaptures().mprtClean()) {
            frames.add(CaptureFile.checksumOffloaded(frame));
        }
        final ByteBuffer third = ByteBuffer.wrap(frames.get(2));
        third.putShort(14 + 20 + 6, (short) (third.getShort(14 + 20 + 6) + 1));

        final Verdict v = judge(dir, frames);

        assertThat(v.outcome()).as(v.explanation()).isEqualTo(Outcome.FAIL);
        assertThat(v.frames()).containsExactly(3L);
    }

    private static boolean isFromNodeA(final byte[] frame) {
        return (ByteBuffer.wrap(frame).getLong(4) & 0xFFFF_FFFF_FFFFL) == FrameFactory.MAC_A;
    }

    private static Verdict judge(final Path dir, final List<byte[]> frames) throws Exception {
        final CaptureFile file = CaptureFile.spaced("offload.pcap", LinkType.ETHERNET, PcapWriter.DEFAULT_SNAP_LENGTH_BYTES,
            frames);
        file.write(dir);
        return CaptureJudge.standard().judge(dir.resolve(file.name())).verdictOn("MPRT-WIRE-004").orElseThrow();
    }

    @Test
    void aRoce2PacketWithThePartialSumFailsTheZeroChecksumRecommendationAndSaysWhy(@TempDir final Path dir) throws Exception {
        final List<byte[]> frames = new ArrayList<>();
        for (final CaptureFile.Timed t : RoceCaptures.requesterClean(new BehaviourCaptures()).frames()) {
            frames.add(CaptureFile.checksumOffloaded(t.bytes()));
        }
        final CaptureFile file = CaptureFile.spaced("roce-offload.pcap", LinkType.ETHERNET,
            PcapWriter.DEFAULT_SNAP_LENGTH_BYTES, frames);
        file.write(dir);

        final Verdict v = CaptureJudge.standard().judge(dir.resolve(file.name())).verdictOn("ROCE-WIRE-006").orElseThrow();

        assertThat(v.outcome()).isEqualTo(Outcome.FAIL);
        assertThat(v.explanation()).contains("frame 1: udp.checksum", "the partial sum a sender's checksum offload leaves");
    }
}
