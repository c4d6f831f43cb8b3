package org.mprt.ctk.wire.decode;

import java.nio.ByteBuffer;
import org.mprt.ctk.wire.decode.DecodeError.Kind;
import org.mprt.ctk.wire.ip.Ipv4Flyweight;
import org.mprt.ctk.wire.ip.Ipv6ExtensionHeader;
import org.mprt.ctk.wire.ip.Ipv6Flyweight;
import org.mprt.ctk.wire.ip.NetworkKind;
import org.mprt.ctk.wire.ip.UdpFlyweight;

/**
 * IPv4 or IPv6, then UDP: checks that the datagram is whole and its lengths agree
 * (MPRT-WIRE-003), then hands the UDP payload to {@link TransportDecoder}.
 *
 * <p>A packet is NOT_ROCE only when the bytes present prove it: another IP protocol or next
 * header (IPv6 extension headers that do not lead to UDP port 4791 included), a UDP destination port
 * other than 4791, or a non-first IPv4 fragment, whose UDP header is elsewhere. A first fragment
 * of UDP/4791 is MALFORMED: the kit never reassembles (MPRT-WIRE-005, section 3.8).
 *
 * <p>Lengths are judged against the frame on the wire ({@code onWire}, from the original
 * length), so a snapped frame is held to the same lengths as a whole one. A byte the decision
 * needs that is on the wire but was not captured makes the frame UNIDENTIFIED up to the UDP
 * destination port, and cuts a header (TRUNCATED, by the capture) after it.
 */
final class NetworkDecoder {

    private static final String CAPTURED = "bytes present";
    private static final String ON_WIRE = "bytes of the frame on the wire";
    /** Extension headers stepped over at most, as a bound on the work a crafted chain can ask for. */
    private static final int MAX_EXTENSION_HEADERS = 8;

    private NetworkDecoder() {
    }

    /** {@code onWire}: bytes of the frame on the wire from {@code offset} on. */
    static DecodeStatus decode(
        final ByteBuffer buffer, final int offset, final NetworkKind kind, final int onWire, final DecodedPacket out) {
        out.networkKind = kind;
        out.networkOffset = offset;
        return kind == NetworkKind.IPV4 ? ipv4(buffer, offset, onWire, out) : ipv6(buffer, offset, onWire, out);
    }

    private static DecodeStatus ipv4(final ByteBuffer buffer, final int offset, final int onWire, final DecodedPacket out) {
        if (onWire < 1) {
            return Failures.truncated(out, Ipv4Flyweight.LAYOUT, offset, onWire);
        }
        if (!out.isCaptured(offset, 1)) {
            return Failures.unidentified(out);
        }
        final int version = (int) Ipv4Flyweight.VERSION.read(buffer, offset);
        if (version != NetworkKind.IPV4.version()) {
            return Failures.fail(out, Kind.VALUE, Ipv4Flyweight.VERSION, Ipv4Flyweight.LAYOUT, offset, 4, version, null);
        }
        if (out.isCaptured(offset, Ipv4Flyweight.PROTOCOL_FIELD_OFFSET + 1)
            && Ipv4Flyweight.PROTOCOL.read(buffer, offset) != Ipv4Flyweight.PROTOCOL_UDP) {
            return Failures.notRoce(out);
        }
        if (onWire < Ipv4Flyweight.IPV4_LENGTH) {
            return Failures.truncated(out, Ipv4Flyweight.LAYOUT, offset, onWire);
        }
        if (!out.isCaptured(offset, Ipv4Flyweight.IPV4_LENGTH)) {
            return Failures.unidentified(out);
        }
        final int ihl = (int) Ipv4Flyweight.IHL.read(buffer, offset);
        if (ihl < Ipv4Flyweight.IPV4_LENGTH / 4) {
            return Failures.fail(out, Kind.AT_LEAST, Ipv4Flyweight.IHL, Ipv4Flyweight.LAYOUT, offset, 5, ihl, null);
        }
        final int headerLength = ihl * 4;
        if (onWire < headerLength) {
            return Failures.fail(out, Kind.TRUNCATED, Ipv4Flyweight.IHL, Ipv4Flyweight.LAYOUT, offset,
                headerLength, onWire, "IPv4 options");
        }
        if (!out.isCaptured(offset, headerLength)) {
            return Failures.unidentified(out);
        }
        out.networkHeaderLength = headerLength;
        return ipv4Datagram(buffer, offset, headerLength, onWire, out);
    }

    // After the fixed header: fragments, the destination port, and the total length against the frame.
    private static DecodeStatus ipv4Datagram(
        final ByteBuffer buffer, final int offset, final int headerLength, final int onWire, final DecodedPacket out) {
        if (Ipv4Flyweight.FRAGMENT_OFFSET.read(buffer, offset) != 0) {
            return Failures.notRoce(out);
        }
        final DecodeStatus port = portStatus(buffer, offset, offset + headerLength, onWire, out);
        if (port != null) {
            return port;
        }
        final int totalLength = (int) Ipv4Flyweight.TOTAL_LENGTH.read(buffer, offset);
        if (totalLength > onWire) {
            return Failures.fail(out, Kind.AT_MOST, Ipv4Flyweight.TOTAL_LENGTH, Ipv4Flyweight.LAYOUT,
                offset + Ipv4Flyweight.TOTAL_LENGTH_FIELD_OFFSET, onWire, totalLength, lengthReason(out));
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
        out.trailerLength = onWire - totalLength;
        return udp(buffer, offset + headerLength, totalLength - headerLength, out);
    }

    private static DecodeStatus ipv6(final ByteBuffer buffer, final int offset, final int onWire, final DecodedPacket out) {
        if (onWire < 1) {
            return Failures.truncated(out, Ipv6Flyweight.LAYOUT, offset, onWire);
        }
        if (!out.isCaptured(offset, 1)) {
            return Failures.unidentified(out);
        }
        final int version = (int) Ipv6Flyweight.VERSION.read(buffer, offset);
        if (version != NetworkKind.IPV6.version()) {
            return Failures.fail(out, Kind.VALUE, Ipv6Flyweight.VERSION, Ipv6Flyweight.LAYOUT, offset, 6, version, null);
        }
        if (out.isCaptured(offset, Ipv6Flyweight.NEXT_HEADER_FIELD_OFFSET + 1)
            && Ipv6Flyweight.NEXT_HEADER.read(buffer, offset) != Ipv6Flyweight.NEXT_HEADER_UDP) {
            return behindExtensionHeaders(buffer, offset, onWire, out);
        }
        if (onWire < Ipv6Flyweight.IPV6_LENGTH) {
            return Failures.truncated(out, Ipv6Flyweight.LAYOUT, offset, onWire);
        }
        if (!out.isCaptured(offset, Ipv6Flyweight.IPV6_LENGTH)) {
            return Failures.unidentified(out);
        }
        out.networkHeaderLength = Ipv6Flyweight.IPV6_LENGTH;
        final int udpOffset = offset + Ipv6Flyweight.IPV6_LENGTH;
        final DecodeStatus port = portStatus(buffer, offset, udpOffset, onWire, out);
        if (port != null) {
            return port;
        }
        final int payloadLength = (int) Ipv6Flyweight.PAYLOAD_LENGTH.read(buffer, offset);
        final int onWireAfterHeader = onWire - Ipv6Flyweight.IPV6_LENGTH;
        if (payloadLength > onWireAfterHeader) {
            return Failures.fail(out, Kind.AT_MOST, Ipv6Flyweight.PAYLOAD_LENGTH, Ipv6Flyweight.LAYOUT,
                offset + Ipv6Flyweight.PAYLOAD_LENGTH_FIELD_OFFSET, onWireAfterHeader, payloadLength, lengthReason(out));
        }
        out.trailerLength = onWireAfterHeader - payloadLength;
        return udp(buffer, udpOffset, payloadLength, out);
    }

    /**
     * An IPv6 header whose next header is not UDP: NOT_ROCE, unless extension headers lead to a UDP
     * header to port 4791, where RoCEv2 and MPRT never put one (ROCE-WIRE-004; MPRT-WIRE-003, whose
     * payload length must cover the UDP datagram alone): MALFORMED at the next header, with the
     * extension headers counted in the network header. UNIDENTIFIED when the capture cut the chain
     * before the port; a later fragment, ESP, or a chain of more than eight headers is NOT_ROCE.
     */
    private static DecodeStatus behindExtensionHeaders(
        final ByteBuffer buffer, final int offset, final int onWire, final DecodedPacket out) {
        final int first = (int) Ipv6Flyweight.NEXT_HEADER.read(buffer, offset);
        if (!Ipv6ExtensionHeader.isSteppable(first) || onWire < Ipv6Flyweight.IPV6_LENGTH) {
            return Failures.notRoce(out);
        }
        int next = first;
        int at = offset + Ipv6Flyweight.IPV6_LENGTH;
        int headers = 0;
        while (next != Ipv6Flyweight.NEXT_HEADER_UDP) {
            if (!Ipv6ExtensionHeader.isSteppable(next) || headers == MAX_EXTENSION_HEADERS
                || at - offset + Ipv6ExtensionHeader.MINIMUM_LENGTH > onWire) {
                return Failures.notRoce(out);
            }
            if (!out.isCaptured(at, Ipv6ExtensionHeader.MINIMUM_LENGTH)) {
                return Failures.unidentified(out);
            }
            if (next == Ipv6ExtensionHeader.FRAGMENT && Ipv6ExtensionHeader.isLaterFragment(buffer, at)) {
                return Failures.notRoce(out);
            }
            final int length = Ipv6ExtensionHeader.length(next, buffer, at);
            next = Ipv6ExtensionHeader.nextHeader(buffer, at);
            at += length;
            headers++;
        }
        final DecodeStatus port = portStatus(buffer, offset, at, onWire, out);
        if (port != null) {
            return port;
        }
        if (!out.isCaptured(at, UdpFlyweight.DESTINATION_PORT_FIELD_OFFSET + 2)) {
            // The frame ends before the port: nothing shows it was meant for 4791.
            return Failures.notRoce(out);
        }
        out.networkHeaderLength = at - offset;
        return Failures.fail(out, Kind.VALUE, Ipv6Flyweight.NEXT_HEADER, Ipv6Flyweight.LAYOUT,
            offset + Ipv6Flyweight.NEXT_HEADER_FIELD_OFFSET, Ipv6Flyweight.NEXT_HEADER_UDP, first,
            Ipv6ExtensionHeader.name(first) + (headers == 1 ? ", an extension header" : ", the first of " + headers
                + " extension headers") + " before UDP to port 4791; RoCEv2 and MPRT carry UDP right after the IPv6 header");
    }

    // The destination port has been found to be 4791 already.
    private static DecodeStatus udp(final ByteBuffer buffer, final int offset, final int ipPayloadLength, final DecodedPacket out) {
        if (ipPayloadLength < UdpFlyweight.UDP_LENGTH) {
            return Failures.truncated(out, UdpFlyweight.LAYOUT, offset, ipPayloadLength);
        }
        if (!out.isCaptured(offset, UdpFlyweight.UDP_LENGTH)) {
            return Failures.cutByCapture(out, UdpFlyweight.LAYOUT, offset, UdpFlyweight.UDP_LENGTH);
        }
        final int udpLength = (int) UdpFlyweight.LENGTH.read(buffer, offset);
        if (udpLength != ipPayloadLength) {
            return Failures.fail(out, Kind.VALUE, UdpFlyweight.LENGTH, UdpFlyweight.LAYOUT,
                offset + UdpFlyweight.LENGTH_FIELD_OFFSET, ipPayloadLength, udpLength, "IP payload length");
        }
        out.udpOffset = offset;
        return TransportDecoder.decode(buffer, offset + UdpFlyweight.UDP_LENGTH, udpLength - UdpFlyweight.UDP_LENGTH, out);
    }

    /**
     * The destination port proves "not RoCE" only when its bytes are present: NOT_ROCE for another
     * port; UNIDENTIFIED when the frame on the wire holds the port but the capture cut it off;
     * null to go on (port 4791, or a frame too short for the port, which the lengths then judge).
     */
    private static DecodeStatus portStatus(
        final ByteBuffer buffer, final int networkOffset, final int udpOffset, final int onWire, final DecodedPacket out) {
        final int portEnd = UdpFlyweight.DESTINATION_PORT_FIELD_OFFSET + 2;
        if (out.isCaptured(udpOffset, portEnd)) {
            return UdpFlyweight.DESTINATION_PORT.read(buffer, udpOffset) != UdpFlyweight.ROCEV2_PORT ? Failures.notRoce(out) : null;
        }
        return udpOffset - networkOffset + portEnd <= onWire ? Failures.unidentified(out) : null;
    }

    // A whole frame's lengths are judged against the bytes present; a snapped one's against the frame on the wire.
    private static String lengthReason(final DecodedPacket out) {
        return out.isSnapped() ? ON_WIRE : CAPTURED;
    }
}
