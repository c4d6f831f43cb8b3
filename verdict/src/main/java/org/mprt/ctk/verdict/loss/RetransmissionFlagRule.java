package org.mprt.ctk.verdict.loss;

import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.Evidence;
import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.JudgedWithoutTime;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.PathRecord;
import org.mprt.ctk.verdict.state.Presence;
import org.mprt.ctk.verdict.state.Segment;
import org.mprt.ctk.verdict.state.StreamRecord;
import org.mprt.ctk.wire.mprt.MdethFlyweight;

/**
 * MPRT-LOSS-002 (mprt-v0.1.md sections 4.6 and 9.3): R is 0 exactly on the first transmission of
 * its (stream_id, MSN, message_offset); a retransmission carries the path_id and PSN of the earlier
 * transmission on that path; a retransmission or re-spray repeats the stream_id, MSN,
 * message_offset, message_length, payload length and payload bytes of the first transmission.
 * Judged at the sender's port, which sees every transmission.
 *
 * <p>Reading for a capture: a copy is sent again on the path of the latest transmission only as a
 * retransmission, with that PSN; on another path it is a re-spray, with that path's next PSN
 * (MPRT-PATH-001 judges the PSN). An R=1 packet whose data the capture never showed is a first
 * transmission only when its message began after the capture did; otherwise the first copy may
 * predate the capture. Payload bytes are compared only between packets the capture kept whole.
 */
@JudgedWithoutTime
public final class RetransmissionFlagRule extends BehaviourRule {

    public RetransmissionFlagRule() {
        super("MPRT-LOSS-002", JudgedAt.SENDER, false, false);
    }

    @Override
    public int kinds() {
        return FrameKind.MPRT_DATA.bit();
    }

    @Override
    public void observe(final Observation o) {
        if (!o.isMprtData() || !o.isAccountable()) {
            return;
        }
        final MdethFlyweight m = o.packet().extensions().mdeth();
        final MprtDirection d = o.mprtDirection();
        final Evidence e = evidence.of(d);
        final Segment first = o.segmentSentBefore();
        if (first == null) {
            judgeFirst(o, e, d, m);
            return;
        }
        final String v = m.r() == 0
            ? MdethFlyweight.R.id() + ": expected 1 on a copy of " + first + " first sent at frame " + first.firstFrame()
                + " (path " + first.firstPathId() + ", PSN " + first.firstPsn() + "), found 0"
            : differs(o, d, m, first);
        if (v == null) {
            e.conforming(o.frameNumber());
        } else {
            e.violation(o.frameNumber(), v);
        }
    }

    private static void judgeFirst(final Observation o, final Evidence e, final MprtDirection d, final MdethFlyweight m) {
        if (m.r() == 0) {
            e.conforming(o.frameNumber());
            return;
        }
        final StreamRecord s = d.stream(m.streamId());
        if (s != null && s.started(m.msn()) == Presence.NO && !d.segmentsForgotten()) {
            e.violation(o.frameNumber(), () -> MdethFlyweight.R.id() + ": expected 0 on the first transmission of stream "
                + m.streamId() + " MSN " + m.msn() + " bytes [" + m.messageOffset() + ", "
                + (m.messageOffset() + o.packet().payloadLength()) + "), found 1");
        }
    }

    /** What a copy changes of its first transmission, or null. */
    private static String differs(final Observation o, final MprtDirection d, final MdethFlyweight m, final Segment first) {
        final int psn = o.psn();
        if (m.pathId() == first.latestPathId() && psn != first.latestPsn()) {
            final PathRecord path = d.path(m.pathId());
            final int slot = path == null ? -1 : path.slot(first.latestPsn());
            if (slot < 0 || !path.isAbandoned(slot)) {
                return "bth.psn: a retransmission of " + first + " on path " + m.pathId() + " must keep PSN "
                    + first.latestPsn() + " (frame " + first.latestFrame() + "), found " + psn;
            }
        }
        if (o.packet().opcodeValue() != first.opcode()) {
            return "bth.opcode: expected 0x" + Integer.toHexString(first.opcode()) + where(first) + ", found 0x"
                + Integer.toHexString(o.packet().opcodeValue());
        }
        if (m.messageLength() != first.messageLength()) {
            return MdethFlyweight.MESSAGE_LENGTH.id() + ": expected " + first.messageLength() + where(first) + ", found "
                + m.messageLength();
        }
        if (o.packet().payloadLength() != first.payloadLength()) {
            return "payload: expected " + first.payloadLength() + " bytes" + where(first) + ", found " + o.packet().payloadLength();
        }
        if (o.isWholePacket() && first.hasPayloadBytes()
            && !first.samePayloadAs(o.packet(), o.earlierBytes(first.payloadPosition(), first.payloadLength()))) {
            return "payload: the bytes differ from those of its first transmission (frame " + first.firstFrame() + ")";
        }
        return null;
    }

    /** Built only for a violation: a conforming copy builds no text. */
    private static String where(final Segment first) {
        return " as its first transmission (frame " + first.firstFrame() + ")";
    }

    @Override
    protected String passText(final long checked) {
        return checked + " data packets carry R=0 on first transmissions and repeat the first transmission when sent again";
    }

    @Override
    protected String notApplicableText() {
        return "no MPRT data packet in the capture";
    }
}
