package org.mprt.ctk.pcap.link;

/**
 * EtherType values the unwrapping acts on or reports (IEEE 802.3 clause 3.2.6 and the IEEE
 * Registration Authority's EtherType list). Values up to 1500 in that field are an IEEE 802.3
 * length, not a type.
 */
public final class EtherType {
    public static final int IPV4 = 0x0800;
    public static final int IPV6 = 0x86DD;
    /** IEEE 802.1Q customer VLAN tag (C-tag). */
    public static final int VLAN = 0x8100;
    /** IEEE 802.1ad service VLAN tag (S-tag), the outer tag of QinQ. */
    public static final int SERVICE_VLAN = 0x88A8;
    /** The pre-standard QinQ outer tag some switches still send. */
    public static final int LEGACY_QINQ = 0x9100;
    /**
     * Arista's vendor-specific EtherType: a switch that stamps the frames it mirrors puts its timestamp
     * header here, between the source address and the frame's own EtherType.
     */
    public static final int ARISTA = 0xD28B;
    /** MPLS (RFC 3032), unicast and multicast: a stack of labels, then the packet. */
    public static final int MPLS = 0x8847;
    public static final int MPLS_MULTICAST = 0x8848;
    /** IEEE 802.3 MAC Control: PAUSE (802.3 Annex 31B) and PFC (802.1Qbb) frames. */
    public static final int MAC_CONTROL = 0x8808;
    /** Reported when the link layer carries no EtherType (raw IP, loopback) and the payload is not IP. */
    public static final int NONE = -1;
    /** The largest value of the field that is an IEEE 802.3 length rather than a type. */
    public static final int LARGEST_IEEE_802_3_LENGTH = 1500;

    private EtherType() {
    }

    /** True for the tag protocol identifiers of stacked VLAN tags. */
    public static boolean isVlanTag(final int etherType) {
        return etherType == VLAN || etherType == SERVICE_VLAN || etherType == LEGACY_QINQ;
    }
}
