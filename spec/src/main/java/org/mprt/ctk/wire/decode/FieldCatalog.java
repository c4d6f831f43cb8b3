package org.mprt.ctk.wire.decode;

import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.mprt.ctk.wire.FieldSpec;
import org.mprt.ctk.wire.HeaderLayout;
import org.mprt.ctk.wire.bth.BthFlyweight;
import org.mprt.ctk.wire.ethernet.EthernetFlyweight;
import org.mprt.ctk.wire.ethernet.VlanTagFlyweight;
import org.mprt.ctk.wire.icrc.Icrc;
import org.mprt.ctk.wire.ip.Ipv4Flyweight;
import org.mprt.ctk.wire.ip.Ipv6Flyweight;
import org.mprt.ctk.wire.ip.UdpFlyweight;
import org.mprt.ctk.wire.mprt.MaethFlyweight;
import org.mprt.ctk.wire.mprt.MdethFlyweight;
import org.mprt.ctk.wire.mprt.MnethFlyweight;
import org.mprt.ctk.wire.mprt.MpethFlyweight;
import org.mprt.ctk.wire.roce.AethFlyweight;
import org.mprt.ctk.wire.roce.AtomicAckEthFlyweight;
import org.mprt.ctk.wire.roce.AtomicEthFlyweight;
import org.mprt.ctk.wire.roce.CnpFlyweight;
import org.mprt.ctk.wire.roce.DethFlyweight;
import org.mprt.ctk.wire.roce.IethFlyweight;
import org.mprt.ctk.wire.roce.ImmDtFlyweight;
import org.mprt.ctk.wire.roce.RethFlyweight;

/**
 * Every field of every header table, by field ID, and the lookup the verdict engine uses to read
 * a field such as {@code bth.psn} or {@code mprt.maeth.record.cmsn} from a decoded packet.
 */
public final class FieldCatalog {

    private static final List<HeaderLayout> LAYOUTS = List.of(
        EthernetFlyweight.LAYOUT, VlanTagFlyweight.LAYOUT, Ipv4Flyweight.LAYOUT, Ipv6Flyweight.LAYOUT,
        UdpFlyweight.LAYOUT, BthFlyweight.LAYOUT,
        RethFlyweight.LAYOUT, AethFlyweight.LAYOUT, ImmDtFlyweight.LAYOUT, IethFlyweight.LAYOUT,
        DethFlyweight.LAYOUT, AtomicEthFlyweight.LAYOUT, AtomicAckEthFlyweight.LAYOUT, CnpFlyweight.LAYOUT,
        MdethFlyweight.WRITE_LAYOUT, MdethFlyweight.SEND_LAYOUT, MaethFlyweight.LAYOUT, MnethFlyweight.LAYOUT,
        MpethFlyweight.LAYOUT, Icrc.LAYOUT);

    private static final Map<String, FieldSpec> BY_ID;

    static {
        final Map<String, FieldSpec> byId = new TreeMap<>();
        for (final HeaderLayout layout : LAYOUTS) {
            register(byId, layout.fields());
            register(byId, layout.recordFields());
        }
        BY_ID = Collections.unmodifiableMap(byId);
    }

    private FieldCatalog() {
    }

    /** Every header table the codec knows. */
    public static List<HeaderLayout> layouts() {
        return LAYOUTS;
    }

    /** Every field, ordered by ID. */
    public static Collection<FieldSpec> fields() {
        return BY_ID.values();
    }

    /** The field with this ID, or null. */
    public static FieldSpec byId(final String fieldId) {
        return BY_ID.get(fieldId);
    }

    /**
     * Absolute offset in the packet's buffer of the header or record holding {@code field}, or -1
     * when the packet has none. {@code index} picks the record of a record field and the VLAN tag
     * of a VLAN field (0 outer), and is 0 otherwise.
     */
    public static int locate(final DecodedPacket packet, final FieldSpec field, final int index) {
        for (int i = 0; i < LAYOUTS.size(); i++) {
            final HeaderLayout layout = LAYOUTS.get(i);
            if (!layout.contains(field)) {
                continue;
            }
            final boolean vlan = layout == VlanTagFlyweight.LAYOUT;
            final int offset = packet.headerOffset(layout, vlan ? index : 0);
            if (offset < 0) {
                continue;
            }
            if (layout.isRecordField(field)) {
                final int records = layout.recordCount(packet.buffer(), offset);
                return index >= 0 && index < records ? offset + layout.length(index) : -1;
            }
            return vlan || index == 0 ? offset : -1;
        }
        return -1;
    }

    public static boolean isPresent(final DecodedPacket packet, final FieldSpec field, final int index) {
        return locate(packet, field, index) >= 0;
    }

    /** The value of a field of up to 64 bits; throws when the packet does not carry it. */
    public static long value(final DecodedPacket packet, final FieldSpec field, final int index) {
        final int offset = locate(packet, field, index);
        if (offset < 0) {
            throw new IllegalStateException("the packet has no " + field.id() + (index == 0 ? "" : "[" + index + "]"));
        }
        return field.read(packet.buffer(), offset);
    }

    public static long value(final DecodedPacket packet, final FieldSpec field) {
        return value(packet, field, 0);
    }

    // The MDETH tables share their common rows, so an ID may be registered twice, but always
    // for the same row.
    private static void register(final Map<String, FieldSpec> byId, final List<FieldSpec> fields) {
        for (final FieldSpec field : fields) {
            final FieldSpec previous = byId.putIfAbsent(field.id(), field);
            if (previous != null && previous != field) {
                throw new IllegalStateException("field ID declared twice: " + field.id());
            }
        }
    }
}
