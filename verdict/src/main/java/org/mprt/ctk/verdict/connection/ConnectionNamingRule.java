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
 * tx_timestamp it echoes, a PROBE_REPLY by probe_id and tx_timestamp, a NAK by path, PSN, stream,
 * MSN and offset. An answer whose packet the capture does not hold cannot be judged.
 *
 * <p>Each data packet and PROBE is remembered once, under what an ACK or PROBE_REPLY repeats of it;
 * a NAK, which repeats other fields and is rare, is matched by going back through the packets
 * remembered, newest first.
 */
public final class ConnectionNamingRule extends BehaviourRule {

    /** Packets remembered for matching answers (the oldest forgotten first); answers follow within microseconds. */
    static final int REMEMBERED = 1 << 14;

    /**
     * What an ACK or PROBE_REPLY repeats of the packet it answers, on that packet's plane: the
     * plane's four address words, then the IPv6 flag and path_id (data) or probe_id (PROBE) in one
     * word, then the tx_timestamp.
     */
    private static final int KEY_WORDS = 6;
    private static final int PLANE_WORDS = 4;
    private static final long PROBE_FLAG = 1L << 40;

    /** Columns of each remembered packet: its DestQP, SCN and frame, and the fields a NAK repeats. */
    private static final int DEST_QP = 0;
    private static final int SCN = 1;
    private static final int FRAME = 2;
    private static final int PSN = 3;
    private static final int STREAM = 4;
    private static final int MSN = 5;
    private static final int OFFSET = 6;
    private static final int COLUMNS = 7;

    private final RecentTable<Void> sent = new RecentTable<>(REMEMBERED, KEY_WORDS, COLUMNS);
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
            final int slot = remember(o, fill(p, false, m.pathId(), m.txTimestamp()));
            sent.value(slot, PSN, p.bth().psn());
            sent.value(slot, STREAM, m.streamId());
            sent.value(slot, MSN, m.msn());
            sent.value(slot, OFFSET, m.messageOffset());
        } else if (MprtOpcodes.isProbe(p)) {
            final MpethFlyweight m = p.extensions().mpeth();
            final int slot = remember(o, fill(p, false, PROBE_FLAG | m.probeId(), m.txTimestamp()));
            sent.value(slot, PSN, -1);
        } else if (MprtOpcodes.isAnswer(p)) {
            judge(o);
        }
    }

    /** Remembers the packet under the key just filled, replacing an earlier packet with the same key. */
    private int remember(final Observation o, final long[] filled) {
        final int slot = sent.slotFor(filled);
        sent.value(slot, DEST_QP, o.packet().bth().destQp());
        sent.value(slot, SCN, CaptureState.scnOf(o.packet()));
        sent.value(slot, FRAME, o.frameNumber());
        return slot;
    }

    private void judge(final Observation o) {
        final DecodedPacket p = o.packet();
        final int slot = answered(p);
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

    /** The slot of the packet an answer answers, on the answer's plane reversed, or ABSENT. */
    private int answered(final DecodedPacket p) {
        if (MprtOpcodes.isAck(p)) {
            final MaethFlyweight a = p.extensions().maeth();
            return sent.find(fill(p, true, a.pathId(), a.echoTimestamp()));
        }
        if (MprtOpcodes.isNak(p)) {
            return naked(p, p.extensions().mneth());
        }
        final MpethFlyweight r = p.extensions().mpeth();
        return sent.find(fill(p, true, PROBE_FLAG | r.probeId(), r.txTimestamp()));
    }

    /** The newest data packet with the plane, path, PSN, stream, MSN and offset a NAK repeats, or ABSENT. */
    private int naked(final DecodedPacket p, final MnethFlyweight n) {
        fill(p, true, n.pathId(), 0);
        final int psn = p.bth().psn();
        for (int age = sent.size() - 1; age >= 0; age--) {
            final int slot = sent.slotByAge(age);
            if (sent.value(slot, PSN) == psn && sent.word(slot, PLANE_WORDS) == key[PLANE_WORDS]
                && samePlane(slot) && sent.value(slot, STREAM) == n.streamId() && sent.value(slot, MSN) == n.msn()
                && sent.value(slot, OFFSET) == n.messageOffset()) {
                return slot;
            }
        }
        return RecentTable.ABSENT;
    }

    private boolean samePlane(final int slot) {
        for (int w = 0; w < PLANE_WORDS; w++) {
            if (sent.word(slot, w) != key[w]) {
                return false;
            }
        }
        return true;
    }

    private long[] fill(final DecodedPacket p, final boolean reversed, final long pathOrProbe, final long txTimestamp) {
        final int ipv6 = Plane.words(p, reversed, key, 0);
        key[PLANE_WORDS] = (long) ipv6 << 48 | pathOrProbe;
        key[PLANE_WORDS + 1] = txTimestamp;
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
