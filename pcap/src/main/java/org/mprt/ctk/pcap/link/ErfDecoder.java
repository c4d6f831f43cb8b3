package org.mprt.ctk.pcap.link;

import static org.mprt.ctk.pcap.ErfLayout.ANOTHER_EXTENSION;
import static org.mprt.ctk.pcap.ErfLayout.EXTENSION_HEADER_LENGTH;
import static org.mprt.ctk.pcap.ErfLayout.HEADER_LENGTH;
import static org.mprt.ctk.pcap.ErfLayout.TYPE_FIELD_OFFSET;
import static org.mprt.ctk.pcap.ErfLayout.TYPE_MASK;
import static org.mprt.ctk.pcap.ErfLayout.WIRE_LENGTH_FIELD_OFFSET;

import java.nio.ByteBuffer;

/**
 * LINKTYPE_ERF (197): the record an Endace capture card writes (Extensible Record Format, laid out in
 * {@link org.mprt.ctk.pcap.ErfLayout}), as captures taken at a mirror port with such a card hold it,
 * around an Ethernet frame (types 2, 11, 16 and 20, after an offset and a pad byte) or an IPv4 or IPv6
 * packet (types 22 and 23). A native ERF file's records come here the same way ({@code ErfFileDecoder}).
 *
 * <p>The frame's time is the pcap or pcapng record's around it, which a writer takes from the ERF
 * timestamp; wlen counts the frame as it was on the wire, its FCS included. A card set to keep fewer bytes than a frame holds cuts it: the
 * frame's length on the wire then tells the judge that the packet was cut by the card, not sent
 * short ({@link NetworkLayer#mirroredFrameLengthBytes()}). Records of other types (ATM, HDLC, the
 * card's metadata) come out as {@link NetworkLayerKind#OTHER}.
 */
final class ErfDecoder implements LinkLayerDecoder {
    /** The offset and pad bytes before an Ethernet frame. */
    static final int ETHERNET_PAD_LENGTH = 2;
    static final int TYPE_ETH = 2;
    static final int TYPE_COLOR_ETH = 11;
    static final int TYPE_DSM_COLOR_ETH = 16;
    static final int TYPE_COLOR_HASH_ETH = 20;
    static final int TYPE_IPV4 = 22;
    static final int TYPE_IPV6 = 23;

    @Override
    public void locate(final ByteBuffer frame, final int frameOffset, final int lengthBytes, final NetworkLayer result) {
        if (lengthBytes < HEADER_LENGTH) {
            result.truncated();
            return;
        }
        final int typeByte = NetworkByteOrder.unsignedByteAt(frame, frameOffset + TYPE_FIELD_OFFSET);
        int at = HEADER_LENGTH;
        for (boolean another = (typeByte & ANOTHER_EXTENSION) != 0; another; at += EXTENSION_HEADER_LENGTH) {
            if (at + EXTENSION_HEADER_LENGTH > lengthBytes) {
                result.truncated();
                return;
            }
            another = (NetworkByteOrder.unsignedByteAt(frame, frameOffset + at) & ANOTHER_EXTENSION) != 0;
        }
        final int type = typeByte & TYPE_MASK;
        final int wireLength = NetworkByteOrder.unsignedShortAt(frame, frameOffset + WIRE_LENGTH_FIELD_OFFSET);
        final int start;
        if (type == TYPE_IPV4 || type == TYPE_IPV6) {
            start = at;
            final NetworkLayerKind kind = type == TYPE_IPV4 ? NetworkLayerKind.IPV4 : NetworkLayerKind.IPV6;
            result.located(kind, start, RawIpDecoder.etherTypeOf(kind));
        } else if (isEthernet(type)) {
            start = at + ETHERNET_PAD_LENGTH;
            if (start + EthernetDecoder.HEADER_LENGTH > lengthBytes) {
                result.truncated();
                return;
            }
            EtherTypeChain.follow(frame, frameOffset, lengthBytes,
                NetworkByteOrder.unsignedShortAt(frame, frameOffset + start + EthernetDecoder.ETHER_TYPE_FIELD_OFFSET),
                start + EthernetDecoder.HEADER_LENGTH, result);
            result.sourceMac(start + EthernetDecoder.SOURCE_MAC_FIELD_OFFSET);
        } else {
            result.located(NetworkLayerKind.OTHER, at, EtherType.NONE);
            return;
        }
        if (result.isIp() && lengthBytes < start + wireLength) {
            result.mirroredFrameLengthBytes(start + wireLength);
        }
    }

    private static boolean isEthernet(final int type) {
        return type == TYPE_ETH || type == TYPE_COLOR_ETH || type == TYPE_DSM_COLOR_ETH || type == TYPE_COLOR_HASH_ETH;
    }
}
