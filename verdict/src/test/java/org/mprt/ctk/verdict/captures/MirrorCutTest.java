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
 * Likewise a packet a capture card kept part of, by the wire length its ERF record gives.
 */
class MirrorCutTest {

    /** Offset of the ERSPAN header's second 16 bits in CaptureFile.erspanII's frames: Ethernet, IPv4, GRE with sequence. */
    private static final int ERSPAN_SESSION_WORD = 14 + 20 + 8 + 2;
    /** Offset of an ERF record's wire length (wlen). */
    private static final int ERF_WIRE_LENGTH = 14;

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

        final Judgement owned = judge(dir, LinkType.ETHERNET, "told.pcap", told);
        final Judgement packets = judge(dir, LinkType.ETHERNET, "denied.pcap", denied);

        assertThat(owned.capture().snappedFrames()).isPositive();
        assertThat(owned.capture().malformedFrames()).isZero();
        assertThat(owned.verdictOn("MPRT-WIRE-003").orElseThrow().outcome()).isNotEqualTo(Outcome.FAIL);
        assertThat(packets.capture().snappedFrames()).isZero();
        assertThat(packets.capture().malformedFrames()).isEqualTo(owned.capture().snappedFrames());
    }

    @Test
    void aCaptureCardsCutIsTheCapturesWhileItsRecordCountsTheWholeFrame(@TempDir final Path dir) throws Exception {
        final List<byte[]> told = new ArrayList<>();
        final List<byte[]> denied = new ArrayList<>();
        for (final byte[] frame : new WireCaptures().mprtClean()) {
            final byte[] cut = CaptureFile.erf(frame, told.size(), 128);
            told.add(cut);
            // The same record with its wire length saying the frame was no longer than what the card kept.
            final byte[] silent = cut.clone();
            final int kept = Math.min(128, frame.length + 4);
            silent[ERF_WIRE_LENGTH] = (byte) (kept >>> 8);
            silent[ERF_WIRE_LENGTH + 1] = (byte) kept;
            denied.add(silent);
        }

        final Judgement owned = judge(dir, LinkType.ERF, "told.pcap", told);
        final Judgement packets = judge(dir, LinkType.ERF, "denied.pcap", denied);

        assertThat(owned.capture().snappedFrames()).isPositive();
        assertThat(owned.capture().malformedFrames()).isZero();
        assertThat(packets.capture().snappedFrames()).isZero();
        assertThat(packets.capture().malformedFrames()).isEqualTo(owned.capture().snappedFrames());
    }

    private static Judgement judge(final Path dir, final LinkType linkType, final String name, final List<byte[]> frames)
        throws Exception {
        final CaptureFile file = CaptureFile.spaced(name, linkType, PcapWriter.DEFAULT_SNAP_LENGTH_BYTES, frames);
        file.write(dir);
        return CaptureJudge.standard().judge(dir.resolve(name));
    }
}
