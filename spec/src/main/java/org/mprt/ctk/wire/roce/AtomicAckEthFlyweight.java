package org.mprt.ctk.wire.roce;

import org.mprt.ctk.wire.FieldSpec;
import org.mprt.ctk.wire.FieldSpec.Base;
import org.mprt.ctk.wire.Flyweight;
import org.mprt.ctk.wire.HeaderLayout;

/**
 * Atomic Acknowledge Extended Transport Header, 8 bytes (IBTA Vol. 1 section 9.3): the value
 * the target held before an atomic operation.
 *
 * <pre>
 *  0                   1                   2                   3
 *  0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 * +---------------------------------------------------------------+
 * |                  Original Remote Data (64)                    |
 * +---------------------------------------------------------------+
 * </pre>
 */
public final class AtomicAckEthFlyweight extends Flyweight<AtomicAckEthFlyweight> {

    public static final FieldSpec ORIG_REMOTE_DATA = FieldSpec.field("roce.atomicacketh.orig_remote_data", "Original Remote Data", 0, 64, Base.HEX);

    public static final HeaderLayout LAYOUT = HeaderLayout.of("roce.atomicacketh", "Atomic Acknowledge Extended Transport Header",
        "IBTA Vol. 1 section 9.3", ORIG_REMOTE_DATA);

    public static final int ORIG_REMOTE_DATA_FIELD_OFFSET = ORIG_REMOTE_DATA.byteOffset();
    public static final int ATOMIC_ACK_ETH_LENGTH = LAYOUT.length();

    @Override
    public HeaderLayout layout() {
        return LAYOUT;
    }

    public long origRemoteData() {
        return get(ORIG_REMOTE_DATA);
    }

    public AtomicAckEthFlyweight origRemoteData(final long value) {
        return set(ORIG_REMOTE_DATA, value);
    }
}
