package org.mprt.ctk.wire.roce;

import org.mprt.ctk.wire.FieldSpec;
import org.mprt.ctk.wire.FieldSpec.Base;
import org.mprt.ctk.wire.Flyweight;
import org.mprt.ctk.wire.HeaderLayout;

/**
 * Datagram Extended Transport Header, 8 bytes (IBTA Vol. 1 section 9.3): Q_Key and source QP of
 * every UD packet.
 *
 * <pre>
 *  0                   1                   2                   3
 *  0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 * +---------------------------------------------------------------+
 * |                             Q_Key                             |
 * +---------------+-----------------------------------------------+
 * |     resv8     |                    SrcQP                      |
 * +---------------+-----------------------------------------------+
 * </pre>
 */
public final class DethFlyweight extends Flyweight<DethFlyweight> {

    public static final FieldSpec Q_KEY = FieldSpec.field("roce.deth.q_key", "Q_Key", 0, 32, Base.HEX);
    public static final FieldSpec RESV8 = FieldSpec.reserved("roce.deth.resv8", "resv8", 4, 7, 8);
    public static final FieldSpec SRC_QP = FieldSpec.field("roce.deth.src_qp", "SrcQP", 5, 24, Base.HEX);

    public static final HeaderLayout LAYOUT = HeaderLayout.of("roce.deth", "Datagram Extended Transport Header",
        "IBTA Vol. 1 section 9.3", Q_KEY, RESV8, SRC_QP);

    public static final int Q_KEY_FIELD_OFFSET = Q_KEY.byteOffset();
    public static final int SRC_QP_FIELD_OFFSET = SRC_QP.byteOffset();
    public static final int DETH_LENGTH = LAYOUT.length();

    @Override
    public HeaderLayout layout() {
        return LAYOUT;
    }

    public long qKey() {
        return get(Q_KEY);
    }

    public DethFlyweight qKey(final long value) {
        return set(Q_KEY, value);
    }

    public int resv8() {
        return (int) get(RESV8);
    }

    public DethFlyweight resv8(final int value) {
        return set(RESV8, value);
    }

    public int srcQp() {
        return (int) get(SRC_QP);
    }

    public DethFlyweight srcQp(final int value) {
        return set(SRC_QP, value);
    }
}
