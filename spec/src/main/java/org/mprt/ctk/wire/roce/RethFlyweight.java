package org.mprt.ctk.wire.roce;

import org.mprt.ctk.wire.FieldSpec;
import org.mprt.ctk.wire.FieldSpec.Base;
import org.mprt.ctk.wire.Flyweight;
import org.mprt.ctk.wire.HeaderLayout;

/**
 * RDMA Extended Transport Header, 16 bytes (IBTA Vol. 1 section 9.3): the target of an RDMA
 * WRITE (first or only packet) or of an RDMA READ request.
 *
 * <pre>
 *  0                   1                   2                   3
 *  0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 * +---------------------------------------------------------------+
 * |                     Virtual Address (64)                      |
 * +                                                               +
 * |                                                               |
 * +---------------------------------------------------------------+
 * |                             R_Key                             |
 * +---------------------------------------------------------------+
 * |                          DMA Length                           |
 * +---------------------------------------------------------------+
 * </pre>
 */
public final class RethFlyweight extends Flyweight<RethFlyweight> {

    public static final FieldSpec VIRTUAL_ADDRESS = FieldSpec.field("roce.reth.virtual_address", "Virtual Address", 0, 64, Base.HEX);
    public static final FieldSpec R_KEY = FieldSpec.field("roce.reth.r_key", "R_Key", 8, 32, Base.HEX);
    public static final FieldSpec DMA_LENGTH = FieldSpec.field("roce.reth.dma_length", "DMA Length", 12, 32, Base.DEC);

    public static final HeaderLayout LAYOUT = HeaderLayout.of("roce.reth", "RDMA Extended Transport Header",
        "IBTA Vol. 1 section 9.3", VIRTUAL_ADDRESS, R_KEY, DMA_LENGTH);

    public static final int VIRTUAL_ADDRESS_FIELD_OFFSET = VIRTUAL_ADDRESS.byteOffset();
    public static final int R_KEY_FIELD_OFFSET = R_KEY.byteOffset();
    public static final int DMA_LENGTH_FIELD_OFFSET = DMA_LENGTH.byteOffset();
    public static final int RETH_LENGTH = LAYOUT.length();

    @Override
    public HeaderLayout layout() {
        return LAYOUT;
    }

    public long virtualAddress() {
        return get(VIRTUAL_ADDRESS);
    }

    public RethFlyweight virtualAddress(final long value) {
        return set(VIRTUAL_ADDRESS, value);
    }

    public long rKey() {
        return get(R_KEY);
    }

    public RethFlyweight rKey(final long value) {
        return set(R_KEY, value);
    }

    public long dmaLength() {
        return get(DMA_LENGTH);
    }

    public RethFlyweight dmaLength(final long bytes) {
        return set(DMA_LENGTH, bytes);
    }
}
