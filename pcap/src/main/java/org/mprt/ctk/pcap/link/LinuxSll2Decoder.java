package org.mprt.ctk.pcap.link;

import java.nio.ByteBuffer;
import org.mprt.ctk.pcap.LinkDirection;

/**
 * LINKTYPE_LINUX_SLL2 (276): the second Linux "cooked" header, which adds the interface index and
 * moves the protocol type to the front.
 *
 * <pre>
 *     0                   1                   2                   3
 *     0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *    +-------------------------------+-------------------------------+
 *  0 |         Protocol type         |           Reserved            |
 *  4 |                        Interface index                        |
 *  8 |          ARPHRD_ type         |  Packet type  | Address length|
 * 12 |           Link-layer address (8 bytes, zero-padded)           |
 * 16 |                                                               |
 *    +---------------------------------------------------------------+
 * </pre>
 */
final class LinuxSll2Decoder implements LinkLayerDecoder {
    static final int PROTOCOL_TYPE_FIELD_OFFSET = 0;
    static final int ARPHRD_TYPE_FIELD_OFFSET = 8;
    static final int PACKET_TYPE_FIELD_OFFSET = 10;
    static final int ADDRESS_LENGTH_FIELD_OFFSET = 11;
    static final int LINK_LAYER_ADDRESS_FIELD_OFFSET = 12;
    static final int HEADER_LENGTH = LINK_LAYER_ADDRESS_FIELD_OFFSET + Long.BYTES;

    @Override
    public void locate(
        final ByteBuffer frame, final int frameOffset, final int lengthBytes, final NetworkLayer result) {
        if (lengthBytes < HEADER_LENGTH) {
            result.truncated();
            return;
        }
        final int protocolType = NetworkByteOrder.unsignedShortAt(frame, frameOffset + PROTOCOL_TYPE_FIELD_OFFSET);
        EtherTypeChain.follow(frame, frameOffset, lengthBytes, protocolType, HEADER_LENGTH, result);
        result.direction(LinkDirection.ofLinuxPacketType(NetworkByteOrder.unsignedByteAt(frame, frameOffset + PACKET_TYPE_FIELD_OFFSET)));
        final int arphrd = NetworkByteOrder.unsignedShortAt(frame, frameOffset + ARPHRD_TYPE_FIELD_OFFSET);
        if (arphrd == LinuxSllDecoder.ARPHRD_LOOPBACK) {
            result.onLoopbackDevice();
        } else if (arphrd == LinuxSllDecoder.ARPHRD_ETHER
            && NetworkByteOrder.unsignedByteAt(frame, frameOffset + ADDRESS_LENGTH_FIELD_OFFSET) == LinuxSllDecoder.MAC_LENGTH) {
            result.sourceMac(LINK_LAYER_ADDRESS_FIELD_OFFSET);
        }
    }
}
