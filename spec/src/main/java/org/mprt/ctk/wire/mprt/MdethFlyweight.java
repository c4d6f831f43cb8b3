package org.mprt.ctk.wire.mprt;

import org.mprt.ctk.wire.FieldSpec;
import org.mprt.ctk.wire.FieldSpec.Base;
import org.mprt.ctk.wire.Flyweight;
import org.mprt.ctk.wire.HeaderLayout;

/**
 * MDETH, the MPRT Data Extended Transport Header, 36 bytes (mprt-v0.1.md section 3.4;
 * MPRT-WIRE-030 to MPRT-WIRE-034). It follows the BTH of every MPRT_WRITE and MPRT_SEND and
 * carries the packet's full placement information, so that it can be placed on arrival.
 *
 * <pre>
 *  0                   1                   2                   3
 *  0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 * +---------------+-+-+-+---------+-------------------------------+
 * |    path_id    |F|L|R|  resv5  |           stream_id           |  0
 * +---------------+-+-+-+---------+-------------------------------+
 * |     resv8     |                     SCN                       |  4
 * +---------------+-----------------------------------------------+
 * |                              MSN                              |  8
 * +---------------------------------------------------------------+
 * |                        message_offset                         | 12
 * +---------------------------------------------------------------+
 * |                        message_length                         | 16
 * +---------------------------------------------------------------+
 * |        WRITE: virtual_address (64)  /  SEND: RSN (32)         | 20
 * +                                                               +
 * |                            SEND: reserved (32)                | 24
 * +---------------------------------------------------------------+
 * |             WRITE: rkey (32)  /  SEND: reserved (32)          | 28
 * +---------------------------------------------------------------+
 * |                         tx_timestamp                          | 32
 * +---------------------------------------------------------------+
 * </pre>
 *
 * The two layouts share bytes 0-19 and 32-35 and differ in bytes 20-31, so there are two field
 * tables, {@link #WRITE_LAYOUT} and {@link #SEND_LAYOUT}, sharing their common rows. The view
 * describes itself with the WRITE table unless {@link #forSend()} was called.
 */
public final class MdethFlyweight extends Flyweight<MdethFlyweight> {

    public static final FieldSpec PATH_ID = FieldSpec.field("mprt.mdeth.path_id", "path_id", 0, 8, Base.DEC);
    public static final FieldSpec F = FieldSpec.field("mprt.mdeth.f", "F (first)", 1, 7, 1, Base.FLAG);
    public static final FieldSpec L = FieldSpec.field("mprt.mdeth.l", "L (last)", 1, 6, 1, Base.FLAG);
    public static final FieldSpec R = FieldSpec.field("mprt.mdeth.r", "R (retransmission)", 1, 5, 1, Base.FLAG);
    public static final FieldSpec RESV5 = FieldSpec.reserved("mprt.mdeth.resv5", "resv5", 1, 4, 5);
    public static final FieldSpec STREAM_ID = FieldSpec.field("mprt.mdeth.stream_id", "stream_id", 2, 16, Base.DEC);
    public static final FieldSpec RESV8 = FieldSpec.reserved("mprt.mdeth.resv8", "resv8", 4, 7, 8);
    public static final FieldSpec SCN = FieldSpec.field("mprt.mdeth.scn", "SCN", 5, 24, Base.HEX);
    public static final FieldSpec MSN = FieldSpec.field("mprt.mdeth.msn", "MSN", 8, 32, Base.DEC);
    public static final FieldSpec MESSAGE_OFFSET = FieldSpec.field("mprt.mdeth.message_offset", "message_offset", 12, 32, Base.DEC);
    public static final FieldSpec MESSAGE_LENGTH = FieldSpec.field("mprt.mdeth.message_length", "message_length", 16, 32, Base.DEC);
    /** WRITE only. */
    public static final FieldSpec VIRTUAL_ADDRESS = FieldSpec.field("mprt.mdeth.virtual_address", "virtual_address", 20, 64, Base.HEX);
    /** WRITE only. */
    public static final FieldSpec RKEY = FieldSpec.field("mprt.mdeth.rkey", "rkey", 28, 32, Base.HEX);
    /** SEND only. */
    public static final FieldSpec RSN = FieldSpec.field("mprt.mdeth.rsn", "RSN", 20, 32, Base.DEC);
    /** SEND only: the reserved word at offset 24 (MPRT-WIRE-032). */
    public static final FieldSpec RESERVED_24 = FieldSpec.reserved("mprt.mdeth.reserved_24", "reserved", 24, 7, 32);
    /** SEND only: the reserved word at offset 28, where a WRITE has its rkey (MPRT-WIRE-032). */
    public static final FieldSpec RESERVED_28 = FieldSpec.reserved("mprt.mdeth.reserved_28", "reserved", 28, 7, 32);
    public static final FieldSpec TX_TIMESTAMP = FieldSpec.field("mprt.mdeth.tx_timestamp", "tx_timestamp", 32, 32, Base.DEC);

    public static final HeaderLayout WRITE_LAYOUT = HeaderLayout.of("mprt.mdeth", "MDETH (WRITE)", "mprt-v0.1.md section 3.4",
        PATH_ID, F, L, R, RESV5, STREAM_ID, RESV8, SCN, MSN, MESSAGE_OFFSET, MESSAGE_LENGTH,
        VIRTUAL_ADDRESS, RKEY, TX_TIMESTAMP);
    public static final HeaderLayout SEND_LAYOUT = HeaderLayout.of("mprt.mdeth", "MDETH (SEND)", "mprt-v0.1.md section 3.4",
        PATH_ID, F, L, R, RESV5, STREAM_ID, RESV8, SCN, MSN, MESSAGE_OFFSET, MESSAGE_LENGTH,
        RSN, RESERVED_24, RESERVED_28, TX_TIMESTAMP);

    public static final int PATH_ID_FIELD_OFFSET = PATH_ID.byteOffset();
    public static final int FLAGS_FIELD_OFFSET = F.byteOffset();
    public static final int STREAM_ID_FIELD_OFFSET = STREAM_ID.byteOffset();
    public static final int SCN_FIELD_OFFSET = SCN.byteOffset();
    public static final int MSN_FIELD_OFFSET = MSN.byteOffset();
    public static final int MESSAGE_OFFSET_FIELD_OFFSET = MESSAGE_OFFSET.byteOffset();
    public static final int MESSAGE_LENGTH_FIELD_OFFSET = MESSAGE_LENGTH.byteOffset();
    public static final int VIRTUAL_ADDRESS_FIELD_OFFSET = VIRTUAL_ADDRESS.byteOffset();
    public static final int RSN_FIELD_OFFSET = RSN.byteOffset();
    public static final int RKEY_FIELD_OFFSET = RKEY.byteOffset();
    public static final int TX_TIMESTAMP_FIELD_OFFSET = TX_TIMESTAMP.byteOffset();
    public static final int MDETH_LENGTH = WRITE_LAYOUT.length();
    /** Largest valid path_id (section 3.4). */
    public static final int MAX_PATH_ID = 63;

    private boolean send;

    /**
     * The fields of both layouts, as a memoizing view read them once for all the readers of one packet
     * (a verdict engine's rules read them dozens of times): each read is then a field load. Taken while
     * {@code snapshotOf} is the view's generation; 0 never is.
     */
    private long snapshotOf;
    private int pathIdSnapshot;
    private int fSnapshot;
    private int lSnapshot;
    private int rSnapshot;
    private int streamIdSnapshot;
    private int scnSnapshot;
    private long msnSnapshot;
    private long messageOffsetSnapshot;
    private long messageLengthSnapshot;
    private long txTimestampSnapshot;
    private int resv5Snapshot;
    private int resv8Snapshot;
    /** Bytes 20 to 27 and 28 to 31 as both layouts read them: virtual_address or RSN and reserved, rkey or reserved. */
    private long virtualAddressSnapshot;
    private long rkeySnapshot;
    private long rsnSnapshot;
    private long reserved24Snapshot;

    /** Where {@link #remember()} finds each field in its word, as constants ({@link FieldSpec#shiftIn}). */
    private static final int PATH_ID_SHIFT = PATH_ID.shiftIn(0),
        F_SHIFT = F.shiftIn(0),
        L_SHIFT = L.shiftIn(0),
        R_SHIFT = R.shiftIn(0),
        STREAM_ID_SHIFT = STREAM_ID.shiftIn(0),
        SCN_SHIFT = SCN.shiftIn(0),
        MSN_SHIFT = MSN.shiftIn(8),
        MESSAGE_OFFSET_SHIFT = MESSAGE_OFFSET.shiftIn(8),
        MESSAGE_LENGTH_SHIFT = MESSAGE_LENGTH.shiftIn(16),
        TX_TIMESTAMP_SHIFT = TX_TIMESTAMP.shiftIn(28),
        RESV5_SHIFT = RESV5.shiftIn(0),
        RESV8_SHIFT = RESV8.shiftIn(0),
        VIRTUAL_ADDRESS_SHIFT = VIRTUAL_ADDRESS.shiftIn(20),
        RSN_SHIFT = RSN.shiftIn(20),
        RESERVED_24_SHIFT = RESERVED_24.shiftIn(20),
        RKEY_SHIFT = RKEY.shiftIn(28);
    private static final long PATH_ID_MASK = PATH_ID.maxValue(),
        F_MASK = F.maxValue(),
        L_MASK = L.maxValue(),
        R_MASK = R.maxValue(),
        STREAM_ID_MASK = STREAM_ID.maxValue(),
        SCN_MASK = SCN.maxValue(),
        MSN_MASK = MSN.maxValue(),
        MESSAGE_OFFSET_MASK = MESSAGE_OFFSET.maxValue(),
        MESSAGE_LENGTH_MASK = MESSAGE_LENGTH.maxValue(),
        TX_TIMESTAMP_MASK = TX_TIMESTAMP.maxValue(),
        RESV5_MASK = RESV5.maxValue(),
        RESV8_MASK = RESV8.maxValue(),
        VIRTUAL_ADDRESS_MASK = VIRTUAL_ADDRESS.maxValue(),
        RSN_MASK = RSN.maxValue(),
        RESERVED_24_MASK = RESERVED_24.maxValue(),
        RKEY_MASK = RKEY.maxValue();

    /**
     * Takes the snapshot of the fields, from the header's words, when the view is memoizing and the
     * snapshot is not of what it reads now: the decoder calls it once it has placed the view, so that
     * the accessors, which rules call dozens of times per packet, only test that the snapshot is current
     * (compiled into each caller, an accessor that could also take the snapshot carried that code along).
     */
    public MdethFlyweight remember() {
        if (snapshotOf == generation() || !isMemoizing()) {
            return this;
        }
        final long w0 = wordAt(0);
        final long w8 = wordAt(8);
        final long w16 = wordAt(16);
        final long w20 = wordAt(20);
        final long w28 = wordAt(28);
        pathIdSnapshot = (int) (w0 >>> PATH_ID_SHIFT & PATH_ID_MASK);
        fSnapshot = (int) (w0 >>> F_SHIFT & F_MASK);
        lSnapshot = (int) (w0 >>> L_SHIFT & L_MASK);
        rSnapshot = (int) (w0 >>> R_SHIFT & R_MASK);
        streamIdSnapshot = (int) (w0 >>> STREAM_ID_SHIFT & STREAM_ID_MASK);
        scnSnapshot = (int) (w0 >>> SCN_SHIFT & SCN_MASK);
        msnSnapshot = (w8 >>> MSN_SHIFT & MSN_MASK);
        messageOffsetSnapshot = (w8 >>> MESSAGE_OFFSET_SHIFT & MESSAGE_OFFSET_MASK);
        messageLengthSnapshot = (w16 >>> MESSAGE_LENGTH_SHIFT & MESSAGE_LENGTH_MASK);
        txTimestampSnapshot = (w28 >>> TX_TIMESTAMP_SHIFT & TX_TIMESTAMP_MASK);
        resv5Snapshot = (int) (w0 >>> RESV5_SHIFT & RESV5_MASK);
        resv8Snapshot = (int) (w0 >>> RESV8_SHIFT & RESV8_MASK);
        virtualAddressSnapshot = (w20 >>> VIRTUAL_ADDRESS_SHIFT & VIRTUAL_ADDRESS_MASK);
        rsnSnapshot = (w20 >>> RSN_SHIFT & RSN_MASK);
        reserved24Snapshot = (w20 >>> RESERVED_24_SHIFT & RESERVED_24_MASK);
        rkeySnapshot = (w28 >>> RKEY_SHIFT & RKEY_MASK);
        snapshotOf = generation();
        return this;
    }

    /**
     * True when the snapshot holds what the view reads now ({@link #remember()}); else the accessors read
     * the buffer. Each header keeps this check, and its snapshot, of its own: a shared one in Flyweight,
     * calling an overridden reader, measured 9 % slower over the verdict benchmark's pass.
     */
    private boolean snapped() {
        return snapshotOf == generation();
    }

    @Override
    public HeaderLayout layout() {
        return send ? SEND_LAYOUT : WRITE_LAYOUT;
    }

    /** Describe and validate with the SEND table. */
    public MdethFlyweight forSend() {
        send = true;
        return this;
    }

    /** Describe and validate with the WRITE table (the default). */
    public MdethFlyweight forWrite() {
        send = false;
        return this;
    }

    public boolean isSendLayout() {
        return send;
    }

    public int pathId() {
        return snapped() ? pathIdSnapshot : (int) get(PATH_ID);
    }

    public MdethFlyweight pathId(final int value) {
        return set(PATH_ID, value);
    }

    public int f() {
        return snapped() ? fSnapshot : (int) get(F);
    }

    public MdethFlyweight f(final int value) {
        return set(F, value);
    }

    public int l() {
        return snapped() ? lSnapshot : (int) get(L);
    }

    public MdethFlyweight l(final int value) {
        return set(L, value);
    }

    public int r() {
        return snapped() ? rSnapshot : (int) get(R);
    }

    public MdethFlyweight r(final int value) {
        return set(R, value);
    }

    public int resv5() {
        return snapped() ? resv5Snapshot : (int) get(RESV5);
    }

    public MdethFlyweight resv5(final int value) {
        return set(RESV5, value);
    }

    public int streamId() {
        return snapped() ? streamIdSnapshot : (int) get(STREAM_ID);
    }

    public MdethFlyweight streamId(final int value) {
        return set(STREAM_ID, value);
    }

    public int resv8() {
        return snapped() ? resv8Snapshot : (int) get(RESV8);
    }

    public MdethFlyweight resv8(final int value) {
        return set(RESV8, value);
    }

    public int scn() {
        return snapped() ? scnSnapshot : (int) get(SCN);
    }

    public MdethFlyweight scn(final int value) {
        return set(SCN, value);
    }

    public long msn() {
        return snapped() ? msnSnapshot : get(MSN);
    }

    public MdethFlyweight msn(final long value) {
        return set(MSN, value);
    }

    public long messageOffset() {
        return snapped() ? messageOffsetSnapshot : get(MESSAGE_OFFSET);
    }

    public MdethFlyweight messageOffset(final long bytes) {
        return set(MESSAGE_OFFSET, bytes);
    }

    public long messageLength() {
        return snapped() ? messageLengthSnapshot : get(MESSAGE_LENGTH);
    }

    public MdethFlyweight messageLength(final long bytes) {
        return set(MESSAGE_LENGTH, bytes);
    }

    public long virtualAddress() {
        return snapped() ? virtualAddressSnapshot : get(VIRTUAL_ADDRESS);
    }

    public MdethFlyweight virtualAddress(final long value) {
        return set(VIRTUAL_ADDRESS, value);
    }

    public long rkey() {
        return snapped() ? rkeySnapshot : get(RKEY);
    }

    public MdethFlyweight rkey(final long value) {
        return set(RKEY, value);
    }

    public long rsn() {
        return snapped() ? rsnSnapshot : get(RSN);
    }

    public MdethFlyweight rsn(final long value) {
        return set(RSN, value);
    }

    public long reserved24() {
        return snapped() ? reserved24Snapshot : get(RESERVED_24);
    }

    public MdethFlyweight reserved24(final long value) {
        return set(RESERVED_24, value);
    }

    public long reserved28() {
        return snapped() ? rkeySnapshot : get(RESERVED_28);
    }

    public MdethFlyweight reserved28(final long value) {
        return set(RESERVED_28, value);
    }

    public long txTimestamp() {
        return snapped() ? txTimestampSnapshot : get(TX_TIMESTAMP);
    }

    public MdethFlyweight txTimestamp(final long value) {
        return set(TX_TIMESTAMP, value);
    }
}
