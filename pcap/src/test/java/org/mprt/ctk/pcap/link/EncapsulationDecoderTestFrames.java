package org.mprt.ctk.pcap.link;

import static org.mprt.ctk.pcap.link.EncapsulatedFrames.INNER_SOURCE;
import static org.mprt.ctk.pcap.link.EncapsulatedFrames.erspanII;
import static org.mprt.ctk.pcap.link.EncapsulatedFrames.erspanIII;
import static org.mprt.ctk.pcap.link.EncapsulatedFrames.ethernet;
import static org.mprt.ctk.pcap.link.EncapsulatedFrames.geneve;
import static org.mprt.ctk.pcap.link.EncapsulatedFrames.gre;
import static org.mprt.ctk.pcap.link.EncapsulatedFrames.rocePacket;
import static org.mprt.ctk.pcap.link.EncapsulatedFrames.toCollector;
import static org.mprt.ctk.pcap.link.EncapsulatedFrames.udp;
import static org.mprt.ctk.pcap.link.EncapsulatedFrames.vxlan;

/** One frame of each encapsulation the locator unwraps, and a few it must leave alone, as test seeds. */
final class EncapsulationDecoderTestFrames {
    private static final int GRE = EncapsulationDecoder.IP_PROTOCOL_GRE;
    private static final int UDP = EncapsulationDecoder.IP_PROTOCOL_UDP;

    private EncapsulationDecoderTestFrames() {
    }

    static byte[][] all() {
        final byte[] inner = ethernet(EtherType.IPV4, rocePacket(INNER_SOURCE));
        return new byte[][] {
            toCollector(GRE, gre(0, 0x88BE, inner)),
            toCollector(GRE, gre(0x1000, 0x88BE, erspanII(1, inner))),
            toCollector(GRE, gre(0x1000, 0x22EB, erspanIII(0, true, inner))),
            toCollector(GRE, gre(0xB000, 0x6558, inner)),
            toCollector(GRE, gre(0, EtherType.IPV4, rocePacket(INNER_SOURCE))),
            toCollector(UDP, udp(0xD000, EncapsulationDecoder.VXLAN_PORT, vxlan(inner))),
            toCollector(UDP, udp(0xD000, EncapsulationDecoder.GENEVE_PORT, geneve(3, 0x6558, inner))),
            ethernet(EtherType.IPV6, EncapsulatedFrames.ipv6(60, EncapsulatedFrames.destinationOptions(GRE,
                gre(0x1000, 0x88BE, erspanII(1, inner))))),
            inner,
        };
    }
}
