package org.mprt.ctk.pcap.link;

import java.nio.ByteBuffer;

/**
 * LINKTYPE_NULL (0) and LINKTYPE_LOOP (108): a 4-byte address family, then the packet.
 *
 * <p>LOOP stores the family in network byte order. NULL stores it in the byte order of the host
 * that captured, which the file does not record; as in libpcap and Wireshark, a value with bits
 * set in its upper half must have been written the other way round and is swapped. The IPv6
 * family differs by system: 10 on Linux, 24 on NetBSD/OpenBSD/BSD/OS, 28 on FreeBSD, 30 on
 * Darwin.
 */
final class LoopbackDecoder implements LinkLayerDecoder {
    static final int HEADER_LENGTH = Integer.BYTES;

    private static final int AF_INET = 2;
    private static final int AF_INET6_LINUX = 10;
    private static final int AF_INET6_BSD = 24;
    private static final int AF_INET6_FREEBSD = 28;
    private static final int AF_INET6_DARWIN = 30;
    private static final int UPPER_HALF_MASK = 0xFFFF_0000;

    /** True for LOOP (network order), false for NULL (writer's host order). */
    private final boolean networkOrder;

    private LoopbackDecoder(final boolean networkOrder) {
        this.networkOrder = networkOrder;
    }

    static LoopbackDecoder nullLinkType() {
        return new LoopbackDecoder(false);
    }

    static LoopbackDecoder loopLinkType() {
        return new LoopbackDecoder(true);
    }

    @Override
    public void locate(
        final ByteBuffer frame, final int frameOffset, final int lengthBytes, final NetworkLayer result) {
        if (lengthBytes < HEADER_LENGTH) {
            result.truncated();
            return;
        }
        final NetworkLayerKind kind = kindOfFamily(addressFamily(frame, frameOffset));
        result.located(kind, HEADER_LENGTH, RawIpDecoder.etherTypeOf(kind));
        // LOOP is OpenBSD's loopback device; NULL also frames other interfaces (macOS utun).
        if (networkOrder) {
            result.onLoopbackDevice();
        }
    }

    private int addressFamily(final ByteBuffer frame, final int frameOffset) {
        final int bigEndianFamily = NetworkByteOrder.intAt(frame, frameOffset);
        if (networkOrder) {
            return bigEndianFamily;
        }
        final int littleEndianFamily = Integer.reverseBytes(bigEndianFamily);
        return (littleEndianFamily & UPPER_HALF_MASK) != 0 ? bigEndianFamily : littleEndianFamily;
    }

    private static NetworkLayerKind kindOfFamily(final int addressFamily) {
        switch (addressFamily) {
            case AF_INET:
                return NetworkLayerKind.IPV4;
            case AF_INET6_LINUX:
            case AF_INET6_BSD:
            case AF_INET6_FREEBSD:
            case AF_INET6_DARWIN:
                return NetworkLayerKind.IPV6;
            default:
                return NetworkLayerKind.OTHER;
        }
    }
}
