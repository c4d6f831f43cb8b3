package org.mprt.ctk.wire.encode;

import java.nio.ByteBuffer;
import org.mprt.ctk.wire.ethernet.EtherType;
import org.mprt.ctk.wire.ethernet.EthernetFlyweight;
import org.mprt.ctk.wire.ethernet.VlanTagFlyweight;

/** The link-layer settings of a {@link FrameEncoder} and the Ethernet II and VLAN tags it writes. */
final class LinkWriter {

    static final int MAX_VLAN_TAGS = 2;

    private final EthernetFlyweight ethernetView = new EthernetFlyweight();
    private final VlanTagFlyweight vlanView = new VlanTagFlyweight();
    private final int[] tpids = new int[MAX_VLAN_TAGS];
    private final int[] tcis = new int[MAX_VLAN_TAGS];
    boolean ethernet = true;
    long destinationMac = 0x02_00_00_00_00_02L;
    long sourceMac = 0x02_00_00_00_00_01L;
    int vlanCount;
    boolean padToMinimumFrame = true;

    void addVlan(final int tpid, final int pcp, final int dei, final int vid) {
        if (vlanCount == MAX_VLAN_TAGS) {
            throw new IllegalStateException("at most " + MAX_VLAN_TAGS + " VLAN tags");
        }
        if (!EtherType.isVlanTag(tpid) || (pcp & ~7) != 0 || (dei & ~1) != 0 || (vid & ~0xFFF) != 0) {
            throw new IllegalArgumentException("VLAN tag tpid=0x" + Integer.toHexString(tpid) + " pcp=" + pcp
                + " dei=" + dei + " vid=" + vid);
        }
        tpids[vlanCount] = tpid;
        tcis[vlanCount] = pcp << 13 | dei << 12 | vid;
        vlanCount++;
    }

    /** Bytes before the IP header. */
    int length() {
        return ethernet ? EthernetFlyweight.ETHERNET_LENGTH + vlanCount * VlanTagFlyweight.VLAN_TAG_LENGTH : 0;
    }

    /** The frame's length once padded to the Ethernet minimum where that applies. */
    int frameLength(final int unpaddedLength) {
        return ethernet && padToMinimumFrame ? Math.max(unpaddedLength, EthernetFlyweight.MINIMUM_FRAME_LENGTH) : unpaddedLength;
    }

    /** Writes Ethernet and VLAN tags at {@code offset}; returns the offset of the IP header. */
    int write(final ByteBuffer buffer, final int offset, final int networkEtherType) {
        if (!ethernet) {
            return offset;
        }
        int next = offset + EthernetFlyweight.ETHERNET_LENGTH;
        ethernetView.wrap(buffer, offset).destination(destinationMac).source(sourceMac)
            .type(vlanCount > 0 ? tpids[0] : networkEtherType);
        for (int i = 0; i < vlanCount; i++) {
            final int type = i + 1 < vlanCount ? tpids[i + 1] : networkEtherType;
            vlanView.wrap(buffer, next).pcp(tcis[i] >>> 13).dei((tcis[i] >>> 12) & 1).vid(tcis[i] & 0xFFF).type(type);
            next += VlanTagFlyweight.VLAN_TAG_LENGTH;
        }
        return next;
    }
}
