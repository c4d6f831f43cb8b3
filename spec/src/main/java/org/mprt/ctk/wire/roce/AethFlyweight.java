package org.mprt.ctk.wire.roce;

import org.mprt.ctk.wire.FieldSpec;
import org.mprt.ctk.wire.FieldSpec.Base;
import org.mprt.ctk.wire.Flyweight;
import org.mprt.ctk.wire.HeaderLayout;

/**
 * ACK Extended Transport Header, 4 bytes (IBTA Vol. 1 section 9.3): carried by ACKNOWLEDGE,
 * ATOMIC ACKNOWLEDGE and the first, last and only RDMA READ response packets. See
 * {@link AethSyndrome} for what the syndrome says.
 *
 * <pre>
 *  0                   1                   2                   3
 *  0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 * +---------------+-----------------------------------------------+
 * |   Syndrome    |                 MSN (24)                      |
 * +---------------+-----------------------------------------------+
 * </pre>
 *
 * The RoCEv2 MSN is 24 bits: compare it with the 24-bit methods of
 * {@link org.mprt.ctk.wire.sequence.SerialNumber}.
 */
public final class AethFlyweight extends Flyweight<AethFlyweight> {

    public static final FieldSpec SYNDROME = FieldSpec.field("roce.aeth.syndrome", "Syndrome", 0, 8, Base.HEX);
    public static final FieldSpec MSN = FieldSpec.field("roce.aeth.msn", "MSN", 1, 24, Base.DEC);

    public static final HeaderLayout LAYOUT = HeaderLayout.of("roce.aeth", "ACK Extended Transport Header",
        "IBTA Vol. 1 section 9.3", SYNDROME, MSN);

    public static final int SYNDROME_FIELD_OFFSET = SYNDROME.byteOffset();
    public static final int MSN_FIELD_OFFSET = MSN.byteOffset();
    public static final int AETH_LENGTH = LAYOUT.length();

    @Override
    public HeaderLayout layout() {
        return LAYOUT;
    }

    public int syndrome() {
        return (int) get(SYNDROME);
    }

    public AethFlyweight syndrome(final int value) {
        return set(SYNDROME, value);
    }

    public int msn() {
        return (int) get(MSN);
    }

    public AethFlyweight msn(final int value) {
        return set(MSN, value);
    }

    public AethSyndrome.Kind kind() {
        return AethSyndrome.kind(syndrome());
    }
}
