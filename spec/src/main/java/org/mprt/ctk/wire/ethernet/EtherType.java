package org.mprt.ctk.wire.ethernet;

/** EtherType values the codec recognises (IEEE 802.3, IEEE 802.1Q/ad). */
public final class EtherType {

    public static final int IPV4 = 0x0800;
    public static final int IPV6 = 0x86DD;
    /** Customer VLAN tag (802.1Q C-tag). */
    public static final int VLAN = 0x8100;
    /** Service VLAN tag (802.1ad S-tag), the outer tag of a double-tagged frame. */
    public static final int QINQ = 0x88A8;

    private EtherType() {
    }

    /** True for the tag protocol identifiers that announce a VLAN tag. */
    public static boolean isVlanTag(final int etherType) {
        return etherType == VLAN || etherType == QINQ;
    }
}
