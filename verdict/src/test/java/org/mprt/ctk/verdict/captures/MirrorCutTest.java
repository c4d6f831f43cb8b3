package org.mprt.ctk.verdict.captures;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.pcap.LinkType;
import org.mprt.ctk.pcap.PcapWriter;
import org.mprt.ctk.verdict.CaptureJudge;
import org.mprt.ctk.verdict.Judgement;
import org.mprt.ctk.verdict.Outcome;

/**
 * A packet an ERSPAN session cut short is judged as one a snap length cut when the session says so
 * (its T bit); when the session says it did not cut, a packet shorter than its lengths was sent so.
 */
class MirrorCutTest {

    /** Offset of the ERSPAN header's second 16 bits in CaptureFile.erspanII's frames: Ethernet, IPv4, GRE with sequence. */
    private static final int ERSPAN_SESSION_WORD = 14 + 20 + 8 + 2;

    @Test
    void aCutTheSessionOwnsIsTheCapturesAndOneItDeniesIsThePackets(@TempDir final Path dir) throws Exception {
        final List<byte[]> told = new ArrayList<>();
        final List<byte[]> denied = new ArrayList<>();
        for (final byte[] frame : new WireCaptures().mprtClean()) {
            final byte[] cut = CaptureFile.erspanII(frame, told.size(), 128);
            told.add(cut);
            final byte[] silent = cut.clone();
            silent[ERSPAN_SESSION_WORD] &= ~0x04;
            denied.add(silent);
        }

        final Judgement owned = judge(dir, "told.pcap", told);
        final Judgement packets = judge(dir, "denied.pcap", denied);

        assertThat(owned.capture().snappedFrames()).isPositive();
        assertThat(owned.capture().malformedFrames()).isZero();
        assertThat(owned.verdictOn("MPRT-WIRE-003").orElseThrow().outcome()).isNotEqualTo(Outcome.FAIL);
        assertThat(packets.capture().snappedFrames()).isZero();
        assertThat(packets.capture().malformedFrames()).isEqualTo(owned.capture().snappedFrames());
    }

    private static Judgement judge(final Path dir, final String name, final List<byte[]> frames) throws Exception {
        final CaptureFile file = CaptureFile.spaced(name, LinkType.ETHERNET, PcapWriter.DEFAULT_SNAP_LENGTH_BYTES, frames);
        file.write(dir);
        return CaptureJudge.standard().judge(dir.resolve(name));
    }
}
