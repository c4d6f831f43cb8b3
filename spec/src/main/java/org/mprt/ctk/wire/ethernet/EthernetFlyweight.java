package org.mprt.ctk.wire.ethernet;

import org.mprt.ctk.wire.FieldSpec;
import org.mprt.ctk.wire.FieldSpec.Base;
import org.mprt.ctk.wire.Flyweight;
import org.mprt.ctk.wire.HeaderLayout;

/**
 * Ethernet II header (IEEE 802.3), 14 bytes, ahead of the IP header of a RoCEv2 or MPRT packet
 * (mprt-v0.1.md section 3.1). When the frame is VLAN-tagged, {@code type} holds the tag
 * protocol identifier and a {@link VlanTagFlyweight} follows.
 *
 * <pre>
 *  0                   1                   2                   3
 *  0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 * +---------------------------------------------------------------+
 * |                  destination MAC address (48)                 |
 * +                               +-------------------------------+
 * |                               |                               |
 * +-------------------------------+                               +
 * |                     source MAC address (48)                   |
 * +-------------------------------+-------------------------------+
 * |      EtherType or TPID        |
 * +-------------------------------+
 * </pre>
 *
 * MAC addresses are handled as 48-bit values in a {@code long}, so no array is needed.
 */
public final class EthernetFlyweight extends Flyweight<EthernetFlyweight> {

    public static final FieldSpec DESTINATION = FieldSpec.field("eth.dst", "Destination address", 0, 48, Base.HEX);
    public static final FieldSpec SOURCE = FieldSpec.field("eth.src", "Source address", 6, 48, Base.HEX);
    public static final FieldSpec TYPE = FieldSpec.field("eth.type", "EtherType", 12, 16, Base.HEX);

    public static final HeaderLayout LAYOUT = HeaderLayout.of("eth", "Ethernet II", "IEEE 802.3 clause 3",
        DESTINATION, SOURCE, TYPE);

    public static final int DESTINATION_FIELD_OFFSET = DESTINATION.byteOffset();
    public static final int SOURCE_FIELD_OFFSET = SOURCE.byteOffset();
    public static final int TYPE_FIELD_OFFSET = TYPE.byteOffset();
    public static final int ETHERNET_LENGTH = LAYOUT.length();
    /** Shortest frame an Ethernet MAC sends, without the FCS; shorter frames are padded with zeros. */
    public static final int MINIMUM_FRAME_LENGTH = 60;

    @Override
    public HeaderLayout layout() {
        return LAYOUT;
    }

    public long destination() {
        return get(DESTINATION);
    }

    public EthernetFlyweight destination(final long mac) {
        return set(DESTINATION, mac);
    }

    public long source() {
        return get(SOURCE);
    }

    public EthernetFlyweight source(final long mac) {
        return set(SOURCE, mac);
    }

    public int type() {
        return (int) get(TYPE);
    }

    public EthernetFlyweight type(final int etherType) {
        return set(TYPE, etherType);
    }
}
