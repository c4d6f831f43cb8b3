package org.mprt.ctk.pcap.link;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mprt.ctk.pcap.link.EncapsulatedFrames.INNER_SOURCE;
import static org.mprt.ctk.pcap.link.EncapsulatedFrames.erspanII;
import static org.mprt.ctk.pcap.link.EncapsulatedFrames.erspanIII;
import static org.mprt.ctk.pcap.link.EncapsulatedFrames.ethernet;
import static org.mprt.ctk.pcap.link.EncapsulatedFrames.ethernetVlan;
import static org.mprt.ctk.pcap.link.EncapsulatedFrames.geneve;
import static org.mprt.ctk.pcap.link.EncapsulatedFrames.gre;
import static org.mprt.ctk.pcap.link.EncapsulatedFrames.rocePacket;
import static org.mprt.ctk.pcap.link.EncapsulatedFrames.toCollector;
import static org.mprt.ctk.pcap.link.EncapsulatedFrames.udp;
import static org.mprt.ctk.pcap.link.EncapsulatedFrames.vxlan;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.pcap.LinkDirection;
import org.mprt.ctk.pcap.LinkType;

class EncapsulationDecoderTest {
    private static final int GRE = EncapsulationDecoder.IP_PROTOCOL_GRE;
    private static final int UDP = EncapsulationDecoder.IP_PROTOCOL_UDP;
    private static final int GRE_SEQUENCE = 0x1000;

    /** Every encapsulation the locator unwraps, each around a packet with its own source address. */
    static Map<Encapsulation, byte[]> wrapped() {
        final Map<Encapsulation, byte[]> frames = new LinkedHashMap<>();
        frames.put(Encapsulation.ERSPAN_I, toCollector(GRE, gre(0, 0x88BE, ethernet(EtherType.IPV4, rocePacket(INNER_SOURCE + 1)))));
        frames.put(Encapsulation.ERSPAN_II, toCollector(GRE,
            gre(GRE_SEQUENCE, 0x88BE, erspanII(1, ethernet(EtherType.IPV4, rocePacket(INNER_SOURCE + 2))))));
        frames.put(Encapsulation.ERSPAN_III, toCollector(GRE,
            gre(GRE_SEQUENCE, 0x22EB, erspanIII(0, true, ethernet(EtherType.IPV4, rocePacket(INNER_SOURCE + 3))))));
        frames.put(Encapsulation.GRE_ETHERNET, toCollector(GRE,
            gre(0xA000, 0x6558, ethernet(EtherType.IPV4, rocePacket(INNER_SOURCE + 4)))));
        frames.put(Encapsulation.GRE_IP, toCollector(GRE, gre(0x2000, EtherType.IPV4, rocePacket(INNER_SOURCE + 5))));
        frames.put(Encapsulation.VXLAN, toCollector(UDP,
            udp(0xD000, EncapsulationDecoder.VXLAN_PORT, vxlan(ethernet(EtherType.IPV4, rocePacket(INNER_SOURCE + 6))))));
        frames.put(Encapsulation.GENEVE, toCollector(UDP, udp(0xD000, EncapsulationDecoder.GENEVE_PORT,
            geneve(2, 0x6558, ethernet(EtherType.IPV4, rocePacket(INNER_SOURCE + 7))))));
        return frames;
    }

    @Test
    void shouldFindTheMirroredPacketInsideEveryEncapsulation() {
        int source = INNER_SOURCE;
        for (final Map.Entry<Encapsulation, byte[]> e : wrapped().entrySet()) {
            final ByteBuffer frame = ByteBuffer.wrap(e.getValue());
            final NetworkLayer layer = HexFrame.locate(LinkType.ETHERNET, frame);

            assertThat(layer.encapsulation()).as("%s", e.getKey()).isEqualTo(e.getKey());
            assertThat(layer.encapsulations()).isEqualTo(1);
            assertThat(layer.kind()).isEqualTo(NetworkLayerKind.IPV4);
            assertThat(layer.offsetBytes()).isEqualTo(e.getValue().length - rocePacket(0).length);
            assertThat(frame.getInt(layer.offsetBytes() + 12)).as("%s: the inner source", e.getKey()).isEqualTo(++source);
        }
    }

    @Test
    void shouldReportTheMirroredFramesOwnVlanTagAndEtherType() {
        final byte[] pause = {0x00, 0x01, (byte) 0xFF, (byte) 0xFF};
        final byte[] tagged = toCollector(GRE, gre(GRE_SEQUENCE, 0x88BE, erspanII(1,
            ethernetVlan(100, EtherType.IPV4, rocePacket(INNER_SOURCE)))));
        final byte[] outerTagged = ethernetVlan(7, EtherType.IPV4, Arrays.copyOfRange(tagged, 14, tagged.length));
        final byte[] mirroredPause = toCollector(GRE, gre(0, 0x88BE, ethernet(EtherType.MAC_CONTROL, pause)));

        final NetworkLayer inner = HexFrame.locate(LinkType.ETHERNET, ByteBuffer.wrap(outerTagged));
        final NetworkLayer control = HexFrame.locate(LinkType.ETHERNET, ByteBuffer.wrap(mirroredPause));

        assertThat(inner.vlanTagCount()).isEqualTo(1);
        assertThat(inner.outerVlanId()).isEqualTo(100);
        assertThat(control.kind()).isEqualTo(NetworkLayerKind.OTHER);
        assertThat(control.isMacControl()).isTrue();
        assertThat(control.offsetBytes()).isEqualTo(mirroredPause.length - pause.length);
    }

    @Test
    void shouldGiveTheMirroredFramesSourceAddressNeverTheMirrors() {
        for (final Map.Entry<Encapsulation, byte[]> e : wrapped().entrySet()) {
            final ByteBuffer frame = ByteBuffer.wrap(e.getValue());
            final NetworkLayer layer = HexFrame.locate(LinkType.ETHERNET, frame);

            if (e.getKey() == Encapsulation.GRE_IP) {
                assertThat(layer.sourceMacOffsetBytes()).as("a packet carried without its Ethernet header").isEqualTo(-1);
            } else {
                // The mirrored frame's Ethernet header ends where its packet starts; its source address is 0xDD.
                assertThat(layer.sourceMacOffsetBytes()).as("%s", e.getKey()).isEqualTo(layer.offsetBytes() - 8);
                assertThat(frame.get(layer.sourceMacOffsetBytes() + 5)).isEqualTo((byte) 0xDD);
            }
        }
    }

    @Test
    void shouldUnwrapOverIpv6WithExtensionHeadersAndIpInsideGeneve() {
        final byte[] overIpv6 = ethernet(EtherType.IPV6, EncapsulatedFrames.ipv6(60, EncapsulatedFrames.destinationOptions(GRE,
            gre(GRE_SEQUENCE, 0x88BE, erspanII(1, ethernet(EtherType.IPV4, rocePacket(INNER_SOURCE)))))));
        final byte[] ipv6Inside = toCollector(UDP, udp(0xD000, EncapsulationDecoder.GENEVE_PORT,
            geneve(0, EtherType.IPV6, EncapsulatedFrames.ipv6(UDP, udp(0xC000, 4791, new byte[16])))));

        final NetworkLayer first = HexFrame.locate(LinkType.ETHERNET, ByteBuffer.wrap(overIpv6));
        final NetworkLayer second = HexFrame.locate(LinkType.ETHERNET, ByteBuffer.wrap(ipv6Inside));

        assertThat(first.encapsulation()).isEqualTo(Encapsulation.ERSPAN_II);
        assertThat(first.offsetBytes()).isEqualTo(overIpv6.length - rocePacket(0).length);
        assertThat(second.encapsulation()).isEqualTo(Encapsulation.GENEVE);
        assertThat(second.kind()).isEqualTo(NetworkLayerKind.IPV6);
        assertThat(second.offsetBytes()).isEqualTo(ipv6Inside.length - 40 - 8 - 16);
    }

    @Test
    void shouldUnwrapEncapsulationsInsideEachOtherUpToALimit() {
        final byte[] overlayMirrored = toCollector(GRE, gre(GRE_SEQUENCE, 0x88BE, erspanII(1, ethernet(EtherType.IPV4,
            EncapsulatedFrames.ipv4(UDP, 0x0B00_0001, 0x0B00_0002, udp(0xD000, EncapsulationDecoder.VXLAN_PORT,
                vxlan(ethernet(EtherType.IPV4, rocePacket(INNER_SOURCE)))))))));
        byte[] deep = rocePacket(INNER_SOURCE);
        for (int i = 0; i <= NetworkLayerLocator.MAX_ENCAPSULATIONS; i++) {
            deep = EncapsulatedFrames.ipv4(GRE, 0x0C00_0000 + i, 0x0C00_00FF, gre(0, EtherType.IPV4, deep));
        }
        final byte[] tooDeep = ethernet(EtherType.IPV4, deep);

        final NetworkLayer twice = HexFrame.locate(LinkType.ETHERNET, ByteBuffer.wrap(overlayMirrored));
        final NetworkLayer limited = HexFrame.locate(LinkType.ETHERNET, ByteBuffer.wrap(tooDeep));

        assertThat(twice.encapsulation()).isEqualTo(Encapsulation.ERSPAN_II);
        assertThat(twice.encapsulations()).isEqualTo(2);
        assertThat(twice.offsetBytes()).isEqualTo(overlayMirrored.length - rocePacket(0).length);
        assertThat(limited.encapsulations()).isEqualTo(NetworkLayerLocator.MAX_ENCAPSULATIONS);
        assertThat(limited.kind()).isEqualTo(NetworkLayerKind.IPV4);
        assertThat(tooDeep[limited.offsetBytes() + 9]).as("the last GRE is left for the decoder").isEqualTo((byte) GRE);
    }

    @Test
    void shouldLeaveWhatIsNotCertainlyAnEncapsulationAsItIs() {
        final byte[] inner = ethernet(EtherType.IPV4, rocePacket(INNER_SOURCE));
        final List<byte[]> frames = List.of(
            rocePacketOnTheWire(),
            ethernet(EtherType.IPV4, EncapsulatedFrames.ipv4(GRE, 1, 2, 0x2000, gre(0, 0x88BE, inner))),
            toCollector(GRE, gre(0x4000, 0x88BE, inner)),
            toCollector(GRE, gre(0x0001, 0x88BE, inner)),
            toCollector(GRE, gre(GRE_SEQUENCE, 0x88BE, erspanII(2, inner))),
            toCollector(GRE, gre(GRE_SEQUENCE, 0x22EB, erspanIII(2, false, inner))),
            toCollector(GRE, gre(0, 0x0806, inner)),
            toCollector(UDP, udp(0xD000, 4790, vxlan(inner))));

        for (final byte[] frame : frames) {
            final NetworkLayer layer = HexFrame.locate(LinkType.ETHERNET, ByteBuffer.wrap(frame));

            assertThat(layer.encapsulation()).isEqualTo(Encapsulation.NONE);
            assertThat(layer.kind()).isEqualTo(NetworkLayerKind.IPV4);
            assertThat(layer.offsetBytes()).isEqualTo(14);
        }
    }

    @Test
    void shouldForgetWhichWayTheCollectorSawTheOuterPacket() {
        final byte[] mirrored = wrapped().get(Encapsulation.ERSPAN_II);
        final byte[] cooked = EncapsulatedFrames.join(HexFormat.of().parseHex("0800000000000003000100060200000000cc0000"),
            Arrays.copyOfRange(mirrored, 14, mirrored.length));

        final NetworkLayer layer = HexFrame.locate(LinkType.LINUX_SLL2, ByteBuffer.wrap(cooked));

        assertThat(layer.encapsulation()).isEqualTo(Encapsulation.ERSPAN_II);
        assertThat(layer.direction()).as("the collector received the ERSPAN packet, not the mirrored one")
            .isEqualTo(LinkDirection.NOT_STATED);
    }

    @Test
    void shouldGiveTheLengthAMirrorMayHaveCutTheFrameFrom() {
        final byte[] whole = wrapped().get(Encapsulation.ERSPAN_II);
        final int erspan = 14 + 20 + 8;
        final byte[] cut = Arrays.copyOf(whole, whole.length - 10);
        final byte[] cutAndSaysSo = cut.clone();
        cutAndSaysSo[erspan + 2] |= 0x04;

        final NetworkLayer silent = HexFrame.locate(LinkType.ETHERNET, ByteBuffer.wrap(cut));
        final NetworkLayer told = HexFrame.locate(LinkType.ETHERNET, ByteBuffer.wrap(cutAndSaysSo));
        final NetworkLayer vxlan = HexFrame.locate(LinkType.ETHERNET, ByteBuffer.wrap(wrapped().get(Encapsulation.VXLAN)));
        final NetworkLayer bare = HexFrame.locate(LinkType.ETHERNET, ByteBuffer.wrap(rocePacketOnTheWire()));

        assertThat(silent.mirroredFrameLengthBytes()).as("T clear: the mirror did not cut it").isEqualTo(-1);
        assertThat(told.mirroredFrameLengthBytes()).as("T set: as long as its IP header says").isEqualTo(whole.length);
        assertThat(vxlan.mirroredFrameLengthBytes()).as("VXLAN cannot say").isEqualTo(wrapped().get(Encapsulation.VXLAN).length);
        assertThat(bare.mirroredFrameLengthBytes()).isEqualTo(-1);
    }

    @Test
    void shouldCallAnEncapsulationCutBeforeItsPacketTruncated() {
        final byte[] frame = wrapped().get(Encapsulation.ERSPAN_II);
        final int greStart = 14 + 20;

        final NetworkLayer inGre = HexFrame.locate(LinkType.ETHERNET, ByteBuffer.wrap(frame, 0, greStart + 3));
        final NetworkLayer inErspan = HexFrame.locate(LinkType.ETHERNET, ByteBuffer.wrap(frame, 0, greStart + 8 + 5));
        final NetworkLayer inEthernet = HexFrame.locate(LinkType.ETHERNET, ByteBuffer.wrap(frame, 0, greStart + 8 + 8 + 13));
        final NetworkLayer atIp = HexFrame.locate(LinkType.ETHERNET, ByteBuffer.wrap(frame, 0, greStart + 8 + 8 + 14));

        assertThat(inGre.kind()).isEqualTo(NetworkLayerKind.TRUNCATED);
        assertThat(inErspan.kind()).isEqualTo(NetworkLayerKind.TRUNCATED);
        assertThat(inEthernet.kind()).isEqualTo(NetworkLayerKind.TRUNCATED);
        assertThat(inEthernet.encapsulation()).isEqualTo(Encapsulation.ERSPAN_II);
        assertThat(atIp.kind()).isEqualTo(NetworkLayerKind.IPV4);
        assertThat(atIp.offsetBytes()).isEqualTo(greStart + 8 + 8 + 14);
    }

    private static byte[] rocePacketOnTheWire() {
        return ethernet(EtherType.IPV4, rocePacket(INNER_SOURCE));
    }
}
