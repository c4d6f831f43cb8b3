package org.mprt.ctk.verdict.sack;

import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.Evidence;
import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.JudgedWithoutTime;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.PathRecord;
import org.mprt.ctk.wire.bth.BthFlyweight;
import org.mprt.ctk.wire.mprt.MdethFlyweight;
import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * MPRT-SACK-008 (SHOULD; mprt-v0.1.md section 8.3): a data packet that uses the last PSN the send
 * window of section 4.5 allows on its path (PSN = c + 256 for the highest cack c the sender has
 * learnt for that path) carries AckReq=1. The kit judges this case only: whether a packet fills the
 * path's cwnd is not visible in a capture. Judged at the sender's port, where the ACKs and
 * PROBE_REPLYs captured before a packet are those that reached the sender before it.
 *
 * <p>Reading for a capture: new data packets (R=0) are judged; c is 2^24 - 1 before any ACK or
 * PROBE_REPLY of the path when the capture holds the path from PSN 0, and unknown (not judged)
 * when it begins later.
 */
@JudgedWithoutTime
public final class AckRequestRule extends BehaviourRule {

    public AckRequestRule() {
        super("MPRT-SACK-008", JudgedAt.SENDER, false, false);
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
        final PathRecord path = o.mprtPath();
        if (path == null) {
            return;
        }
        final int learnt;
        if (path.answers().hasLearntCack()) {
            learnt = path.answers().learntCack();
        } else if (!path.hasData() || path.lowestPsn() == 0) {
            learnt = SerialNumber.MASK_24;
        } else {
            return;
        }
        final int last = SerialNumber.add24(learnt, PathRecord.WINDOW);
        final int psn = o.psn();
        if (psn != last) {
            return;
        }
        final Evidence e = evidence.of(d);
        if (o.packet().bth().ackReq() == 1) {
            e.conforming(o.frameNumber());
        } else {
            e.violation(o.frameNumber(), () -> BthFlyweight.ACK_REQ.id() + ": expected 1 on PSN " + psn + ", the last PSN the send"
                + " window of path " + m.pathId() + " allows (learnt cack " + learnt
                + (path.answers().hasLearntCack() ? " from frame " + path.answers().learntFrame() : ", nothing learnt yet")
                + " + 256), found 0");
        }
    }

    @Override
    protected String passText(final long checked) {
        return checked + " data packets that close their path's send window carry AckReq=1";
    }

    @Override
    protected String notApplicableText() {
        return "no data packet in the capture uses the last PSN its path's send window allows";
    }
}
