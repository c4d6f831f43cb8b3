package org.mprt.ctk.wire.roce;

import org.mprt.ctk.wire.FieldSpec;
import org.mprt.ctk.wire.Flyweight;
import org.mprt.ctk.wire.HeaderLayout;

/**
 * The 16 reserved bytes that follow the BTH of a RoCEv2 Congestion Notification Packet (opcode
 * 0x81, IBTA Annex A17 (CNP)). Declared as a header so the CNP's length comes from a table like
 * every other opcode's.
 *
 * <pre>
 *  0                   1                   2                   3
 *  0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 * +---------------------------------------------------------------+
 * |                        reserved (128)                         |
 * +---------------------------------------------------------------+
 * </pre>
 */
public final class CnpFlyweight extends Flyweight<CnpFlyweight> {

    public static final FieldSpec RESERVED = FieldSpec.reserved("roce.cnp.reserved", "reserved", 0, 7, 128);

    public static final HeaderLayout LAYOUT = HeaderLayout.of("roce.cnp", "CNP reserved bytes",
        "IBTA Annex A17 (CNP)", RESERVED);

    public static final int CNP_LENGTH = LAYOUT.length();

    @Override
    public HeaderLayout layout() {
        return LAYOUT;
    }

    /** True when all 16 reserved bytes are zero. */
    public boolean isReservedZero() {
        return RESERVED.isZero(buffer(), offset());
    }
}
