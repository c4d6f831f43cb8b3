package org.mprt.ctk.pcap.link;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;

/**
 * Frames as a remote mirror or an overlay delivers them, built layer by layer with their length
 * fields filled in, so that Wireshark dissects them too. Each builder takes what it wraps.
 */
final class EncapsulatedFrames {
    static final int OUTER_SOURCE = 0xC0A8_0001;
    static final int OUTER_DESTINATION = 0xC0A8_0002;
    static final int INNER_SOURCE = 0x0A00_0001;
    static final int INNER_DESTINATION = 0x0A00_0002;
    static final int ROCE_PORT = 4791;

    private EncapsulatedFrames() {
    }

    /** The mirrored packet: IPv4, UDP to port 4791, a BTH and an ICRC (zeros: the locator reads no further). */
    static byte[] rocePacket(final int source) {
        return ipv4(EncapsulationDecoder.IP_PROTOCOL_UDP, source, INNER_DESTINATION, udp(0xC000, ROCE_PORT, new byte[16]));
    }

    static byte[] ethernet(final int etherType, final byte[] payload) {
        return join(mac(0xCC), mac(0xDD), u16(etherType), payload);
    }

    static byte[] ethernetVlan(final int vlanId, final int etherType, final byte[] payload) {
        return join(mac(0xCC), mac(0xDD), u16(EtherType.VLAN), u16(vlanId), u16(etherType), payload);
    }

    static byte[] ipv4(final int protocol, final int source, final int destination, final byte[] payload) {
        return ipv4(protocol, source, destination, 0x4000, payload);
    }

    /** With {@code flagsAndFragmentOffset} as given: 0x2000 is MF, the low 13 bits the offset. */
    static byte[] ipv4(final int protocol, final int source, final int destination, final int flagsAndFragmentOffset,
                       final byte[] payload) {
        final ByteBuffer h = ByteBuffer.allocate(20);
        h.put((byte) 0x45).put((byte) 0).putShort((short) (20 + payload.length)).putShort((short) 1)
            .putShort((short) flagsAndFragmentOffset).put((byte) 64).put((byte) protocol).putShort((short) 0)
            .putInt(source).putInt(destination);
        int sum = 0;
        for (int i = 0; i < 20; i += 2) {
            sum += h.getShort(i) & 0xFFFF;
        }
        sum = (sum & 0xFFFF) + (sum >>> 16);
        h.putShort(10, (short) ~((sum & 0xFFFF) + (sum >>> 16)));
        return join(h.array(), payload);
    }

    /** IPv6 from 2001:db8::1 to 2001:db8::2, with the extension headers given ahead of the payload. */
    static byte[] ipv6(final int nextHeader, final byte[] payload) {
        final ByteBuffer h = ByteBuffer.allocate(40);
        h.putInt(0x6000_0000).putShort((short) payload.length).put((byte) nextHeader).put((byte) 64)
            .putLong(0x2001_0DB8_0000_0000L).putLong(1).putLong(0x2001_0DB8_0000_0000L).putLong(2);
        return join(h.array(), payload);
    }

    /** An IPv6 destination options header of 8 bytes (one PadN option), then {@code nextHeader}. */
    static byte[] destinationOptions(final int nextHeader, final byte[] payload) {
        return join(new byte[] {(byte) nextHeader, 0, 1, 4, 0, 0, 0, 0}, payload);
    }

    static byte[] udp(final int sourcePort, final int destinationPort, final byte[] payload) {
        return join(u16(sourcePort), u16(destinationPort), u16(8 + payload.length), u16(0), payload);
    }

    /** GRE with the C, K and S fields present as {@code flags} says (zeros; the sequence number 7). */
    static byte[] gre(final int flags, final int protocol, final byte[] payload) {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(u16(flags));
        out.writeBytes(u16(protocol));
        if ((flags & 0x8000) != 0) {
            out.writeBytes(new byte[4]);
        }
        if ((flags & 0x2000) != 0) {
            out.writeBytes(new byte[] {0, 0, 0, 9});
        }
        if ((flags & 0x1000) != 0) {
            out.writeBytes(new byte[] {0, 0, 0, 7});
        }
        out.writeBytes(payload);
        return out.toByteArray();
    }

    /** An ERSPAN type II header of {@code version} (1 is right), session 5, then the frame. */
    static byte[] erspanII(final int version, final byte[] frame) {
        return join(u16(version << 12), u16(5), new byte[] {0, 0, 0, 0}, frame);
    }

    /** An ERSPAN type III header (version 2, session 5), frame type {@code frameType}, O as given. */
    static byte[] erspanIII(final int frameType, final boolean platformSpecific, final byte[] frame) {
        final byte[] header = join(u16(2 << 12), u16(5), new byte[] {0x12, 0x34, 0x56, 0x78}, u16(0),
            u16(frameType << 10 | (platformSpecific ? 1 : 0)));
        return platformSpecific ? join(header, new byte[] {0x04, 0, 0, 0, 0, 0, 0, 0}, frame) : join(header, frame);
    }

    static byte[] vxlan(final byte[] frame) {
        return join(new byte[] {0x08, 0, 0, 0, 0, 0, 0x2A, 0}, frame);
    }

    /** Geneve with {@code optionWords} 4-byte words of options (one TLV) ahead of {@code payload}. */
    static byte[] geneve(final int optionWords, final int protocol, final byte[] payload) {
        final byte[] options = new byte[optionWords * 4];
        if (optionWords > 0) {
            options[0] = 0x01;
            options[2] = 0x01;
            options[3] = (byte) (optionWords - 1);
        }
        return join(new byte[] {(byte) optionWords, 0}, u16(protocol), new byte[] {0, 0, 0x2A, 0}, options, payload);
    }

    /** A frame on the collector's link: Ethernet, IPv4 from the mirroring switch, then {@code ipPayload}. */
    static byte[] toCollector(final int protocol, final byte[] ipPayload) {
        return ethernet(EtherType.IPV4, ipv4(protocol, OUTER_SOURCE, OUTER_DESTINATION, ipPayload));
    }

    /** An IPv4 address as tshark prints it. */
    static String dotted(final int address) {
        return (address >>> 24) + "." + (address >>> 16 & 0xFF) + "." + (address >>> 8 & 0xFF) + "." + (address & 0xFF);
    }

    static byte[] join(final byte[]... parts) {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (final byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }

    private static byte[] mac(final int last) {
        return new byte[] {0x02, 0, 0, 0, 0, (byte) last};
    }

    private static byte[] u16(final int value) {
        return new byte[] {(byte) (value >>> 8), (byte) value};
    }
}
