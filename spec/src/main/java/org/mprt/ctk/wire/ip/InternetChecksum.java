package org.mprt.ctk.wire.ip;

import java.nio.ByteBuffer;
import org.mprt.ctk.wire.NetworkOrder;

/**
 * The Internet checksum (RFC 1071): the IPv4 header checksum and the UDP checksum with its IPv4
 * or IPv6 pseudo-header (RFC 768, RFC 8200 section 8.1). MPRT-WIRE-004 allows a UDP checksum of
 * zero or a correct one, so the codec computes it only when asked.
 */
public final class InternetChecksum {

    private InternetChecksum() {
    }

    /** The checksum to store in an IPv4 header whose checksum field is zero. */
    public static int ipv4HeaderChecksum(final ByteBuffer buffer, final int offset, final int headerLength) {
        return fold(sum(buffer, offset, headerLength, 0)) ^ 0xFFFF;
    }

    /** True when the stored IPv4 header checksum verifies. */
    public static boolean isIpv4HeaderValid(final ByteBuffer buffer, final int offset, final int headerLength) {
        return fold(sum(buffer, offset, headerLength, 0)) == 0xFFFF;
    }

    /**
     * The UDP checksum of the datagram at {@code udpOffset}, computed as if its checksum field were
     * zero; a computed zero is returned as 0xFFFF, since zero on the wire means "no checksum".
     */
    public static int udpChecksum(
        final ByteBuffer buffer, final int networkOffset, final NetworkKind kind, final int udpOffset, final int udpLength) {
        long sum = pseudoHeaderSum(buffer, networkOffset, kind, udpLength);
        sum = sum(buffer, udpOffset, UdpFlyweight.CHECKSUM_FIELD_OFFSET, sum);
        final int afterChecksum = UdpFlyweight.CHECKSUM_FIELD_OFFSET + 2;
        sum = sum(buffer, udpOffset + afterChecksum, udpLength - afterChecksum, sum);
        final int checksum = fold(sum) ^ 0xFFFF;
        return checksum == 0 ? 0xFFFF : checksum;
    }

    /** True when the stored UDP checksum is zero (not computed) or correct (MPRT-WIRE-004). */
    public static boolean isUdpChecksumZeroOrValid(
        final ByteBuffer buffer, final int networkOffset, final NetworkKind kind, final int udpOffset, final int udpLength) {
        final int stored = NetworkOrder.u16(buffer, udpOffset + UdpFlyweight.CHECKSUM_FIELD_OFFSET);
        return stored == 0 || stored == udpChecksum(buffer, networkOffset, kind, udpOffset, udpLength);
    }

    /**
     * What a sender's UDP checksum offload leaves in the checksum field for its NIC to complete: the
     * pseudo-header's sum, folded and not complemented (Linux's CHECKSUM_PARTIAL, Windows' NDIS
     * checksum task offload). A capture taken on the sending host, on a loopback interface or before
     * the NIC, shows this value where the wire carries the checksum.
     */
    public static int udpOffloadPartialChecksum(
        final ByteBuffer buffer, final int networkOffset, final NetworkKind kind, final int udpLength) {
        return fold(pseudoHeaderSum(buffer, networkOffset, kind, udpLength));
    }

    private static long pseudoHeaderSum(
        final ByteBuffer buffer, final int networkOffset, final NetworkKind kind, final int udpLength) {
        if (kind == NetworkKind.IPV4) {
            final long sum = sum(buffer, networkOffset + Ipv4Flyweight.SOURCE.byteOffset(), 8, 0);
            return sum + Ipv4Flyweight.PROTOCOL_UDP + udpLength;
        }
        final long sum = sum(buffer, networkOffset + Ipv6Flyweight.SOURCE_FIELD_OFFSET, 32, 0);
        return sum + (udpLength >>> 16) + (udpLength & 0xFFFF) + Ipv6Flyweight.NEXT_HEADER_UDP;
    }

    // 16-bit big-endian words; an odd last byte is padded with zero (RFC 1071 section 4.1).
    private static long sum(final ByteBuffer buffer, final int offset, final int length, final long initial) {
        long sum = initial;
        final int end = offset + length;
        int i = offset;
        for (; i + 1 < end; i += 2) {
            sum += NetworkOrder.u16(buffer, i);
        }
        if (i < end) {
            sum += NetworkOrder.u8(buffer, i) << 8;
        }
        return sum;
    }

    private static int fold(final long sum) {
        long s = sum;
        while ((s >>> 16) != 0) {
            s = (s & 0xFFFF) + (s >>> 16);
        }
        return (int) s;
    }
}
