package org.mprt.ctk.pcap.link;

import java.nio.ByteBuffer;

/**
 * Follows an EtherType through stacked VLAN tags to the network layer. Shared by every link layer
 * that names its payload with an EtherType (Ethernet, Linux SLL and SLL2), since Linux may keep a
 * VLAN tag in the payload of a cooked capture too.
 *
 * <pre>
 * VLAN tag (IEEE 802.1Q clause 9.6), after a TPID of 0x8100, 0x88A8 or 0x9100:
 *     0                   1                   2                   3
 *     0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *    +-----+-+-----------------------+-------------------------------+
 *    | PCP |D|        VLAN ID        |     EtherType (or next TPID)  |
 *    +-----+-+-----------------------+-------------------------------+
 * </pre>
 */
final class EtherTypeChain {
    static final int VLAN_TAG_LENGTH = 4;
    private static final int VLAN_ID_MASK = 0x0FFF;
    private static final int NEXT_ETHER_TYPE_FIELD_OFFSET = 2;

    private EtherTypeChain() {
    }

    /**
     * {@code etherType} names what starts at {@code payloadOffset} (from the frame start). Each
     * loop consumes one 4-byte tag, so a frame of tags ends the walk at its end.
     */
    static void follow(
        final ByteBuffer frame, final int frameOffset, final int lengthBytes, final int etherType,
        final int payloadOffset, final NetworkLayer result) {
        int type = etherType;
        int offset = payloadOffset;
        while (EtherType.isVlanTag(type)) {
            if (offset + VLAN_TAG_LENGTH > lengthBytes) {
                result.truncated();
                return;
            }
            result.vlanTag(NetworkByteOrder.unsignedShortAt(frame, frameOffset + offset) & VLAN_ID_MASK);
            type = NetworkByteOrder.unsignedShortAt(frame, frameOffset + offset + NEXT_ETHER_TYPE_FIELD_OFFSET);
            offset += VLAN_TAG_LENGTH;
        }
        result.located(kindOf(type), offset, type);
    }

    private static NetworkLayerKind kindOf(final int etherType) {
        if (etherType == EtherType.IPV4) {
            return NetworkLayerKind.IPV4;
        }
        return etherType == EtherType.IPV6 ? NetworkLayerKind.IPV6 : NetworkLayerKind.OTHER;
    }
}
