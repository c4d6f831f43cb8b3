package org.mprt.ctk.wire.mprt;

import org.mprt.ctk.wire.FieldSpec;
import org.mprt.ctk.wire.FieldSpec.Base;
import org.mprt.ctk.wire.Flyweight;
import org.mprt.ctk.wire.HeaderLayout;

/**
 * MPETH, the MPRT Probe Extended Transport Header, 16 bytes (mprt-v0.1.md section 3.7;
 * MPRT-WIRE-060). It follows the BTH of MPRT_PROBE and MPRT_PROBE_REPLY, whose PSN is the PSN
 * the prober will use next on the path.
 *
 * <pre>
 *  0                   1                   2                   3
 *  0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 * +---------------+-----------------------------------------------+
 * |    path_id    |                reserved (32) ...              |  0
 * +---------------+-----------------------------------------------+
 * |  ... reserved |                     SCN                       |  4
 * +---------------+-----------------------------------------------+
 * |                           probe_id                            |  8
 * +---------------------------------------------------------------+
 * |                         tx_timestamp                          | 12
 * +---------------------------------------------------------------+
 * </pre>
 */
public final class MpethFlyweight extends Flyweight<MpethFlyweight> {

    public static final FieldSpec PATH_ID = FieldSpec.field("mprt.mpeth.path_id", "path_id", 0, 8, Base.DEC);
    public static final FieldSpec RESERVED = FieldSpec.reserved("mprt.mpeth.reserved", "reserved", 1, 7, 32);
    public static final FieldSpec SCN = FieldSpec.field("mprt.mpeth.scn", "SCN", 5, 24, Base.HEX);
    public static final FieldSpec PROBE_ID = FieldSpec.field("mprt.mpeth.probe_id", "probe_id", 8, 32, Base.HEX);
    public static final FieldSpec TX_TIMESTAMP = FieldSpec.field("mprt.mpeth.tx_timestamp", "tx_timestamp", 12, 32, Base.DEC);

    public static final HeaderLayout LAYOUT = HeaderLayout.of("mprt.mpeth", "MPETH", "mprt-v0.1.md section 3.7",
        PATH_ID, RESERVED, SCN, PROBE_ID, TX_TIMESTAMP);

    public static final int PATH_ID_FIELD_OFFSET = PATH_ID.byteOffset();
    public static final int SCN_FIELD_OFFSET = SCN.byteOffset();
    public static final int PROBE_ID_FIELD_OFFSET = PROBE_ID.byteOffset();
    public static final int TX_TIMESTAMP_FIELD_OFFSET = TX_TIMESTAMP.byteOffset();
    public static final int MPETH_LENGTH = LAYOUT.length();

    @Override
    public HeaderLayout layout() {
        return LAYOUT;
    }

    public int pathId() {
        return (int) get(PATH_ID);
    }

    public MpethFlyweight pathId(final int value) {
        return set(PATH_ID, value);
    }

    public long reserved() {
        return get(RESERVED);
    }

    public MpethFlyweight reserved(final long value) {
        return set(RESERVED, value);
    }

    public int scn() {
        return (int) get(SCN);
    }

    public MpethFlyweight scn(final int value) {
        return set(SCN, value);
    }

    public long probeId() {
        return get(PROBE_ID);
    }

    public MpethFlyweight probeId(final long value) {
        return set(PROBE_ID, value);
    }

    public long txTimestamp() {
        return get(TX_TIMESTAMP);
    }

    public MpethFlyweight txTimestamp(final long value) {
        return set(TX_TIMESTAMP, value);
    }
}
