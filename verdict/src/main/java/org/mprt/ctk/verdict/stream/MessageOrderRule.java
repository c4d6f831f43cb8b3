package org.mprt.ctk.verdict.stream;

import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.Evidence;
import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.JudgedWithoutTime;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.Presence;
import org.mprt.ctk.verdict.state.StreamRecord;
import org.mprt.ctk.wire.mprt.MdethFlyweight;
import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * MPRT-STREAM-001 (mprt-v0.1.md section 6.1): a stream's first message carries MSN 0, and the first
 * data packet of message m > 0 is sent only after a data packet of message m - 1 of the same stream.
 * Judged at the sender's port: across paths, packets overtake each other on the way.
 *
 * <p>Reading for a capture: a message begins with the first new (R=0) data packet that carries its
 * MSN; a message first seen as a retransmission began before the capture. A stream captured from an
 * MSN other than 0 may have begun before the capture, so its first message is judged only when the
 * capture is declared to hold every connection from its start.
 */
@JudgedWithoutTime
public final class MessageOrderRule extends BehaviourRule {

    public MessageOrderRule() {
        super("MPRT-STREAM-001", JudgedAt.SENDER, false, false);
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
        if (m.r() == 1) {
            return;
        }
        final MprtDirection d = o.mprtDirection();
        final Evidence e = evidence.of(d);
        final StreamRecord s = d.stream(m.streamId());
        final long msn = m.msn();
        if (s == null) {
            judgeFirst(o, e, m.streamId(), msn);
            return;
        }
        if (s.started(msn) != Presence.NO) {
            return;
        }
        final long previous = SerialNumber.add32(msn, -1);
        final Presence before = msn == 0 ? Presence.YES : s.started(previous);
        if (before == Presence.YES) {
            e.conforming(o.frameNumber());
        } else if (before == Presence.NO) {
            e.violation(o.frameNumber(), () -> "mprt.mdeth.msn: message " + msn + " of stream " + m.streamId()
                + " begins before any data packet of message " + previous + " was sent (highest begun: "
                + s.highestMsn() + ")");
        }
    }

    private static void judgeFirst(final Observation o, final Evidence e, final int streamId, final long msn) {
        if (msn == 0) {
            e.conforming(o.frameNumber());
        } else if (o.state().isFromConnectionStart()) {
            e.violation(o.frameNumber(), () -> "mprt.mdeth.msn: expected 0 on the first message of stream " + streamId
                + " (the capture holds the connection from its start), found " + msn);
        } else {
            e.inconclusive(o.frameNumber(), () -> "frame " + o.frameNumber() + ": stream " + streamId + " is captured from MSN "
                + msn + "; whether its messages began at MSN 0 is not in the capture");
        }
    }

    @Override
    protected String passText(final long checked) {
        return checked + " messages begin after the previous message of their stream";
    }

    @Override
    protected String notApplicableText() {
        return "no new MPRT data packet in the capture";
    }
}
