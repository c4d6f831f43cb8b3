package org.mprt.ctk.wire.ethernet;

import org.mprt.ctk.wire.FieldSpec;
import org.mprt.ctk.wire.FieldSpec.Base;
import org.mprt.ctk.wire.Flyweight;
import org.mprt.ctk.wire.HeaderLayout;

/**
 * The 4 bytes an IEEE 802.1Q (or 802.1ad) tag adds after the TPID: the tag control information
 * and the EtherType of what follows. The TPID itself is the preceding {@code eth.type} (or
 * {@code vlan.type} of the outer tag), as Wireshark shows it.
 *
 * <pre>
 *  0                   1                   2                   3
 *  0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 * +-----+-+-----------------------+-------------------------------+
 * | PCP |D|         VID           |     EtherType or next TPID    |
 * +-----+-+-----------------------+-------------------------------+
 * </pre>
 */
public final class VlanTagFlyweight extends Flyweight<VlanTagFlyweight> {

    public static final FieldSpec PCP = FieldSpec.field("vlan.pcp", "Priority code point", 0, 7, 3, Base.DEC);
    public static final FieldSpec DEI = FieldSpec.field("vlan.dei", "Drop eligible indicator", 0, 4, 1, Base.FLAG);
    public static final FieldSpec VID = FieldSpec.field("vlan.id", "VLAN identifier", 0, 3, 12, Base.DEC);
    public static final FieldSpec TYPE = FieldSpec.field("vlan.type", "EtherType", 2, 16, Base.HEX);

    public static final HeaderLayout LAYOUT = HeaderLayout.of("vlan", "802.1Q VLAN tag", "IEEE 802.1Q clause 9.6",
        PCP, DEI, VID, TYPE);

    public static final int TCI_FIELD_OFFSET = PCP.byteOffset();
    public static final int TYPE_FIELD_OFFSET = TYPE.byteOffset();
    public static final int VLAN_TAG_LENGTH = LAYOUT.length();

    @Override
    public HeaderLayout layout() {
        return LAYOUT;
    }

    public int pcp() {
        return (int) get(PCP);
    }

    public VlanTagFlyweight pcp(final int value) {
        return set(PCP, value);
    }

    public int dei() {
        return (int) get(DEI);
    }

    public VlanTagFlyweight dei(final int value) {
        return set(DEI, value);
    }

    public int vid() {
        return (int) get(VID);
    }

    public VlanTagFlyweight vid(final int value) {
        return set(VID, value);
    }

    public int type() {
        return (int) get(TYPE);
    }

    public VlanTagFlyweight type(final int etherType) {
        return set(TYPE, etherType);
    }
}
