package org.mprt.ctk.wire.bth;

import org.mprt.ctk.wire.FieldSpec;
import org.mprt.ctk.wire.FieldSpec.Base;
import org.mprt.ctk.wire.Flyweight;
import org.mprt.ctk.wire.HeaderLayout;

/**
 * Base Transport Header, 12 bytes: IBTA Vol. 1 section 9.2 (RoCEv2), and mprt-v0.1.md section
 * 3.2 for the meaning MPRT gives each field (MPRT-WIRE-010 to MPRT-WIRE-013).
 *
 * <pre>
 *  0                   1                   2                   3
 *  0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 * +---------------+-+-+---+-------+-------------------------------+
 * |    OpCode     |S|M|Pad| TVer  |             P_Key             |
 * |               |E| |Cnt|       |                               |
 * +-+-+-----------+-+-+---+-------+-------------------------------+
 * |F|B|   resv6   |                    DestQP                     |
 * +-+-+-----------+-----------------------------------------------+
 * |A|    resv7    |                      PSN                      |
 * +-+-------------+-----------------------------------------------+
 * </pre>
 *
 * F is FECN, B is BECN and A is AckReq. Byte 4 (FECN, BECN, resv6) is masked to ones in the
 * ICRC because switches may set the congestion bits.
 */
public final class BthFlyweight extends Flyweight<BthFlyweight> {

    public static final FieldSpec OPCODE = FieldSpec.field("bth.opcode", "OpCode", 0, 8, Base.HEX);
    public static final FieldSpec SE = FieldSpec.field("bth.se", "SE (solicited event)", 1, 7, 1, Base.FLAG);
    public static final FieldSpec M = FieldSpec.field("bth.m", "M (migration)", 1, 6, 1, Base.FLAG);
    public static final FieldSpec PAD_CNT = FieldSpec.field("bth.pad_cnt", "PadCnt", 1, 5, 2, Base.DEC);
    public static final FieldSpec TVER = FieldSpec.field("bth.tver", "TVer", 1, 3, 4, Base.DEC);
    public static final FieldSpec P_KEY = FieldSpec.field("bth.p_key", "P_Key", 2, 16, Base.HEX);
    public static final FieldSpec FECN = FieldSpec.field("bth.fecn", "FECN", 4, 7, 1, Base.FLAG);
    public static final FieldSpec BECN = FieldSpec.field("bth.becn", "BECN", 4, 6, 1, Base.FLAG);
    public static final FieldSpec RESV6 = FieldSpec.reserved("bth.resv6", "resv6", 4, 5, 6);
    public static final FieldSpec DEST_QP = FieldSpec.field("bth.dest_qp", "DestQP", 5, 24, Base.HEX);
    public static final FieldSpec ACK_REQ = FieldSpec.field("bth.ack_req", "AckReq", 8, 7, 1, Base.FLAG);
    public static final FieldSpec RESV7 = FieldSpec.reserved("bth.resv7", "resv7", 8, 6, 7);
    public static final FieldSpec PSN = FieldSpec.field("bth.psn", "PSN", 9, 24, Base.DEC);

    public static final HeaderLayout LAYOUT = HeaderLayout.of("bth", "Base Transport Header",
        "IBTA Vol. 1 section 9.2; mprt-v0.1.md section 3.2",
        OPCODE, SE, M, PAD_CNT, TVER, P_KEY, FECN, BECN, RESV6, DEST_QP, ACK_REQ, RESV7, PSN);

    public static final int OPCODE_FIELD_OFFSET = OPCODE.byteOffset();
    public static final int FLAGS_FIELD_OFFSET = SE.byteOffset();
    public static final int P_KEY_FIELD_OFFSET = P_KEY.byteOffset();
    /** The byte of FECN, BECN and resv6, masked in the ICRC. */
    public static final int CONGESTION_FIELD_OFFSET = FECN.byteOffset();
    public static final int DEST_QP_FIELD_OFFSET = DEST_QP.byteOffset();
    public static final int PSN_FIELD_OFFSET = PSN.byteOffset();
    public static final int BTH_LENGTH = LAYOUT.length();
    /** The default partition key, which MPRT requires (MPRT-WIRE-010). */
    public static final int DEFAULT_P_KEY = 0xFFFF;

    /**
     * The fields, as a memoizing view read them once for all the readers of one packet (a verdict
     * engine's rules read them dozens of times): each read is then a field load. Taken while
     * {@code snapshotOf} is the view's generation; 0 never is.
     */
    private long snapshotOf;
    private int opcodeSnapshot;
    private int seSnapshot;
    private int mSnapshot;
    private int padCntSnapshot;
    private int tverSnapshot;
    private int pKeySnapshot;
    private int fecnSnapshot;
    private int becnSnapshot;
    private int destQpSnapshot;
    private int ackReqSnapshot;
    private int psnSnapshot;
    private int resv6Snapshot;
    private int resv7Snapshot;

    /** Where {@link #remember()} finds each field in its word, as constants ({@link FieldSpec#shiftIn}). */
    private static final int OPCODE_SHIFT = OPCODE.shiftIn(0),
        SE_SHIFT = SE.shiftIn(0),
        M_SHIFT = M.shiftIn(0),
        PAD_CNT_SHIFT = PAD_CNT.shiftIn(0),
        TVER_SHIFT = TVER.shiftIn(0),
        P_KEY_SHIFT = P_KEY.shiftIn(0),
        FECN_SHIFT = FECN.shiftIn(0),
        BECN_SHIFT = BECN.shiftIn(0),
        DEST_QP_SHIFT = DEST_QP.shiftIn(0),
        ACK_REQ_SHIFT = ACK_REQ.shiftIn(4),
        PSN_SHIFT = PSN.shiftIn(4),
        RESV6_SHIFT = RESV6.shiftIn(4),
        RESV7_SHIFT = RESV7.shiftIn(4);
    private static final long OPCODE_MASK = OPCODE.maxValue(),
        SE_MASK = SE.maxValue(),
        M_MASK = M.maxValue(),
        PAD_CNT_MASK = PAD_CNT.maxValue(),
        TVER_MASK = TVER.maxValue(),
        P_KEY_MASK = P_KEY.maxValue(),
        FECN_MASK = FECN.maxValue(),
        BECN_MASK = BECN.maxValue(),
        DEST_QP_MASK = DEST_QP.maxValue(),
        ACK_REQ_MASK = ACK_REQ.maxValue(),
        PSN_MASK = PSN.maxValue(),
        RESV6_MASK = RESV6.maxValue(),
        RESV7_MASK = RESV7.maxValue();

    /**
     * Takes the snapshot of the fields, from the header's words, when the view is memoizing and the
     * snapshot is not of what it reads now: the decoder calls it once it has placed the view, so that
     * the accessors, which rules call dozens of times per packet, only test that the snapshot is current
     * (compiled into each caller, an accessor that could also take the snapshot carried that code along).
     */
    public BthFlyweight remember() {
        if (snapshotOf == generation() || !isMemoizing()) {
            return this;
        }
        final long w0 = wordAt(0);
        final long w4 = wordAt(4);
        opcodeSnapshot = (int) (w0 >>> OPCODE_SHIFT & OPCODE_MASK);
        seSnapshot = (int) (w0 >>> SE_SHIFT & SE_MASK);
        mSnapshot = (int) (w0 >>> M_SHIFT & M_MASK);
        padCntSnapshot = (int) (w0 >>> PAD_CNT_SHIFT & PAD_CNT_MASK);
        tverSnapshot = (int) (w0 >>> TVER_SHIFT & TVER_MASK);
        pKeySnapshot = (int) (w0 >>> P_KEY_SHIFT & P_KEY_MASK);
        fecnSnapshot = (int) (w0 >>> FECN_SHIFT & FECN_MASK);
        becnSnapshot = (int) (w0 >>> BECN_SHIFT & BECN_MASK);
        destQpSnapshot = (int) (w0 >>> DEST_QP_SHIFT & DEST_QP_MASK);
        ackReqSnapshot = (int) (w4 >>> ACK_REQ_SHIFT & ACK_REQ_MASK);
        psnSnapshot = (int) (w4 >>> PSN_SHIFT & PSN_MASK);
        resv6Snapshot = (int) (w4 >>> RESV6_SHIFT & RESV6_MASK);
        resv7Snapshot = (int) (w4 >>> RESV7_SHIFT & RESV7_MASK);
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
        return LAYOUT;
    }

    public int opcode() {
        return snapped() ? opcodeSnapshot : (int) get(OPCODE);
    }

    public BthFlyweight opcode(final int value) {
        return set(OPCODE, value);
    }

    public int se() {
        return snapped() ? seSnapshot : (int) get(SE);
    }

    public BthFlyweight se(final int value) {
        return set(SE, value);
    }

    public int m() {
        return snapped() ? mSnapshot : (int) get(M);
    }

    public BthFlyweight m(final int value) {
        return set(M, value);
    }

    public int padCnt() {
        return snapped() ? padCntSnapshot : (int) get(PAD_CNT);
    }

    public BthFlyweight padCnt(final int value) {
        return set(PAD_CNT, value);
    }

    public int tver() {
        return snapped() ? tverSnapshot : (int) get(TVER);
    }

    public BthFlyweight tver(final int value) {
        return set(TVER, value);
    }

    public int pKey() {
        return snapped() ? pKeySnapshot : (int) get(P_KEY);
    }

    public BthFlyweight pKey(final int value) {
        return set(P_KEY, value);
    }

    public int fecn() {
        return snapped() ? fecnSnapshot : (int) get(FECN);
    }

    public BthFlyweight fecn(final int value) {
        return set(FECN, value);
    }

    public int becn() {
        return snapped() ? becnSnapshot : (int) get(BECN);
    }

    public BthFlyweight becn(final int value) {
        return set(BECN, value);
    }

    public int resv6() {
        return snapped() ? resv6Snapshot : (int) get(RESV6);
    }

    public BthFlyweight resv6(final int value) {
        return set(RESV6, value);
    }

    public int destQp() {
        return snapped() ? destQpSnapshot : (int) get(DEST_QP);
    }

    public BthFlyweight destQp(final int value) {
        return set(DEST_QP, value);
    }

    public int ackReq() {
        return snapped() ? ackReqSnapshot : (int) get(ACK_REQ);
    }

    public BthFlyweight ackReq(final int value) {
        return set(ACK_REQ, value);
    }

    public int resv7() {
        return snapped() ? resv7Snapshot : (int) get(RESV7);
    }

    public BthFlyweight resv7(final int value) {
        return set(RESV7, value);
    }

    public int psn() {
        return snapped() ? psnSnapshot : (int) get(PSN);
    }

    public BthFlyweight psn(final int value) {
        return set(PSN, value);
    }
}
