package org.mprt.ctk.pcap.link;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.mprt.ctk.pcap.link.EncapsulatedFrames.INNER_SOURCE;
import static org.mprt.ctk.pcap.link.EncapsulatedFrames.erspanII;
import static org.mprt.ctk.pcap.link.EncapsulatedFrames.ethernet;
import static org.mprt.ctk.pcap.link.EncapsulatedFrames.gre;
import static org.mprt.ctk.pcap.link.EncapsulatedFrames.rocePacket;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.pcap.LinkType;

/**
 * Whatever bytes follow an outer header that announces an encapsulation, the locator neither throws
 * nor reads past the frame, and what it reports lies inside the frame. The frames are a real
 * encapsulation cut short at a random byte, or with random bytes flipped (seeded, so a failure
 * repeats).
 */
class EncapsulationPropertyTest {

    private static final int ROUNDS = 50_000;

    @Test
    void shouldStayInsideTheFrameWhateverTheEncapsulationHolds() {
        final SplittableRandom random = new SplittableRandom(0xE45B_A11L);
        final List<byte[]> seeds = new ArrayList<>(EncapsulationDecoderTest.wrapped().values());
        // Over IPv6 with an extension header, and a packet that is no encapsulation at all.
        seeds.add(ethernet(EtherType.IPV6, EncapsulatedFrames.ipv6(60, EncapsulatedFrames.destinationOptions(
            EncapsulationDecoder.IP_PROTOCOL_GRE, gre(0x1000, 0x88BE, erspanII(1, ethernet(EtherType.IPV4,
            rocePacket(INNER_SOURCE))))))));
        seeds.add(ethernet(EtherType.IPV4, rocePacket(INNER_SOURCE)));
        for (int round = 0; round < ROUNDS; round++) {
            final AlteredFrame frame = AlteredFrame.of(random, seeds);
            final NetworkLayer layer = new NetworkLayer();

            assertThatCode(() -> NetworkLayerLocator.locate(LinkType.ETHERNET, frame.buffer(), AlteredFrame.AT,
                frame.lengthBytes(), layer)).as("round %d", round).doesNotThrowAnyException();
            if (layer.isLocated()) {
                assertThat(layer.offsetBytes()).as("round %d", round).isBetween(0, frame.lengthBytes());
            }
            assertThat(layer.encapsulations()).isBetween(0, NetworkLayerLocator.MAX_ENCAPSULATIONS);
        }
    }
}
