package org.mprt.ctk.pcap.link;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mprt.ctk.pcap.link.EncapsulatedFrames.INNER_SOURCE;
import static org.mprt.ctk.pcap.link.EncapsulatedFrames.dotted;
import static org.mprt.ctk.pcap.link.EncapsulatedFrames.join;
import static org.mprt.ctk.pcap.link.EncapsulatedFrames.rocePacket;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.pcap.CaptureReader;
import org.mprt.ctk.pcap.Frame;
import org.mprt.ctk.pcap.LinkType;
import org.mprt.ctk.pcap.PcapWriter;
import org.mprt.ctk.pcap.TsharkOnPath;

/**
 * Wireshark, as an independent reader, finds the IP packet where the locator does in the link layers
 * a mirror port's capture may hold: an Endace card's ERF records, an Arista switch's timestamp header,
 * MPLS labels, and inside every encapsulation a remote mirror wraps. Each frame carries a packet of
 * its own source address, which both must read.
 */
class WiresharkAgreementTest {

    private static final String ADDRESSES = "0200000000aa0200000000bb";

    @TempDir
    Path tempDir;

    @Test
    void shouldFindThePacketWhereWiresharkDoes() throws IOException, InterruptedException {
        Assumptions.assumeTrue(TsharkOnPath.present(), TsharkOnPath.INSTALL);
        agree(LinkType.ETHERNET, List.of(
            join(hex(ADDRESSES + "d28b 0001 0010 6553f10038aa77c1 0800"), rocePacket(INNER_SOURCE + 1)),
            join(hex(ADDRESSES + "d28b 0001 0020 f10038aa77c1 8100 0064 0800"), rocePacket(INNER_SOURCE + 2)),
            join(hex(ADDRESSES + "8847 00010040 00011140"), rocePacket(INNER_SOURCE + 3))));
        final byte[] packet = rocePacket(INNER_SOURCE + 4);
        final byte[] frame = join(hex(ADDRESSES + "0800"), packet);
        agree(LinkType.ERF, List.of(
            join(hex("0000000000000000 02 00 0000 0000" + String.format("%04x", frame.length) + "0000"), frame),
            join(hex("0000000000000000 82 00 0000 0000" + String.format("%04x", frame.length) + "0400000000000000 0000"),
                join(hex(ADDRESSES + "0800"), rocePacket(INNER_SOURCE + 5))),
            join(hex("0000000000000000 16 00 0000 0000" + String.format("%04x", packet.length)), rocePacket(INNER_SOURCE + 6))));
    }

    @Test
    void shouldFindThePacketInsideEveryEncapsulationWhereWiresharkDoes() throws IOException, InterruptedException {
        Assumptions.assumeTrue(TsharkOnPath.present(), TsharkOnPath.INSTALL);
        agree(LinkType.ETHERNET, new ArrayList<>(EncapsulationDecoderTest.wrapped().values()));
    }

    private void agree(final LinkType linkType, final List<byte[]> frames) throws IOException, InterruptedException {
        final Path file = tempDir.resolve(linkType + ".pcap");
        try (PcapWriter writer = PcapWriter.create(file, linkType)) {
            long t = 1;
            for (final byte[] f : frames) {
                writer.write(t++, f);
            }
        }
        final List<String> sources = TsharkOnPath.field(file, "ip.src");
        final NetworkLayer layer = new NetworkLayer();
        final Frame frame = new Frame();
        try (CaptureReader reader = CaptureReader.open(file)) {
            for (int i = 0; reader.next(frame); i++) {
                assertThat(NetworkLayerLocator.locate(frame, layer)).as("%s frame %d", linkType, i + 1).isTrue();
                final int source = frame.buffer().getInt(frame.dataOffset() + layer.offsetBytes() + 12);
                assertThat(sources.get(i)).as("%s frame %d", linkType, i + 1).isEqualTo(dotted(source));
            }
        }
        assertThat(sources).hasSize(frames.size());
    }

    private static byte[] hex(final String hex) {
        return HexFormat.of().parseHex(hex.replace(" ", ""));
    }
}
