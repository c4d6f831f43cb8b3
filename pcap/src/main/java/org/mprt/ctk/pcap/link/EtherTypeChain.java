package org.mprt.ctk.pcap.link;

import java.nio.ByteBuffer;

/**
 * Follows an EtherType through stacked VLAN tags, and the timestamp header a mirroring Arista switch
 * may insert, to the network layer. Shared by every link layer that names its payload with an
 * EtherType (Ethernet, Linux SLL and SLL2), since Linux may keep a VLAN tag in the payload of a cooked
 * capture too.
 *
 * <pre>
 * VLAN tag (IEEE 802.1Q clause 9.6), after a TPID of 0x8100, 0x88A8 or 0x9100:
 *     0                   1                   2                   3
 *     0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *    +-----+-+-----------------------+-------------------------------+
 *    | PCP |D|        VLAN ID        |     EtherType (or next TPID)  |
 *    +-----+-+-----------------------+-------------------------------+
 *
 * Arista timestamp header, after EtherType 0xD28B (subtype 1; version 0x0010 or 0x0110 for a 64-bit
 * timestamp, TAI or UTC, 0x0020 or 0x0120 for a 48-bit one):
 *    +-------------------------------+-------------------------------+
 *    |          Subtype (1)          |            Version            |
 *    +-------------------------------+-------------------------------+
 *    |     Timestamp (8 or 6 bytes) ...    |  EtherType (or next TPID) |
 *    +---------------------------------------------------------------+
 * </pre>
 * A header of another subtype or version is left as the frame's EtherType: its length is not known.
 *
 * <p>An MPLS label stack (RFC 3032: label, traffic class, bottom-of-stack bit S, TTL in each 4 bytes)
 * is walked to the entry with S set; what follows names itself by its first four bits, as MPLS gives
 * no type: 4 is IPv4 and 6 is IPv6 (RFC 4928 keeps other payloads, such as a pseudowire's control
 * word, from starting so), anything else is other traffic.
 */
final class EtherTypeChain {
    static final int VLAN_TAG_LENGTH = 4;
    private static final int VLAN_ID_MASK = 0x0FFF;
    private static final int NEXT_ETHER_TYPE_FIELD_OFFSET = 2;
    private static final int ARISTA_SUBTYPE_TIMESTAMP = 1;
    private static final int ARISTA_HEADER_BEFORE_TIMESTAMP = 4;
    /** The version's low byte: the timestamp's size; its high byte says TAI (0) or UTC (1). */
    private static final int ARISTA_TIMESTAMP_64 = 0x10;
    private static final int ARISTA_TIMESTAMP_48 = 0x20;
    private static final int ARISTA_VERSION_CLOCK_MASK = 0xFEFF;
    private static final int ARISTA_TIMESTAMP_48_BYTES = 6;
    private static final int MPLS_LABEL_LENGTH = 4;
    /** The S bit, in the third byte of a label stack entry. */
    private static final int MPLS_BOTTOM_OF_STACK = 0x01;
    /** Labels walked at most: real stacks hold a few; a frame of entries without S ends as other traffic. */
    private static final int MAX_MPLS_LABELS = 16;

    private EtherTypeChain() {
    }

    /**
     * {@code etherType} names what starts at {@code payloadOffset} (from the frame start). Each
     * loop consumes one tag or timestamp header, so a frame of them ends the walk at its end.
     */
    static void follow(
        final ByteBuffer frame, final int frameOffset, final int lengthBytes, final int etherType,
        final int payloadOffset, final NetworkLayer result) {
        int type = etherType;
        int offset = payloadOffset;
        while (true) {
            final boolean tag = EtherType.isVlanTag(type);
            final int length = tag ? VLAN_TAG_LENGTH
                : type == EtherType.ARISTA ? aristaHeaderLength(frame, frameOffset, offset, lengthBytes) : -1;
            if (length < 0) {
                break;
            }
            if (offset + length > lengthBytes) {
                result.truncated();
                return;
            }
            if (tag) {
                result.vlanTag(NetworkByteOrder.unsignedShortAt(frame, frameOffset + offset) & VLAN_ID_MASK);
            }
            type = NetworkByteOrder.unsignedShortAt(frame, frameOffset + offset + length - NEXT_ETHER_TYPE_FIELD_OFFSET);
            offset += length;
        }
        if (type == EtherType.MPLS || type == EtherType.MPLS_MULTICAST) {
            mpls(frame, frameOffset, lengthBytes, offset, result);
            return;
        }
        result.located(kindOf(type), offset, type);
    }

    /** The packet after the MPLS label stack at {@code offset}. */
    private static void mpls(final ByteBuffer frame, final int frameOffset, final int lengthBytes, final int stack,
                             final NetworkLayer result) {
        int offset = stack;
        for (int labels = 0; ; labels++) {
            if (labels == MAX_MPLS_LABELS) {
                result.located(NetworkLayerKind.OTHER, offset, EtherType.MPLS);
                return;
            }
            if (offset + MPLS_LABEL_LENGTH > lengthBytes) {
                result.truncated();
                return;
            }
            final boolean bottom = (NetworkByteOrder.unsignedByteAt(frame, frameOffset + offset + 2) & MPLS_BOTTOM_OF_STACK) != 0;
            offset += MPLS_LABEL_LENGTH;
            if (bottom) {
                break;
            }
        }
        if (offset >= lengthBytes) {
            result.truncated();
            return;
        }
        final NetworkLayerKind kind = RawIpDecoder.kindOfVersion(frame.get(frameOffset + offset));
        result.located(kind, offset, kind == NetworkLayerKind.OTHER ? EtherType.MPLS : RawIpDecoder.etherTypeOf(kind));
    }

    /**
     * The length of the Arista timestamp header at {@code offset}, up to its next EtherType included; -1
     * for one of another subtype or version, whose length is not known. A frame that ends before the
     * version gets the length of the version's end, which the caller finds past the frame's end.
     */
    private static int aristaHeaderLength(final ByteBuffer frame, final int frameOffset, final int offset, final int lengthBytes) {
        if (offset + ARISTA_HEADER_BEFORE_TIMESTAMP > lengthBytes) {
            return ARISTA_HEADER_BEFORE_TIMESTAMP;
        }
        if (NetworkByteOrder.unsignedShortAt(frame, frameOffset + offset) != ARISTA_SUBTYPE_TIMESTAMP) {
            return -1;
        }
        final int version = NetworkByteOrder.unsignedShortAt(frame, frameOffset + offset + 2) & ARISTA_VERSION_CLOCK_MASK;
        if (version == ARISTA_TIMESTAMP_64) {
            return ARISTA_HEADER_BEFORE_TIMESTAMP + Long.BYTES + NEXT_ETHER_TYPE_FIELD_OFFSET;
        }
        return version == ARISTA_TIMESTAMP_48 ? ARISTA_HEADER_BEFORE_TIMESTAMP + ARISTA_TIMESTAMP_48_BYTES + NEXT_ETHER_TYPE_FIELD_OFFSET : -1;
    }

    private static NetworkLayerKind kindOf(final int etherType) {
        if (etherType == EtherType.IPV4) {
            return NetworkLayerKind.IPV4;
        }
        return etherType == EtherType.IPV6 ? NetworkLayerKind.IPV6 : NetworkLayerKind.OTHER;
    }
}
