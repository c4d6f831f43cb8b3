package org.mprt.ctk.pcap.link;

import java.nio.ByteBuffer;

/**
 * Unwraps one mirror or tunnel encapsulation ({@link Encapsulation}) around an IPv4 or IPv6 packet
 * the link layer found: the outer IP header (RFC 791; RFC 8200 with its hop-by-hop, routing and
 * destination options headers), then GRE (RFC 2784 and RFC 2890) with ERSPAN types I to III
 * (draft-foschiano-erspan), or UDP with VXLAN (RFC 7348) or Geneve (RFC 8926), then the inner
 * Ethernet frame or IP packet.
 *
 * <p>Only what is certainly an encapsulation is unwrapped: an outer fragment, a GRE header with the
 * routing bit or a version other than 0, an ERSPAN header of the wrong version or a type III frame
 * that is not Ethernet stay as they are, for the decoder to judge as the packets they are. An
 * encapsulation the capture cut before the inner network layer leaves the frame
 * {@link NetworkLayerKind#TRUNCATED}: what it carried cannot be told.
 *
 * <pre>
 * GRE (RFC 2784, RFC 2890):
 *  |C|R|K|S| reserved0 (9) |Ver| Protocol Type (16) | [Checksum, Reserved1] [Key] [Sequence Number]
 * ERSPAN type II header (8 bytes):
 *  |Ver=1|  VLAN (12)  |COS|En|T| Session ID (10) | Reserved (12) |       Index (20)       |
 * ERSPAN type III header (12 bytes, then 8 platform-specific bytes when O is set):
 *  |Ver=2|  VLAN (12)  |COS|BSO|T| Session ID (10) | Timestamp (32) | SGT (16) |P|FT (5)|Hw ID (6)|D|Gra|O|
 * VXLAN (8 bytes): |flags (8)| reserved (24) | VNI (24) | reserved (8) |
 * Geneve (8 bytes + options): |Ver (2)|Opt Len (6)|O|C| rsvd (6) | Protocol Type (16) | VNI (24) | rsvd (8) |
 * </pre>
 */
final class EncapsulationDecoder {
    static final int IP_PROTOCOL_GRE = 47;
    static final int IP_PROTOCOL_UDP = 17;
    static final int VXLAN_PORT = 4789;
    static final int GENEVE_PORT = 6081;

    private static final int IPV4_VERSION = 4;
    private static final int IPV6_VERSION = 6;
    private static final int IPV4_MIN_HEADER = 20;
    private static final int IPV4_PROTOCOL_OFFSET = 9;
    private static final int IPV4_FRAGMENT_OFFSET = 6;
    private static final int IPV4_TOTAL_LENGTH_OFFSET = 2;
    private static final int IPV6_PAYLOAD_LENGTH_OFFSET = 4;
    /** The MF flag and the 13-bit fragment offset: a fragment carries only part of what it encapsulates. */
    private static final int IPV4_FRAGMENT_BITS = 0x3FFF;
    private static final int IPV6_HEADER = 40;
    private static final int IPV6_NEXT_HEADER_OFFSET = 6;
    private static final int IPV6_HOP_BY_HOP = 0;
    private static final int IPV6_ROUTING = 43;
    private static final int IPV6_DESTINATION_OPTIONS = 60;
    /** Extension headers walked at most before the upper layer: more is not a mirror's packet. */
    private static final int IPV6_MAX_EXTENSION_HEADERS = 8;
    private static final int UDP_HEADER = 8;
    private static final int UDP_DESTINATION_PORT_OFFSET = 2;

    private static final int GRE_HEADER = 4;
    private static final int GRE_CHECKSUM = 0x8000;
    private static final int GRE_ROUTING = 0x4000;
    private static final int GRE_KEY = 0x2000;
    private static final int GRE_SEQUENCE = 0x1000;
    private static final int GRE_VERSION = 0x0007;
    private static final int GRE_OPTIONAL_FIELD = 4;
    private static final int GRE_ERSPAN_I_II = 0x88BE;
    private static final int GRE_ERSPAN_III = 0x22EB;
    private static final int GRE_TRANSPARENT_ETHERNET = 0x6558;

    private static final int ERSPAN_II_HEADER = 8;
    private static final int ERSPAN_III_HEADER = 12;
    private static final int ERSPAN_III_PLATFORM_SPECIFIC = 8;
    private static final int ERSPAN_II_VERSION = 1;
    private static final int ERSPAN_III_VERSION = 2;
    /** In the last 16 bits of a type III header: frame type (5 bits) before Hw ID, D, Gra and O. */
    private static final int ERSPAN_III_FRAME_TYPE_SHIFT = 10;
    private static final int ERSPAN_III_FRAME_TYPE_MASK = 0x1F;
    private static final int ERSPAN_III_FRAME_TYPE_ETHERNET = 0;
    private static final int ERSPAN_III_OPTIONS_BIT = 0x0001;
    /** In the second 16 bits of a type II or III header, after COS and En/BSO: the mirror truncated the frame. */
    private static final int ERSPAN_TRUNCATED_BIT = 0x0400;

    private static final int VXLAN_HEADER = 8;
    private static final int GENEVE_HEADER = 8;
    private static final int GENEVE_VERSION_SHIFT = 6;
    private static final int GENEVE_OPTIONS_LENGTH_MASK = 0x3F;
    private static final int GENEVE_PROTOCOL_OFFSET = 2;
    private static final int OPTION_LENGTH_UNIT = 4;
    private static final int IPV6_EXTENSION_LENGTH_UNIT = 8;

    private EncapsulationDecoder() {
    }

    /** Unwraps the encapsulations around the IP packet {@code result} holds, up to MAX_ENCAPSULATIONS deep. */
    static void unwrapAll(final ByteBuffer frame, final int frameOffset, final int lengthBytes, final NetworkLayer result) {
        int unwrapped = 0;
        while (unwrapped < NetworkLayerLocator.MAX_ENCAPSULATIONS && unwrap(frame, frameOffset, lengthBytes, result)) {
            unwrapped++;
        }
        if (unwrapped > 0 && result.mayBeCut() && result.isIp()) {
            result.mirroredFrameLengthBytes(claimedFrameLength(frame, frameOffset, lengthBytes, result));
        }
    }

    /**
     * The length the mirrored frame had, as its IP header claims it (the IPv4 total length, or the IPv6
     * payload length and header, after the headers before it); one more than the bytes present when
     * the cut fell inside that length field.
     */
    private static int claimedFrameLength(final ByteBuffer frame, final int frameOffset, final int lengthBytes,
                                          final NetworkLayer result) {
        final int ip = result.offsetBytes();
        if (result.kind() == NetworkLayerKind.IPV4) {
            return ip + IPV4_TOTAL_LENGTH_OFFSET + 2 > lengthBytes ? lengthBytes + 1
                : ip + NetworkByteOrder.unsignedShortAt(frame, frameOffset + ip + IPV4_TOTAL_LENGTH_OFFSET);
        }
        return ip + IPV6_PAYLOAD_LENGTH_OFFSET + 2 > lengthBytes ? lengthBytes + 1
            : ip + IPV6_HEADER + NetworkByteOrder.unsignedShortAt(frame, frameOffset + ip + IPV6_PAYLOAD_LENGTH_OFFSET);
    }

    /**
     * When the IP packet {@code result} holds is an encapsulation, refills {@code result} with the
     * network layer inside it (or marks it truncated) and returns true; otherwise leaves it as it is
     * and returns false.
     */
    static boolean unwrap(final ByteBuffer frame, final int frameOffset, final int lengthBytes, final NetworkLayer result) {
        final int ip = result.offsetBytes();
        if (result.kind() == NetworkLayerKind.IPV6) {
            return ip + IPV6_HEADER <= lengthBytes && version(frame, frameOffset, ip) == IPV6_VERSION
                && unwrapIpv6(frame, frameOffset, lengthBytes, ip, result);
        }
        if (result.kind() != NetworkLayerKind.IPV4 || ip + IPV4_MIN_HEADER > lengthBytes) {
            return false;
        }
        // Most packets are the mirrored ones themselves: their protocol or UDP port rules them out first.
        final int protocol = NetworkByteOrder.unsignedByteAt(frame, frameOffset + ip + IPV4_PROTOCOL_OFFSET);
        final int first = NetworkByteOrder.unsignedByteAt(frame, frameOffset + ip);
        final int payload = ip + (first & 0x0F) * 4;
        if (protocol == IP_PROTOCOL_UDP ? !isTunnelPort(frame, frameOffset, lengthBytes, payload)
            : protocol != IP_PROTOCOL_GRE) {
            return false;
        }
        if (first >>> 4 != IPV4_VERSION || payload < ip + IPV4_MIN_HEADER
            || (NetworkByteOrder.unsignedShortAt(frame, frameOffset + ip + IPV4_FRAGMENT_OFFSET) & IPV4_FRAGMENT_BITS) != 0) {
            return false;
        }
        return unwrapPayload(frame, frameOffset, lengthBytes, protocol, payload, result);
    }

    private static boolean isTunnelPort(final ByteBuffer frame, final int frameOffset, final int lengthBytes, final int udp) {
        if (udp + UDP_HEADER > lengthBytes) {
            return false;
        }
        final int port = NetworkByteOrder.unsignedShortAt(frame, frameOffset + udp + UDP_DESTINATION_PORT_OFFSET);
        return port == VXLAN_PORT || port == GENEVE_PORT;
    }

    private static boolean unwrapIpv6(final ByteBuffer frame, final int frameOffset, final int lengthBytes, final int ip,
                                      final NetworkLayer result) {
        int next = NetworkByteOrder.unsignedByteAt(frame, frameOffset + ip + IPV6_NEXT_HEADER_OFFSET);
        int at = ip + IPV6_HEADER;
        for (int walked = 0; isSkippedExtension(next); walked++) {
            if (walked == IPV6_MAX_EXTENSION_HEADERS || at + 2 > lengthBytes) {
                return false;
            }
            final int following = NetworkByteOrder.unsignedByteAt(frame, frameOffset + at);
            at += (NetworkByteOrder.unsignedByteAt(frame, frameOffset + at + 1) + 1) * IPV6_EXTENSION_LENGTH_UNIT;
            next = following;
        }
        return (next == IP_PROTOCOL_GRE || next == IP_PROTOCOL_UDP)
            && unwrapPayload(frame, frameOffset, lengthBytes, next, at, result);
    }

    private static boolean isSkippedExtension(final int nextHeader) {
        return nextHeader == IPV6_HOP_BY_HOP || nextHeader == IPV6_ROUTING || nextHeader == IPV6_DESTINATION_OPTIONS;
    }

    private static boolean unwrapPayload(final ByteBuffer frame, final int frameOffset, final int lengthBytes,
                                         final int protocol, final int payload, final NetworkLayer result) {
        if (protocol == IP_PROTOCOL_GRE) {
            return gre(frame, frameOffset, lengthBytes, payload, result);
        }
        if (payload + UDP_HEADER > lengthBytes) {
            return false;
        }
        final int port = NetworkByteOrder.unsignedShortAt(frame, frameOffset + payload + UDP_DESTINATION_PORT_OFFSET);
        if (port == VXLAN_PORT) {
            return ethernet(frame, frameOffset, lengthBytes, Encapsulation.VXLAN, true, payload + UDP_HEADER + VXLAN_HEADER,
                result);
        }
        return port == GENEVE_PORT && geneve(frame, frameOffset, lengthBytes, payload + UDP_HEADER, result);
    }

    private static boolean gre(final ByteBuffer frame, final int frameOffset, final int lengthBytes, final int gre,
                               final NetworkLayer result) {
        if (gre + GRE_HEADER > lengthBytes) {
            return truncated(result);
        }
        final int flags = NetworkByteOrder.unsignedShortAt(frame, frameOffset + gre);
        if ((flags & (GRE_ROUTING | GRE_VERSION)) != 0) {
            return false;
        }
        final int protocol = NetworkByteOrder.unsignedShortAt(frame, frameOffset + gre + 2);
        final int inner = gre + GRE_HEADER + ((flags & GRE_CHECKSUM) != 0 ? GRE_OPTIONAL_FIELD : 0)
            + ((flags & GRE_KEY) != 0 ? GRE_OPTIONAL_FIELD : 0) + ((flags & GRE_SEQUENCE) != 0 ? GRE_OPTIONAL_FIELD : 0);
        switch (protocol) {
            case GRE_ERSPAN_I_II:
                if ((flags & GRE_SEQUENCE) == 0) {
                    return ethernet(frame, frameOffset, lengthBytes, Encapsulation.ERSPAN_I, true, inner, result);
                }
                if (inner + ERSPAN_II_HEADER > lengthBytes) {
                    return truncated(result);
                }
                return version(frame, frameOffset, inner) == ERSPAN_II_VERSION
                    && ethernet(frame, frameOffset, lengthBytes, Encapsulation.ERSPAN_II, isTruncated(frame, frameOffset, inner),
                    inner + ERSPAN_II_HEADER, result);
            case GRE_ERSPAN_III:
                return erspanIii(frame, frameOffset, lengthBytes, inner, result);
            case GRE_TRANSPARENT_ETHERNET:
                return ethernet(frame, frameOffset, lengthBytes, Encapsulation.GRE_ETHERNET, true, inner, result);
            case EtherType.IPV4:
            case EtherType.IPV6:
                return ip(lengthBytes, Encapsulation.GRE_IP, protocol, inner, result);
            default:
                return false;
        }
    }

    private static boolean erspanIii(final ByteBuffer frame, final int frameOffset, final int lengthBytes,
                                     final int header, final NetworkLayer result) {
        if (header + ERSPAN_III_HEADER > lengthBytes) {
            return truncated(result);
        }
        final int last = NetworkByteOrder.unsignedShortAt(frame, frameOffset + header + ERSPAN_III_HEADER - 2);
        if (version(frame, frameOffset, header) != ERSPAN_III_VERSION
            || (last >>> ERSPAN_III_FRAME_TYPE_SHIFT & ERSPAN_III_FRAME_TYPE_MASK) != ERSPAN_III_FRAME_TYPE_ETHERNET) {
            return false;
        }
        final int inner = header + ERSPAN_III_HEADER
            + ((last & ERSPAN_III_OPTIONS_BIT) != 0 ? ERSPAN_III_PLATFORM_SPECIFIC : 0);
        return ethernet(frame, frameOffset, lengthBytes, Encapsulation.ERSPAN_III, isTruncated(frame, frameOffset, header),
            inner, result);
    }

    private static boolean geneve(final ByteBuffer frame, final int frameOffset, final int lengthBytes, final int header,
                                  final NetworkLayer result) {
        if (header + GENEVE_HEADER > lengthBytes) {
            return truncated(result);
        }
        final int first = NetworkByteOrder.unsignedByteAt(frame, frameOffset + header);
        if (first >>> GENEVE_VERSION_SHIFT != 0) {
            return false;
        }
        final int inner = header + GENEVE_HEADER + (first & GENEVE_OPTIONS_LENGTH_MASK) * OPTION_LENGTH_UNIT;
        final int protocol = NetworkByteOrder.unsignedShortAt(frame, frameOffset + header + GENEVE_PROTOCOL_OFFSET);
        if (protocol == GRE_TRANSPARENT_ETHERNET) {
            return ethernet(frame, frameOffset, lengthBytes, Encapsulation.GENEVE, true, inner, result);
        }
        return (protocol == EtherType.IPV4 || protocol == EtherType.IPV6)
            && ip(lengthBytes, Encapsulation.GENEVE, protocol, inner, result);
    }

    /**
     * The mirrored Ethernet frame at {@code inner}: its own EtherType and VLAN tags, as the link layer
     * reads them. {@code mayBeCut}: the encapsulation says the mirror truncated it, or cannot say.
     */
    private static boolean ethernet(final ByteBuffer frame, final int frameOffset, final int lengthBytes,
                                    final Encapsulation encapsulation, final boolean mayBeCut, final int inner,
                                    final NetworkLayer result) {
        result.encapsulated(encapsulation, mayBeCut);
        if (inner + EthernetDecoder.HEADER_LENGTH > lengthBytes) {
            result.truncated();
            return true;
        }
        final int etherType = NetworkByteOrder.unsignedShortAt(frame, frameOffset + inner + EthernetDecoder.ETHER_TYPE_FIELD_OFFSET);
        EtherTypeChain.follow(frame, frameOffset, lengthBytes, etherType, inner + EthernetDecoder.HEADER_LENGTH, result);
        result.sourceMac(inner + EthernetDecoder.SOURCE_MAC_FIELD_OFFSET);
        return true;
    }

    private static boolean ip(final int lengthBytes, final Encapsulation encapsulation, final int etherType,
                              final int inner, final NetworkLayer result) {
        // GRE and Geneve cannot say whether a mirror cut what they carry.
        result.encapsulated(encapsulation, true);
        if (inner > lengthBytes) {
            result.truncated();
        } else {
            result.located(etherType == EtherType.IPV4 ? NetworkLayerKind.IPV4 : NetworkLayerKind.IPV6, inner, etherType);
        }
        return true;
    }

    private static boolean truncated(final NetworkLayer result) {
        result.truncated();
        return true;
    }

    /** The T bit of an ERSPAN type II or III header: the mirror cut the frame to its session's length. */
    private static boolean isTruncated(final ByteBuffer frame, final int frameOffset, final int header) {
        return (NetworkByteOrder.unsignedShortAt(frame, frameOffset + header + 2) & ERSPAN_TRUNCATED_BIT) != 0;
    }

    /** The version in the first four bits of an IP or ERSPAN header. */
    private static int version(final ByteBuffer frame, final int frameOffset, final int header) {
        return NetworkByteOrder.unsignedByteAt(frame, frameOffset + header) >>> 4;
    }
}
