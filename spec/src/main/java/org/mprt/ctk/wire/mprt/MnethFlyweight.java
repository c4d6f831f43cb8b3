package org.mprt.ctk.wire.mprt;

import org.mprt.ctk.wire.FieldSpec;
import org.mprt.ctk.wire.FieldSpec.Base;
import org.mprt.ctk.wire.Flyweight;
import org.mprt.ctk.wire.HeaderLayout;

/**
 * MNETH, the MPRT NAK Extended Transport Header, 16 bytes (mprt-v0.1.md section 3.6;
 * MPRT-WIRE-050). It follows the BTH of MPRT_NAK, whose PSN is that of the offending packet.
 *
 * <pre>
 *  0                   1                   2                   3
 *  0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 * +---------------+---------------+-------------------------------+
 * |    path_id    |   nak_code    |           stream_id           |  0
 * +---------------+---------------+-------------------------------+
 * |     resv8     |                     SCN                       |  4
 * +---------------+-----------------------------------------------+
 * |                              MSN                              |  8
 * +---------------------------------------------------------------+
 * |                        message_offset                         | 12
 * +---------------------------------------------------------------+
 * </pre>
 *
 * See {@link MprtNakCode} for the codes.
 */
public final class MnethFlyweight extends Flyweight<MnethFlyweight> {

    public static final FieldSpec PATH_ID = FieldSpec.field("mprt.mneth.path_id", "path_id", 0, 8, Base.DEC);
    public static final FieldSpec NAK_CODE = FieldSpec.field("mprt.mneth.nak_code", "nak_code", 1, 8, Base.HEX);
    public static final FieldSpec STREAM_ID = FieldSpec.field("mprt.mneth.stream_id", "stream_id", 2, 16, Base.DEC);
    public static final FieldSpec RESV8 = FieldSpec.reserved("mprt.mneth.resv8", "resv8", 4, 7, 8);
    public static final FieldSpec SCN = FieldSpec.field("mprt.mneth.scn", "SCN", 5, 24, Base.HEX);
    public static final FieldSpec MSN = FieldSpec.field("mprt.mneth.msn", "MSN", 8, 32, Base.DEC);
    public static final FieldSpec MESSAGE_OFFSET = FieldSpec.field("mprt.mneth.message_offset", "message_offset", 12, 32, Base.DEC);

    public static final HeaderLayout LAYOUT = HeaderLayout.of("mprt.mneth", "MNETH", "mprt-v0.1.md section 3.6",
        PATH_ID, NAK_CODE, STREAM_ID, RESV8, SCN, MSN, MESSAGE_OFFSET);

    public static final int PATH_ID_FIELD_OFFSET = PATH_ID.byteOffset();
    public static final int NAK_CODE_FIELD_OFFSET = NAK_CODE.byteOffset();
    public static final int STREAM_ID_FIELD_OFFSET = STREAM_ID.byteOffset();
    public static final int SCN_FIELD_OFFSET = SCN.byteOffset();
    public static final int MSN_FIELD_OFFSET = MSN.byteOffset();
    public static final int MESSAGE_OFFSET_FIELD_OFFSET = MESSAGE_OFFSET.byteOffset();
    public static final int MNETH_LENGTH = LAYOUT.length();

    @Override
    public HeaderLayout layout() {
        return LAYOUT;
    }

    public int pathId() {
        return (int) get(PATH_ID);
    }

    public MnethFlyweight pathId(final int value) {
        return set(PATH_ID, value);
    }

    public int nakCode() {
        return (int) get(NAK_CODE);
    }

    public MnethFlyweight nakCode(final int value) {
        return set(NAK_CODE, value);
    }

    public MnethFlyweight nakCode(final MprtNakCode code) {
        return set(NAK_CODE, code.code());
    }

    public int streamId() {
        return (int) get(STREAM_ID);
    }

    public MnethFlyweight streamId(final int value) {
        return set(STREAM_ID, value);
    }

    public int resv8() {
        return (int) get(RESV8);
    }

    public MnethFlyweight resv8(final int value) {
        return set(RESV8, value);
    }

    public int scn() {
        return (int) get(SCN);
    }

    public MnethFlyweight scn(final int value) {
        return set(SCN, value);
    }

    public long msn() {
        return get(MSN);
    }

    public MnethFlyweight msn(final long value) {
        return set(MSN, value);
    }

    public long messageOffset() {
        return get(MESSAGE_OFFSET);
    }

    public MnethFlyweight messageOffset(final long bytes) {
        return set(MESSAGE_OFFSET, bytes);
    }
}
