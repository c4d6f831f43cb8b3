package org.mprt.ctk.verdict.captures;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.pcap.LinkType;
import org.mprt.ctk.pcap.PcapWriter;
import org.mprt.ctk.verdict.CaptureJudge;
import org.mprt.ctk.verdict.Outcome;
import org.mprt.ctk.verdict.Verdict;

/**
 * MPRT-WIRE-034 holds a message's packets to the first one the connection state recorded: a packet
 * with a bad ICRC (discarded by its receiver, its fields possibly corrupted on the way) neither sets
 * nor breaks what the others must match.
 */
class MessageConsistencyTest {

    private final FrameFactory f = new FrameFactory();

    @Test
    void aPacketWithABadIcrcIsNotJudged(@TempDir final Path dir) throws Exception {
        final Verdict v = judge(dir, List.of(
            part(0, 0, 0x1234, true),      // 1: msg 0, bad ICRC and another rkey: not judged, sets nothing
            part(1, 1024, 0x5678, false),  // 2: first packet the state records
            part(2, 2048, 0x5678, false),  // 3: matches frame 2
            part(3, 3072, 0x9999, true))); // 4: differs, but a bad ICRC: not judged

        assertThat(v.outcome()).as(v.explanation()).isEqualTo(Outcome.PASS);
        assertThat(v.checked()).as(v.explanation()).isEqualTo(2);
    }

    @Test
    void aPacketThatDiffersFromTheFirstRecordedFails(@TempDir final Path dir) throws Exception {
        final Verdict v = judge(dir, List.of(
            part(0, 0, 0x1234, true),      // 1: bad ICRC: not the reference
            part(1, 1024, 0x5678, false),  // 2: the reference
            part(2, 2048, 0x1234, false))); // 3: differs from frame 2

        assertThat(v.outcome()).as(v.explanation()).isEqualTo(Outcome.FAIL);
        assertThat(v.frames()).containsExactly(3L);
        assertThat(v.explanation()).contains("frame 2 has");
    }

    private byte[] part(final int psn, final int offset, final int rkey, final boolean badIcrc) {
        return MprtPacket.data().with(p -> { p.psn = psn; p.messageLength = 4096; p.messageOffset = offset;
            p.rkey = rkey;
            if (badIcrc) {
                p.tamper = b -> b.put(b.limit() - 1, (byte) (b.get(b.limit() - 1) ^ 0x5A));
            } }).buildData(f);
    }

    private static Verdict judge(final Path dir, final List<byte[]> frames) throws Exception {
        final CaptureFile file = CaptureFile.spaced("message-consistency.pcap", LinkType.ETHERNET,
            PcapWriter.DEFAULT_SNAP_LENGTH_BYTES, frames);
        file.write(dir);
        return CaptureJudge.standard().judge(dir.resolve(file.name())).verdictOn("MPRT-WIRE-034").orElseThrow();
    }
}
