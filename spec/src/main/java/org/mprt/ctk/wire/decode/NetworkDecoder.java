package org.mprt.ctk.wire.decode;

import java.nio.ByteBuffer;
import org.mprt.ctk.wire.NetworkOrder;
import org.mprt.ctk.wire.decode.DecodeError.Kind;
import org.mprt.ctk.wire.ip.Ipv4Flyweight;
import org.mprt.ctk.wire.ip.Ipv6Flyweight;
import org.mprt.ctk.wire.ip.NetworkKind;
import org.mprt.ctk.wire.ip.UdpFlyweight;

/**
 * IPv4 or IPv6, then UDP: checks that the datagram is whole and its lengths agree
 * (MPRT-WIRE-003), then hands the UDP payload to {@link TransportDecoder}.
 *
 * <p>A packet is NOT_ROCE only when the bytes present prove it: another IP protocol or next
 * header (IPv6 extension headers included, which RoCEv2 does not use), a UDP destination port
 * other than 4791, or a non-first IPv4 fragment, whose UDP header is elsewhere. A first fragment
 * of UDP/4791 is MALFORMED: the kit never reassembles (MPRT-WIRE-005, section 3.8).
 */
final class NetworkDecoder {

    private static final String CAPTURED = "bytes present";

    private NetworkDecoder() {
    }

    static DecodeStatus decode(
        final ByteBuffer buffer, final int offset, final NetworkKind kind, final int available, final DecodedPacket out) {
        out.networkKind = kind;
        out.networkOffset = offset;
        return kind == NetworkKind.IPV4 ? ipv4(buffer, offset, available, out) : ipv6(buffer, offset, available, out);
    }

    private static DecodeStatus ipv4(final ByteBuffer buffer, final int offset, final int available, final DecodedPacket out) {
        if (available < 1) {
            return Failures.truncated(out, Ipv4Flyweight.LAYOUT, offset, available);
        }
        final int version = (int) Ipv4Flyweight.VERSION.read(buffer, offset);
        if (version != NetworkKind.IPV4.version()) {
            return Failures.fail(out, Kind.VALUE, Ipv4Flyweight.VERSION, Ipv4Flyweight.LAYOUT, offset, 4, version, null);
        }
        if (available > Ipv4Flyweight.PROTOCOL_FIELD_OFFSET
            && Ipv4Flyweight.PROTOCOL.read(buffer, offset) != Ipv4Flyweight.PROTOCOL_UDP) {
            return Failures.notRoce(out);
        }
        if (available < Ipv4Flyweight.IPV4_LENGTH) {
            return Failures.truncated(out, Ipv4Flyweight.LAYOUT, offset, available);
        }
        final int ihl = (int) Ipv4Flyweight.IHL.read(buffer, offset);
        if (ihl < Ipv4Flyweight.IPV4_LENGTH / 4) {
            return Failures.fail(out, Kind.AT_LEAST, Ipv4Flyweight.IHL, Ipv4Flyweight.LAYOUT, offset, 5, ihl, null);
        }
        final int headerLength = ihl * 4;
        if (available < headerLength) {
            return Failures.fail(out, Kind.TRUNCATED, Ipv4Flyweight.IHL, Ipv4Flyweight.LAYOUT, offset,
                headerLength, available, "IPv4 options");
        }
        out.networkHeaderLength = headerLength;
        return ipv4Datagram(buffer, offset, headerLength, available, out);
    }

    // After the fixed header: fragments, the destination port, and the total length against the bytes present.
    private static DecodeStatus ipv4Datagram(
        final ByteBuffer buffer, final int offset, final int headerLength, final int available, final DecodedPacket out) {
        if (Ipv4Flyweight.FRAGMENT_OFFSET.read(buffer, offset) != 0) {
            return Failures.notRoce(out);
        }
        if (isOtherPort(buffer, offset + headerLength, available - headerLength)) {
            return Failures.notRoce(out);
        }
        final int totalLength = (int) Ipv4Flyweight.TOTAL_LENGTH.read(buffer, offset);
        if (totalLength > available) {
            return Failures.fail(out, Kind.AT_MOST, Ipv4Flyweight.TOTAL_LENGTH, Ipv4Flyweight.LAYOUT,
                offset + Ipv4Flyweight.TOTAL_LENGTH_FIELD_OFFSET, available, totalLength, CAPTURED);
        }
        if (totalLength < headerLength) {
            return Failures.fail(out, Kind.AT_LEAST, Ipv4Flyweight.TOTAL_LENGTH, Ipv4Flyweight.LAYOUT,
                offset + Ipv4Flyweight.TOTAL_LENGTH_FIELD_OFFSET, headerLength, totalLength, "IPv4 header length");
        }
        final long mf = Ipv4Flyweight.MF.read(buffer, offset);
        if (mf != 0) {
            return Failures.fail(out, Kind.VALUE, Ipv4Flyweight.MF, Ipv4Flyweight.LAYOUT,
                offset + Ipv4Flyweight.MF.byteOffset(), 0, mf, "first fragment; the kit does not reassemble");
        }
        out.trailerLength = available - totalLength;
        return udp(buffer, offset + headerLength, totalLength - headerLength, out);
    }

    private static DecodeStatus ipv6(final ByteBuffer buffer, final int offset, final int available, final DecodedPacket out) {
        if (available < 1) {
            return Failures.truncated(out, Ipv6Flyweight.LAYOUT, offset, available);
        }
        final int version = (int) Ipv6Flyweight.VERSION.read(buffer, offset);
        if (version != NetworkKind.IPV6.version()) {
            return Failures.fail(out, Kind.VALUE, Ipv6Flyweight.VERSION, Ipv6Flyweight.LAYOUT, offset, 6, version, null);
        }
        if (available > Ipv6Flyweight.NEXT_HEADER_FIELD_OFFSET
            && Ipv6Flyweight.NEXT_HEADER.read(buffer, offset) != Ipv6Flyweight.NEXT_HEADER_UDP) {
            return Failures.notRoce(out);
        }
        if (available < Ipv6Flyweight.IPV6_LENGTH) {
            return Failures.truncated(out, Ipv6Flyweight.LAYOUT, offset, available);
        }
        out.networkHeaderLength = Ipv6Flyweight.IPV6_LENGTH;
        final int udpOffset = offset + Ipv6Flyweight.IPV6_LENGTH;
        if (isOtherPort(buffer, udpOffset, available - Ipv6Flyweight.IPV6_LENGTH)) {
            return Failures.notRoce(out);
        }
        final int payloadLength = (int) Ipv6Flyweight.PAYLOAD_LENGTH.read(buffer, offset);
        final int present = available - Ipv6Flyweight.IPV6_LENGTH;
        if (payloadLength > present) {
            return Failures.fail(out, Kind.AT_MOST, Ipv6Flyweight.PAYLOAD_LENGTH, Ipv6Flyweight.LAYOUT,
                offset + Ipv6Flyweight.PAYLOAD_LENGTH_FIELD_OFFSET, present, payloadLength, CAPTURED);
        }
        out.trailerLength = present - payloadLength;
        return udp(buffer, udpOffset, payloadLength, out);
    }

    private static DecodeStatus udp(final ByteBuffer buffer, final int offset, final int ipPayloadLength, final DecodedPacket out) {
        if (ipPayloadLength < UdpFlyweight.UDP_LENGTH) {
            return Failures.truncated(out, UdpFlyweight.LAYOUT, offset, ipPayloadLength);
        }
        if (UdpFlyweight.DESTINATION_PORT.read(buffer, offset) != UdpFlyweight.ROCEV2_PORT) {
            return Failures.notRoce(out);
        }
        final int udpLength = (int) UdpFlyweight.LENGTH.read(buffer, offset);
        if (udpLength != ipPayloadLength) {
            return Failures.fail(out, Kind.VALUE, UdpFlyweight.LENGTH, UdpFlyweight.LAYOUT,
                offset + UdpFlyweight.LENGTH_FIELD_OFFSET, ipPayloadLength, udpLength, "IP payload length");
        }
        out.udpOffset = offset;
        return TransportDecoder.decode(buffer, offset + UdpFlyweight.UDP_LENGTH, udpLength - UdpFlyweight.UDP_LENGTH, out);
    }

    // The destination port proves "not RoCE" only when its bytes are present.
    private static boolean isOtherPort(final ByteBuffer buffer, final int udpOffset, final int present) {
        return present >= UdpFlyweight.DESTINATION_PORT_FIELD_OFFSET + 2
            && NetworkOrder.u16(buffer, udpOffset + UdpFlyweight.DESTINATION_PORT_FIELD_OFFSET) != UdpFlyweight.ROCEV2_PORT;
    }
}
