package org.mprt.ctk.verdict.captures;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.pcap.CaptureFormatException;
import org.mprt.ctk.pcap.LinkType;
import org.mprt.ctk.pcap.PcapWriter;
import org.mprt.ctk.verdict.CaptureJudge;
import org.mprt.ctk.verdict.Judgement;
import org.mprt.ctk.verdict.Outcome;
import org.mprt.ctk.verdict.Verdict;
import org.mprt.ctk.wire.ip.InternetChecksum;

/**
 * A mirror of two ports that every packet crosses in turn delivers each packet twice, the second
 * copy routed (other MAC addresses, TTL one less) 200 ns later. Told so, the judge drops the copies
 * and judges as on the single capture; not told, it takes the copies for resends and fails. Frames
 * that record no time cannot tell a copy within the window from a resend: told to drop copies, the judge
 * refuses such a capture.
 */
class DuplicatePacketsTest {

    private static final long COPY_DELAY_NS = 200;

    @Test
    void theCopiesOfATwoPortMirrorAreDroppedWhenTheJudgeIsToldOfThem(@TempDir final Path dir) throws Exception {
        final CaptureFile single = MprtSenderCaptures.clean(new BehaviourCaptures());
        final CaptureFile twice = new CaptureFile("twice.pcap", LinkType.ETHERNET, PcapWriter.DEFAULT_SNAP_LENGTH_BYTES);
        for (final CaptureFile.Timed t : single.frames()) {
            twice.frames().add(t);
            twice.frames().add(new CaptureFile.Timed(t.atNs() + COPY_DELAY_NS, routed(t.bytes())));
        }
        single.write(dir);
        twice.write(dir);

        final Judgement once = CaptureJudge.standard().judge(dir.resolve(single.name()));
        final Judgement dropped = CaptureJudge.standard().droppingDuplicatesWithin(2 * COPY_DELAY_NS)
            .judge(dir.resolve("twice.pcap"));
        final Judgement kept = CaptureJudge.standard().judge(dir.resolve("twice.pcap"));

        assertThat(dropped.capture().duplicateFrames()).isEqualTo(once.capture().mprtFrames()).isPositive();
        assertThat(outcomes(dropped)).isEqualTo(outcomes(once));
        assertThat(kept.capture().duplicateFrames()).isZero();
        assertThat(outcomes(kept)).containsValue(Outcome.FAIL).isNotEqualTo(outcomes(once));
    }

    @Test
    void shouldRefuseToDropCopiesWithinAWindowWhenTheFramesRecordNoTime() {
        final Path untimed = CapturesGenerationTest.CAPTURES.resolve("behaviour/mprt-sender-faults-untimed.pcapng");

        assertThatThrownBy(() -> CaptureJudge.standard().droppingDuplicatesWithin(2 * COPY_DELAY_NS).judge(untimed))
            .isInstanceOf(CaptureFormatException.class)
            .hasMessage("file " + untimed + ", frame 1, byte offset 60: a simple packet block, which records no capture"
                + " time, where the judge was told to drop a packet's second copy within 400 ns of the first, which needs"
                + " the time of each (expected an enhanced packet block, or judge without dropping duplicates)");
    }

    /** The frame as a switch that routed it sends it on: other MAC addresses, the TTL one less, the IPv4 checksum redone. */
    private static byte[] routed(final byte[] frame) {
        final ByteBuffer copy = ByteBuffer.wrap(frame.clone());
        copy.putInt(0, 0x0200_0000).putShort(4, (short) 0x00F0).putInt(6, 0x0200_0000).putShort(10, (short) 0x00F1);
        if ((copy.getShort(12) & 0xFFFF) == 0x0800) {
            copy.put(14 + 8, (byte) (copy.get(14 + 8) - 1)).putShort(14 + 10, (short) 0);
            copy.putShort(14 + 10, (short) InternetChecksum.ipv4HeaderChecksum(copy, 14, (copy.get(14) & 0x0F) * 4));
        }
        return copy.array();
    }

    private static Map<String, Outcome> outcomes(final Judgement j) {
        final Map<String, Outcome> out = new TreeMap<>();
        for (final Verdict v : j.verdicts()) {
            out.put(v.requirementId(), v.outcome());
        }
        return out;
    }
}
