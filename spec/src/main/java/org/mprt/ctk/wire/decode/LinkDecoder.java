package org.mprt.ctk.wire.decode;

import java.nio.ByteBuffer;
import org.mprt.ctk.wire.ethernet.EtherType;
import org.mprt.ctk.wire.ethernet.EthernetFlyweight;
import org.mprt.ctk.wire.ethernet.VlanTagFlyweight;
import org.mprt.ctk.wire.ip.NetworkKind;

/**
 * Ethernet II with up to two VLAN tags (802.1Q, 802.1ad): finds the IP header and hands over to
 * {@link NetworkDecoder}. A frame that carries neither IPv4 nor IPv6, or more than two tags, is
 * not RoCE.
 */
final class LinkDecoder {

    private LinkDecoder() {
    }

    static DecodeStatus decode(final ByteBuffer buffer, final int frameOffset, final int length, final DecodedPacket out) {
        if (length < EthernetFlyweight.ETHERNET_LENGTH) {
            return Failures.truncated(out, EthernetFlyweight.LAYOUT, frameOffset, length);
        }
        out.ethernetOffset = frameOffset;
        int type = (int) EthernetFlyweight.TYPE.read(buffer, frameOffset);
        int next = frameOffset + EthernetFlyweight.ETHERNET_LENGTH;
        final int end = frameOffset + length;
        while (EtherType.isVlanTag(type)) {
            if (out.vlanCount() == DecodedPacket.MAX_VLAN_TAGS) {
                return Failures.notRoce(out);
            }
            if (end - next < VlanTagFlyweight.VLAN_TAG_LENGTH) {
                return Failures.truncated(out, VlanTagFlyweight.LAYOUT, next, end - next);
            }
            out.vlanAt(next);
            type = (int) VlanTagFlyweight.TYPE.read(buffer, next);
            next += VlanTagFlyweight.VLAN_TAG_LENGTH;
        }
        if (type == EtherType.IPV4) {
            return NetworkDecoder.decode(buffer, next, NetworkKind.IPV4, end - next, out);
        }
        if (type == EtherType.IPV6) {
            return NetworkDecoder.decode(buffer, next, NetworkKind.IPV6, end - next, out);
        }
        return Failures.notRoce(out);
    }
}
