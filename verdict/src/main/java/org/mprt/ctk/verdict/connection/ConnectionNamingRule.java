package org.mprt.ctk.verdict.connection;

import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.Evidence;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.state.CaptureState;
import org.mprt.ctk.verdict.state.DirectionKey;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.MprtOpcodes;
import org.mprt.ctk.verdict.state.Plane;
import org.mprt.ctk.verdict.state.RecentTable;
import org.mprt.ctk.wire.decode.DecodedPacket;
import org.mprt.ctk.wire.mprt.MaethFlyweight;
import org.mprt.ctk.wire.mprt.MnethFlyweight;
import org.mprt.ctk.wire.mprt.MpethFlyweight;

/**
 * MPRT-CONN-002 (mprt-v0.1.md section 5.2): every packet node A sends on its connection with B
 * carries DestQP = B's number and SCN = A's, so that each ACK, NAK and PROBE_REPLY carries the
 * reverse of the (DestQP, SCN) pair of the packet it answers. Judged anywhere: the pair does not
 * change on the way.
 *
 * <p>Reading for a capture: a capture cannot tell which numbers two nodes agreed, only whether each
 * answer names the connection of the packet it answers. The answered packet is found on the
 * answer's plane, the other way round, by what the answer repeats of it: an ACK by the path and the
 * tx_timestamp it echoes, a NAK by path, PSN, stream, MSN and offset, a PROBE_REPLY by probe_id and
 * tx_timestamp. An answer whose packet the capture does not hold cannot be judged.
 */
public final class ConnectionNamingRule extends BehaviourRule {

    /** Packets remembered for matching answers (the oldest forgotten first); answers follow within microseconds. */
    static final int REMEMBERED = 1 << 14;

    /**
     * What an answer repeats of the packet it answers, on that packet's plane: the plane's four
     * address words, then IPv6 flag, path_id and PSN in one word, then three more (tx_timestamp, or
     * stream, MSN and offset, or probe_id and tx_timestamp). Absent parts are -1.
     */
    private static final int KEY_WORDS = 8;

    /** Columns of each remembered packet: its DestQP, its SCN, its frame. */
    private static final int DEST_QP = 0;
    private static final int SCN = 1;
    private static final int FRAME = 2;

    private final RecentTable<Void> sent = new RecentTable<>(REMEMBERED, KEY_WORDS, 3);
    private final long[] key = new long[KEY_WORDS];

    public ConnectionNamingRule() {
        super("MPRT-CONN-002", JudgedAt.ANYWHERE, true, false);
    }

    @Override
    public int kinds() {
        return FrameKind.of(FrameKind.MPRT_DATA, FrameKind.MPRT_PROBE) | FrameKind.MPRT_ANSWERS;
    }

    @Override
    public void observe(final Observation o) {
        if (!o.isMprt() || !o.isAccountable()) {
            return;
        }
        final DecodedPacket p = o.packet();
        if (MprtOpcodes.isData(p)) {
            final var m = p.extensions().mdeth();
            remember(o, fill(p, false, m.pathId(), -1, m.txTimestamp(), -1, -1));
            remember(o, fill(p, false, m.pathId(), p.bth().psn(), m.streamId(), m.msn(), m.messageOffset()));
        } else if (MprtOpcodes.isProbe(p)) {
            final MpethFlyweight m = p.extensions().mpeth();
            remember(o, fill(p, false, -1, -1, m.probeId(), m.txTimestamp(), -1));
        } else if (MprtOpcodes.isAnswer(p)) {
            judge(o);
        }
    }

    /** Remembers the packet under the key just filled, replacing an earlier packet with the same key. */
    private void remember(final Observation o, final long[] filled) {
        final int slot = sent.slotFor(filled);
        sent.value(slot, DEST_QP, o.packet().bth().destQp());
        sent.value(slot, SCN, CaptureState.scnOf(o.packet()));
        sent.value(slot, FRAME, o.frameNumber());
    }

    private void judge(final Observation o) {
        final DecodedPacket p = o.packet();
        final int slot = sent.find(answeredKey(p));
        final MprtDirection d = o.state().mprtAnswered(p);
        final Evidence e = evidence.of(d);
        final int destQp = p.bth().destQp();
        final int scn = CaptureState.scnOf(p);
        if (slot == RecentTable.ABSENT) {
            e.inconclusive(o.frameNumber(), "frame " + o.frameNumber() + ": the packet this answer answers is not in"
                + " the capture");
        } else if (sent.value(slot, SCN) == destQp && sent.value(slot, DEST_QP) == scn) {
            e.conforming(o.frameNumber());
        } else {
            final DirectionKey answered = new DirectionKey((int) sent.value(slot, DEST_QP), (int) sent.value(slot, SCN));
            e.violation(o.frameNumber(), "bth.dest_qp and SCN: the answer carries " + new DirectionKey(destQp, scn)
                + ", but the packet it answers (frame " + sent.value(slot, FRAME) + ") carries " + answered
                + ", so expected " + answered.reversed());
        }
    }

    /** The key of the packet an answer answers: on the answer's plane reversed. */
    private long[] answeredKey(final DecodedPacket p) {
        if (MprtOpcodes.isAck(p)) {
            final MaethFlyweight a = p.extensions().maeth();
            return fill(p, true, a.pathId(), -1, a.echoTimestamp(), -1, -1);
        }
        if (MprtOpcodes.isNak(p)) {
            final MnethFlyweight n = p.extensions().mneth();
            return fill(p, true, n.pathId(), p.bth().psn(), n.streamId(), n.msn(), n.messageOffset());
        }
        final MpethFlyweight r = p.extensions().mpeth();
        return fill(p, true, -1, -1, r.probeId(), r.txTimestamp(), -1);
    }

    private long[] fill(final DecodedPacket p, final boolean reversed, final int pathId, final int psn, final long a,
                        final long b, final long c) {
        final int ipv6 = Plane.words(p, reversed, key, 0);
        key[4] = (long) ipv6 << 48 | (pathId & 0xFFFFL) << 32 | (psn & 0xFFFF_FFFFL);
        key[5] = a;
        key[6] = b;
        key[7] = c;
        return key;
    }

    @Override
    protected String passText(final long checked) {
        return checked + " ACKs, NAKs and PROBE_REPLYs carry the reverse of the pair of the packet they answer";
    }

    @Override
    protected String notApplicableText() {
        return "no MPRT answer in the capture";
    }
}
