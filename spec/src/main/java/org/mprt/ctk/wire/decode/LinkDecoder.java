package org.mprt.ctk.wire.decode;

import java.nio.ByteBuffer;
import org.mprt.ctk.wire.ethernet.EtherType;
import org.mprt.ctk.wire.ethernet.EthernetFlyweight;
import org.mprt.ctk.wire.ethernet.VlanTagFlyweight;
import org.mprt.ctk.wire.ip.NetworkKind;

/**
 * Ethernet II with up to two VLAN tags (802.1Q, 802.1ad): finds the IP header and hands over to
 * {@link NetworkDecoder}. A frame that carries neither IPv4 nor IPv6, or more than two tags, is
 * not RoCE. A frame too short on the wire for its link headers is MALFORMED; one whose capture
 * cut them (a snap length) is UNIDENTIFIED, since its EtherType is unknown.
 */
final class LinkDecoder {

    private LinkDecoder() {
    }

    /** {@code onWire}: bytes of the frame on the wire. */
    static DecodeStatus decode(final ByteBuffer buffer, final int frameOffset, final int onWire, final DecodedPacket out) {
        if (onWire < EthernetFlyweight.ETHERNET_LENGTH) {
            return Failures.truncated(out, EthernetFlyweight.LAYOUT, frameOffset, onWire);
        }
        if (!out.isCaptured(frameOffset, EthernetFlyweight.ETHERNET_LENGTH)) {
            return Failures.unidentified(out);
        }
        out.ethernetOffset = frameOffset;
        int type = (int) EthernetFlyweight.TYPE.read(buffer, frameOffset);
        int next = frameOffset + EthernetFlyweight.ETHERNET_LENGTH;
        int left = onWire - EthernetFlyweight.ETHERNET_LENGTH;
        while (EtherType.isVlanTag(type)) {
            if (out.vlanCount() == DecodedPacket.MAX_VLAN_TAGS) {
                return Failures.notRoce(out);
            }
            if (left < VlanTagFlyweight.VLAN_TAG_LENGTH) {
                return Failures.truncated(out, VlanTagFlyweight.LAYOUT, next, left);
            }
            if (!out.isCaptured(next, VlanTagFlyweight.VLAN_TAG_LENGTH)) {
                return Failures.unidentified(out);
            }
            out.vlanAt(next);
            type = (int) VlanTagFlyweight.TYPE.read(buffer, next);
            next += VlanTagFlyweight.VLAN_TAG_LENGTH;
            left -= VlanTagFlyweight.VLAN_TAG_LENGTH;
        }
        if (type == EtherType.IPV4) {
            return NetworkDecoder.decode(buffer, next, NetworkKind.IPV4, left, out);
        }
        if (type == EtherType.IPV6) {
            return NetworkDecoder.decode(buffer, next, NetworkKind.IPV6, left, out);
        }
        return Failures.notRoce(out);
    }
}
