package org.mprt.ctk.wire.roce;

import org.mprt.ctk.wire.FieldSpec;
import org.mprt.ctk.wire.FieldSpec.Base;
import org.mprt.ctk.wire.Flyweight;
import org.mprt.ctk.wire.HeaderLayout;

/**
 * Invalidate Extended Transport Header, 4 bytes (IBTA Vol. 1 section 9.3): the R_Key a
 * SEND with invalidate asks the responder to invalidate.
 *
 * <pre>
 *  0                   1                   2                   3
 *  0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 * +---------------------------------------------------------------+
 * |                             R_Key                             |
 * +---------------------------------------------------------------+
 * </pre>
 */
public final class IethFlyweight extends Flyweight<IethFlyweight> {

    public static final FieldSpec R_KEY = FieldSpec.field("roce.ieth.r_key", "R_Key", 0, 32, Base.HEX);

    public static final HeaderLayout LAYOUT = HeaderLayout.of("roce.ieth", "Invalidate Extended Transport Header",
        "IBTA Vol. 1 section 9.3", R_KEY);

    public static final int R_KEY_FIELD_OFFSET = R_KEY.byteOffset();
    public static final int IETH_LENGTH = LAYOUT.length();

    @Override
    public HeaderLayout layout() {
        return LAYOUT;
    }

    public long rKey() {
        return get(R_KEY);
    }

    public IethFlyweight rKey(final long value) {
        return set(R_KEY, value);
    }
}
