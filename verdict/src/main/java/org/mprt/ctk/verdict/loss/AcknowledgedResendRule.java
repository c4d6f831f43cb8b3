package org.mprt.ctk.verdict.loss;

import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.Evidence;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.Segment;
import org.mprt.ctk.verdict.state.Timers;
import org.mprt.ctk.wire.mprt.MdethFlyweight;

/**
 * MPRT-LOSS-004 (mprt-v0.1.md section 9.3): a sender never sends again, by retransmission or
 * re-spray, a byte range of a message that an ACK which reached it more than ACK_REQ_DELAY earlier
 * acknowledged under a PSN that was not abandoned; in particular it never goes back N. Judged at the
 * sender's port, where an ACK's capture is its arrival.
 *
 * <p>Reading for a capture: a byte range is the (stream, MSN, message_offset) of a data packet, as
 * MPRT-LOSS-002 requires every copy to repeat it; ACK_REQ_DELAY is widened by the judging tolerance.
 * Every copy sent again is an instance.
 */
public final class AcknowledgedResendRule extends BehaviourRule {

    private final Timers timers;

    public AcknowledgedResendRule(final Timers timers) {
        super("MPRT-LOSS-004", JudgedAt.SENDER, false, false);
        this.timers = timers;
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
        final Segment s = o.segmentSentBefore();
        if (s == null) {
            return;
        }
        final Evidence e = evidence.of(d);
        final long sinceAckNs = o.timestampNs() - s.ackedNs();
        if (s.isAcknowledged() && sinceAckNs > timers.ackReqBoundNs()) {
            e.violation(o.frameNumber(), () -> "bth.psn: PSN " + o.psn() + " on path " + m.pathId() + " sends "
                + s + " again, which the ACK of frame " + s.ackedFrame() + " acknowledged (PSN " + s.ackedPsn()
                + " of path " + s.ackedPathId() + ") " + sinceAckNs + " ns earlier, more than ACK_REQ_DELAY");
        } else {
            e.conforming(o.frameNumber());
        }
    }

    @Override
    protected String passText(final long checked) {
        return checked + " copies sent again carry only data no ACK had acknowledged";
    }

    @Override
    protected String notApplicableText() {
        return "no data sent again in the capture";
    }
}
