package org.mprt.ctk.pcap.link;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.mprt.ctk.pcap.link.EncapsulatedFrames.INNER_SOURCE;
import static org.mprt.ctk.pcap.link.EncapsulatedFrames.ethernet;
import static org.mprt.ctk.pcap.link.EncapsulatedFrames.rocePacket;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.pcap.LinkType;

/**
 * Whatever bytes a frame of any link type holds, the locator neither throws nor reads past the frame,
 * and the offsets it reports (network layer, sender's address) lie inside the frame. The frames are
 * real ones of each link layer (Ethernet, with an Arista timestamp header or an MPLS label stack, ERF
 * records, a cooked header) cut short at a random byte, with random bytes changed (seeded, so a
 * failure repeats).
 */
class LinkLayerPropertyTest {

    private static final int ROUNDS = 50_000;
    private static final int MAC_LENGTH = 6;

    @Test
    void shouldStayInsideTheFrameWhateverItHoldsUnderEveryLinkType() {
        final SplittableRandom random = new SplittableRandom(0x11_4C_A7E5L);
        final byte[] packet = ethernet(EtherType.IPV4, rocePacket(INNER_SOURCE));
        final List<byte[]> seeds = List.of(
            packet,
            join(HexFormat.of().parseHex("0200000000aa0200000000bbd28b000100106553f10038aa77c1"), slice(packet, 12)),
            join(HexFormat.of().parseHex("0200000000aa0200000000bb88470001004000010140"), slice(packet, 14)),
            join(HexFormat.of().parseHex("0000000000000000" + "82000000000000ff" + "8300000000000000" + "0400000000000000"
                + "0000"), packet),
            join(HexFormat.of().parseHex("000000000000000016000000000000ff"), slice(packet, 14)),
            join(HexFormat.of().parseHex("00000001000602000000bb000000"), slice(packet, 12)));
        for (int round = 0; round < ROUNDS; round++) {
            final LinkType linkType = LinkType.values()[random.nextInt(LinkType.values().length)];
            final AlteredFrame frame = AlteredFrame.of(random, seeds);
            final int length = frame.lengthBytes();
            final NetworkLayer layer = new NetworkLayer();

            assertThatCode(() -> NetworkLayerLocator.locate(linkType, frame.buffer(), AlteredFrame.AT, length, layer))
                .as("round %d, %s", round, linkType).doesNotThrowAnyException();
            if (layer.isLocated()) {
                assertThat(layer.offsetBytes()).as("round %d, %s", round, linkType).isBetween(0, length);
            }
            if (layer.sourceMacOffsetBytes() >= 0) {
                assertThat(layer.sourceMacOffsetBytes()).as("round %d, %s", round, linkType).isBetween(0, length - MAC_LENGTH);
            }
        }
    }

    private static byte[] slice(final byte[] bytes, final int from) {
        return Arrays.copyOfRange(bytes, from, bytes.length);
    }

    private static byte[] join(final byte[] a, final byte[] b) {
        return EncapsulatedFrames.join(a, b);
    }
}
