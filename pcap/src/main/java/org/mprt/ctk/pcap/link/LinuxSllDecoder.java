package org.mprt.ctk.pcap.link;

import java.nio.ByteBuffer;
import org.mprt.ctk.pcap.LinkDirection;

/**
 * LINKTYPE_LINUX_SLL (113): the Linux "cooked" header that {@code tcpdump -i any} writes.
 *
 * <pre>
 *     0                   1                   2                   3
 *     0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *    +-------------------------------+-------------------------------+
 *  0 |          Packet type          |        ARPHRD_ type           |
 *  4 |  Link-layer address length   |                               |
 *    +-------------------------------+                               +
 *  8 |            Link-layer address (8 bytes, zero-padded)          |
 *    +                               +-------------------------------+
 * 12 |                               |       Protocol type           |
 *    +-------------------------------+-------------------------------+
 * </pre>
 * The protocol type is an EtherType; values below 0x0600 are Linux's own codes (802.2, 802.3
 * frames without a type) and come out as {@link NetworkLayerKind#OTHER}.
 */
final class LinuxSllDecoder implements LinkLayerDecoder {
    static final int PACKET_TYPE_FIELD_OFFSET = 0;
    static final int ARPHRD_TYPE_FIELD_OFFSET = 2;
    /** The ARPHRD_ type of Linux's loopback device (linux/if_arp.h). */
    static final int ARPHRD_LOOPBACK = 772;
    /** The ARPHRD_ type of an Ethernet device, whose link-layer address is a 6-byte MAC. */
    static final int ARPHRD_ETHER = 1;
    static final int MAC_LENGTH = 6;
    static final int ADDRESS_LENGTH_FIELD_OFFSET = 4;
    static final int ADDRESS_FIELD_OFFSET = 6;
    static final int PROTOCOL_TYPE_FIELD_OFFSET = 14;
    static final int HEADER_LENGTH = PROTOCOL_TYPE_FIELD_OFFSET + Short.BYTES;

    @Override
    public void locate(
        final ByteBuffer frame, final int frameOffset, final int lengthBytes, final NetworkLayer result) {
        if (lengthBytes < HEADER_LENGTH) {
            result.truncated();
            return;
        }
        final int protocolType = NetworkByteOrder.unsignedShortAt(frame, frameOffset + PROTOCOL_TYPE_FIELD_OFFSET);
        EtherTypeChain.follow(frame, frameOffset, lengthBytes, protocolType, HEADER_LENGTH, result);
        result.direction(LinkDirection.ofLinuxPacketType(NetworkByteOrder.unsignedShortAt(frame, frameOffset + PACKET_TYPE_FIELD_OFFSET)));
        final int arphrd = NetworkByteOrder.unsignedShortAt(frame, frameOffset + ARPHRD_TYPE_FIELD_OFFSET);
        if (arphrd == ARPHRD_LOOPBACK) {
            result.onLoopbackDevice();
        } else if (arphrd == ARPHRD_ETHER
            && NetworkByteOrder.unsignedShortAt(frame, frameOffset + ADDRESS_LENGTH_FIELD_OFFSET) == MAC_LENGTH) {
            // The sender's address, whichever way the packet went (packet(7)'s sll_addr).
            result.sourceMac(ADDRESS_FIELD_OFFSET);
        }
    }
}
