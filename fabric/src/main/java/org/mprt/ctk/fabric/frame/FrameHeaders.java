package org.mprt.ctk.fabric.frame;

import org.mprt.ctk.fabric.address.FiveTuple;
import org.mprt.ctk.fabric.address.IpAddress;
import org.mprt.ctk.wire.ethernet.EtherType;
import org.mprt.ctk.wire.ethernet.EthernetFlyweight;
import org.mprt.ctk.wire.ethernet.VlanTagFlyweight;
import org.mprt.ctk.wire.ip.Ecn;
import org.mprt.ctk.wire.ip.Ipv4Flyweight;
import org.mprt.ctk.wire.ip.Ipv6Flyweight;
import org.mprt.ctk.wire.ip.UdpFlyweight;

/**
 * The few header fields the fabric reads and writes while forwarding: where the IP header is,
 * the addresses, protocol and ports ECMP hashes, and the ECN bits a queue marks.
 *
 * <p>Offsets come from the codec's field tables (mprt-v0.1.md section 3.1); the bytes are read
 * straight from the array, because this runs for every frame at every hop and must not allocate
 * (STYLE.md rule 6). The codec's flyweights remain the reference, and the tests check these
 * helpers against them.
 */
public final class FrameHeaders {

    /** Returned by {@link #networkOffset} for a frame that is not IPv4 or IPv6, or is too short for its IP header. */
    public static final int NOT_IP = -1;
    public static final int PROTOCOL_TCP = 6;
    public static final int PROTOCOL_UDP = Ipv4Flyweight.PROTOCOL_UDP;

    private static final int MAX_VLAN_TAGS = 2;
    private static final int IPV4_ECN_BYTE = 1;
    private static final int IPV6_ECN_BYTE = 1;
    private static final int IPV6_ECN_SHIFT = 4;
    private static final long IPV4_MAPPED_PREFIX = 0x0000_FFFF_0000_0000L;
    private static final int IPV4_SOURCE_FIELD_OFFSET = Ipv4Flyweight.SOURCE.byteOffset();
    private static final int IPV4_DESTINATION_FIELD_OFFSET = Ipv4Flyweight.DESTINATION.byteOffset();
    private static final int IPV6_PAYLOAD_LENGTH_FIELD_OFFSET = Ipv6Flyweight.PAYLOAD_LENGTH_FIELD_OFFSET;

    private FrameHeaders() {
    }

    /** The EtherType after any VLAN tags, or -1 when the frame ends first. */
    public static int etherType(final byte[] frame, final int length) {
        if (length < EthernetFlyweight.ETHERNET_LENGTH) {
            return -1;
        }
        int type = u16(frame, EthernetFlyweight.TYPE_FIELD_OFFSET);
        int offset = EthernetFlyweight.ETHERNET_LENGTH;
        for (int tags = 0; EtherType.isVlanTag(type) && tags < MAX_VLAN_TAGS; tags++) {
            if (offset + VlanTagFlyweight.VLAN_TAG_LENGTH > length) {
                return -1;
            }
            type = u16(frame, offset + VlanTagFlyweight.TYPE_FIELD_OFFSET);
            offset += VlanTagFlyweight.VLAN_TAG_LENGTH;
        }
        return type;
    }

    /** Index of the IP header after Ethernet and up to two VLAN tags, or {@link #NOT_IP}. */
    public static int networkOffset(final byte[] frame, final int length) {
        if (length < EthernetFlyweight.ETHERNET_LENGTH) {
            return NOT_IP;
        }
        int type = u16(frame, EthernetFlyweight.TYPE_FIELD_OFFSET);
        int offset = EthernetFlyweight.ETHERNET_LENGTH;
        for (int tags = 0; EtherType.isVlanTag(type) && tags < MAX_VLAN_TAGS; tags++) {
            if (offset + VlanTagFlyweight.VLAN_TAG_LENGTH > length) {
                return NOT_IP;
            }
            type = u16(frame, offset + VlanTagFlyweight.TYPE_FIELD_OFFSET);
            offset += VlanTagFlyweight.VLAN_TAG_LENGTH;
        }
        if (type == EtherType.IPV4 && offset + Ipv4Flyweight.IPV4_LENGTH <= length && ipVersion(frame, offset) == 4) {
            return offset;
        }
        if (type == EtherType.IPV6 && offset + Ipv6Flyweight.IPV6_LENGTH <= length && ipVersion(frame, offset) == 6) {
            return offset;
        }
        return NOT_IP;
    }

    public static int ipVersion(final byte[] frame, final int networkOffset) {
        return (frame[networkOffset] & 0xFF) >>> 4;
    }

    /** The IPv4 protocol or the IPv6 next header (extension headers are not followed). */
    public static int protocol(final byte[] frame, final int networkOffset) {
        return ipVersion(frame, networkOffset) == 4
            ? frame[networkOffset + Ipv4Flyweight.PROTOCOL_FIELD_OFFSET] & 0xFF
            : frame[networkOffset + Ipv6Flyweight.NEXT_HEADER_FIELD_OFFSET] & 0xFF;
    }

    /** Index of the header after the IP header (IPv4 options skipped by IHL). */
    public static int transportOffset(final byte[] frame, final int networkOffset) {
        return ipVersion(frame, networkOffset) == 4
            ? networkOffset + (frame[networkOffset] & 0xF) * 4
            : networkOffset + Ipv6Flyweight.IPV6_LENGTH;
    }

    /** Index just after the IP datagram, as its length field says, capped at the frame's end (Ethernet pad excluded). */
    public static int datagramEnd(final byte[] frame, final int networkOffset, final int length) {
        final int end = ipVersion(frame, networkOffset) == 4
            ? networkOffset + u16(frame, networkOffset + Ipv4Flyweight.TOTAL_LENGTH_FIELD_OFFSET)
            : networkOffset + Ipv6Flyweight.IPV6_LENGTH + u16(frame, networkOffset + IPV6_PAYLOAD_LENGTH_FIELD_OFFSET);
        return Math.min(end, length);
    }

    /** True for UDP and TCP, whose first four bytes are the ports ECMP hashes. */
    public static boolean hasPorts(final int protocol) {
        return protocol == PROTOCOL_UDP || protocol == PROTOCOL_TCP;
    }

    public static long sourceHigh(final byte[] frame, final int networkOffset) {
        return ipVersion(frame, networkOffset) == 4 ? 0 : u64(frame, networkOffset + Ipv6Flyweight.SOURCE_FIELD_OFFSET);
    }

    public static long sourceLow(final byte[] frame, final int networkOffset) {
        return ipVersion(frame, networkOffset) == 4
            ? IPV4_MAPPED_PREFIX | u32(frame, networkOffset + IPV4_SOURCE_FIELD_OFFSET)
            : u64(frame, networkOffset + Ipv6Flyweight.SOURCE_FIELD_OFFSET + 8);
    }

    public static long destinationHigh(final byte[] frame, final int networkOffset) {
        return ipVersion(frame, networkOffset) == 4 ? 0 : u64(frame, networkOffset + Ipv6Flyweight.DESTINATION_FIELD_OFFSET);
    }

    public static long destinationLow(final byte[] frame, final int networkOffset) {
        return ipVersion(frame, networkOffset) == 4
            ? IPV4_MAPPED_PREFIX | u32(frame, networkOffset + IPV4_DESTINATION_FIELD_OFFSET)
            : u64(frame, networkOffset + Ipv6Flyweight.DESTINATION_FIELD_OFFSET + 8);
    }

    /** The 5-tuple of an IP frame (ports 0 when not UDP or TCP), or null when the frame is not IP. For tests and routes, not per frame. */
    public static FiveTuple fiveTuple(final byte[] frame, final int length) {
        final int network = networkOffset(frame, length);
        if (network == NOT_IP) {
            return null;
        }
        final int protocol = protocol(frame, network);
        final int transport = transportOffset(frame, network);
        final boolean ports = hasPorts(protocol) && transport + 4 <= length;
        return new FiveTuple(
            IpAddress.ipv6(sourceHigh(frame, network), sourceLow(frame, network)),
            IpAddress.ipv6(destinationHigh(frame, network), destinationLow(frame, network)),
            protocol,
            ports ? u16(frame, transport + UdpFlyweight.SOURCE_PORT_FIELD_OFFSET) : 0,
            ports ? u16(frame, transport + UdpFlyweight.DESTINATION_PORT_FIELD_OFFSET) : 0);
    }

    /** The two ECN bits (RFC 3168) of the IP header at {@code networkOffset}. */
    public static int ecn(final byte[] frame, final int networkOffset) {
        return ipVersion(frame, networkOffset) == 4
            ? frame[networkOffset + IPV4_ECN_BYTE] & 0b11
            : (frame[networkOffset + IPV6_ECN_BYTE] >>> IPV6_ECN_SHIFT) & 0b11;
    }

    /**
     * Sets ECN to CE on an ECN-capable packet (ECT(0) or ECT(1)), as a switch queue does (RFC 3168
     * section 5), and patches the IPv4 header checksum incrementally (RFC 1624 equation 3).
     * The RoCEv2 ICRC masks the ECN bits, so it stays valid. Returns false, changing nothing,
     * for Not-ECT and for a packet already CE.
     */
    public static boolean markCongestionExperienced(final byte[] frame, final int networkOffset) {
        final int ecn = ecn(frame, networkOffset);
        if (ecn == Ecn.NOT_ECT || ecn == Ecn.CE) {
            return false;
        }
        if (ipVersion(frame, networkOffset) == 6) {
            frame[networkOffset + IPV6_ECN_BYTE] |= (byte) (Ecn.CE << IPV6_ECN_SHIFT);
            return true;
        }
        final int oldWord = u16(frame, networkOffset);
        frame[networkOffset + IPV4_ECN_BYTE] |= (byte) Ecn.CE;
        final int newWord = u16(frame, networkOffset);
        final int checksumIndex = networkOffset + Ipv4Flyweight.HEADER_CHECKSUM_FIELD_OFFSET;
        int sum = (~u16(frame, checksumIndex) & 0xFFFF) + (~oldWord & 0xFFFF) + newWord;
        sum = (sum & 0xFFFF) + (sum >>> 16);
        sum = (sum & 0xFFFF) + (sum >>> 16);
        putU16(frame, checksumIndex, ~sum & 0xFFFF);
        return true;
    }

    public static int u16(final byte[] frame, final int index) {
        return (frame[index] & 0xFF) << 8 | frame[index + 1] & 0xFF;
    }

    public static long u32(final byte[] frame, final int index) {
        return (long) u16(frame, index) << 16 | u16(frame, index + 2);
    }

    public static long u48(final byte[] frame, final int index) {
        return (long) u16(frame, index) << 32 | u32(frame, index + 2);
    }

    public static long u64(final byte[] frame, final int index) {
        return u32(frame, index) << 32 | u32(frame, index + 4);
    }

    private static void putU16(final byte[] frame, final int index, final int value) {
        frame[index] = (byte) (value >>> 8);
        frame[index + 1] = (byte) value;
    }
}
