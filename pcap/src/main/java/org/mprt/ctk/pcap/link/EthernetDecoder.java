package org.mprt.ctk.pcap.link;

import java.nio.ByteBuffer;

/**
 * LINKTYPE_ETHERNET (1): an Ethernet II or IEEE 802.3 header, then any stack of VLAN tags.
 * Captures carry no preamble and usually no FCS.
 *
 * <pre>
 *     0                   1                   2                   3
 *     0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *    +---------------------------------------------------------------+
 *  0 |                  Destination MAC (48 bits)                    |
 *    +                               +-------------------------------+
 *  4 |                               |                               |
 *    +-------------------------------+                               +
 *  8 |                    Source MAC (48 bits)                       |
 *    +-------------------------------+-------------------------------+
 * 12 |   EtherType or 802.3 length   |  Payload (or VLAN tag) ...    |
 *    +-------------------------------+-------------------------------+
 * </pre>
 */
final class EthernetDecoder implements LinkLayerDecoder {
    static final int SOURCE_MAC_FIELD_OFFSET = 6;
    static final int ETHER_TYPE_FIELD_OFFSET = 12;
    static final int HEADER_LENGTH = ETHER_TYPE_FIELD_OFFSET + Short.BYTES;

    @Override
    public void locate(
        final ByteBuffer frame, final int frameOffset, final int lengthBytes, final NetworkLayer result) {
        if (lengthBytes < HEADER_LENGTH) {
            result.truncated();
            return;
        }
        final int etherType = NetworkByteOrder.unsignedShortAt(frame, frameOffset + ETHER_TYPE_FIELD_OFFSET);
        EtherTypeChain.follow(frame, frameOffset, lengthBytes, etherType, HEADER_LENGTH, result);
        result.sourceMac(SOURCE_MAC_FIELD_OFFSET);
        // Linux's loopback device frames its packets with both addresses zero, which no NIC sends.
        if (frame.getLong(frameOffset) == 0 && frame.getInt(frameOffset + Long.BYTES) == 0) {
            result.onLoopbackDevice();
        }
    }
}
