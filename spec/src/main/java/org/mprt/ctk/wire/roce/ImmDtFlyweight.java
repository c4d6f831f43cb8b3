package org.mprt.ctk.wire.roce;

import org.mprt.ctk.wire.FieldSpec;
import org.mprt.ctk.wire.FieldSpec.Base;
import org.mprt.ctk.wire.Flyweight;
import org.mprt.ctk.wire.HeaderLayout;

/**
 * Immediate Data Extended Transport Header, 4 bytes (IBTA Vol. 1 section 9.3): the immediate
 * value of a SEND or RDMA WRITE "with immediate".
 *
 * <pre>
 *  0                   1                   2                   3
 *  0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 * +---------------------------------------------------------------+
 * |                        Immediate Data                         |
 * +---------------------------------------------------------------+
 * </pre>
 */
public final class ImmDtFlyweight extends Flyweight<ImmDtFlyweight> {

    public static final FieldSpec IMMEDIATE_DATA = FieldSpec.field("roce.immdt.immediate_data", "Immediate Data", 0, 32, Base.HEX);

    public static final HeaderLayout LAYOUT = HeaderLayout.of("roce.immdt", "Immediate Data",
        "IBTA Vol. 1 section 9.3", IMMEDIATE_DATA);

    public static final int IMMEDIATE_DATA_FIELD_OFFSET = IMMEDIATE_DATA.byteOffset();
    public static final int IMMDT_LENGTH = LAYOUT.length();

    @Override
    public HeaderLayout layout() {
        return LAYOUT;
    }

    public long immediateData() {
        return get(IMMEDIATE_DATA);
    }

    public ImmDtFlyweight immediateData(final long value) {
        return set(IMMEDIATE_DATA, value);
    }
}
