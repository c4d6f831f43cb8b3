package org.mprt.ctk.wire.roce;

import org.mprt.ctk.wire.FieldSpec;
import org.mprt.ctk.wire.FieldSpec.Base;
import org.mprt.ctk.wire.Flyweight;
import org.mprt.ctk.wire.HeaderLayout;

/**
 * Atomic Extended Transport Header, 28 bytes (IBTA Vol. 1 section 9.3): operands of
 * COMPARE_SWAP and FETCH_ADD.
 *
 * <pre>
 *  0                   1                   2                   3
 *  0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 * +---------------------------------------------------------------+
 * |                     Virtual Address (64)                      |
 * +---------------------------------------------------------------+
 * |                             R_Key                             |
 * +---------------------------------------------------------------+
 * |                   Swap (or Add) Data (64)                     |
 * +---------------------------------------------------------------+
 * |                       Compare Data (64)                       |
 * +---------------------------------------------------------------+
 * </pre>
 */
public final class AtomicEthFlyweight extends Flyweight<AtomicEthFlyweight> {

    public static final FieldSpec VIRTUAL_ADDRESS = FieldSpec.field("roce.atomiceth.virtual_address", "Virtual Address", 0, 64, Base.HEX);
    public static final FieldSpec R_KEY = FieldSpec.field("roce.atomiceth.r_key", "R_Key", 8, 32, Base.HEX);
    public static final FieldSpec SWAP_ADD_DATA = FieldSpec.field("roce.atomiceth.swap_add_data", "Swap (or Add) Data", 12, 64, Base.HEX);
    public static final FieldSpec COMPARE_DATA = FieldSpec.field("roce.atomiceth.compare_data", "Compare Data", 20, 64, Base.HEX);

    public static final HeaderLayout LAYOUT = HeaderLayout.of("roce.atomiceth", "Atomic Extended Transport Header",
        "IBTA Vol. 1 section 9.3", VIRTUAL_ADDRESS, R_KEY, SWAP_ADD_DATA, COMPARE_DATA);

    public static final int VIRTUAL_ADDRESS_FIELD_OFFSET = VIRTUAL_ADDRESS.byteOffset();
    public static final int R_KEY_FIELD_OFFSET = R_KEY.byteOffset();
    public static final int SWAP_ADD_DATA_FIELD_OFFSET = SWAP_ADD_DATA.byteOffset();
    public static final int COMPARE_DATA_FIELD_OFFSET = COMPARE_DATA.byteOffset();
    public static final int ATOMIC_ETH_LENGTH = LAYOUT.length();

    @Override
    public HeaderLayout layout() {
        return LAYOUT;
    }

    public long virtualAddress() {
        return get(VIRTUAL_ADDRESS);
    }

    public AtomicEthFlyweight virtualAddress(final long value) {
        return set(VIRTUAL_ADDRESS, value);
    }

    public long rKey() {
        return get(R_KEY);
    }

    public AtomicEthFlyweight rKey(final long value) {
        return set(R_KEY, value);
    }

    public long swapAddData() {
        return get(SWAP_ADD_DATA);
    }

    public AtomicEthFlyweight swapAddData(final long value) {
        return set(SWAP_ADD_DATA, value);
    }

    public long compareData() {
        return get(COMPARE_DATA);
    }

    public AtomicEthFlyweight compareData(final long value) {
        return set(COMPARE_DATA, value);
    }
}
