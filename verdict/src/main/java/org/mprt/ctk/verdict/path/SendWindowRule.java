package org.mprt.ctk.verdict.path;

import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.Evidence;
import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.JudgedWithoutTime;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.PathRecord;
import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * MPRT-PATH-002 (mprt-v0.1.md section 4.5): a sender never sends PSN p on a path that the receive
 * window would class as out of window against c (256 < (p - c) mod 2^24 <= 2^23, section 4.4), c being
 * the highest cack it has learnt for the path from ACKs and PROBE_REPLYs (2^24 - 1 before any). A PSN
 * 2^23 from c precedes it no more than it follows it, and the receiver refuses it all the same. The kit takes c from the ACKs and PROBE_REPLYs captured before the data
 * packet, which bounds what the sender can have known from above wherever the capture is taken.
 *
 * <p>Reading for a capture: "2^24 - 1 before any" holds only when the capture holds the path's
 * start (its first PSN 0, or a declaration that it holds every connection from its start); a path
 * captured from mid-connection is judged from its first captured ACK or PROBE_REPLY on.
 */
@JudgedWithoutTime
public final class SendWindowRule extends BehaviourRule {

    public SendWindowRule() {
        super("MPRT-PATH-002", JudgedAt.ANYWHERE, true, false);
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
        final int pathId = o.packet().extensions().mdeth().pathId();
        final MprtDirection d = o.mprtDirection();
        final PathRecord path = o.mprtPath();
        if (path == null) {
            return;
        }
        final Evidence e = evidence.of(d);
        final int psn = o.psn();
        final boolean learnt = path.answers().hasLearntCack();
        final int c;
        if (learnt) {
            c = path.answers().learntCack();
        } else if (o.state().isFromConnectionStart() || (path.hasData() ? path.lowestPsn() == 0 : psn == 0)) {
            c = SerialNumber.MASK_24;
        } else {
            e.inconclusive(o.frameNumber(), () -> "frame " + o.frameNumber() + ": path " + pathId + " is captured from PSN "
                + (path.hasData() ? path.lowestPsn() : psn) + " with no ACK for it yet: the cack its sender knew is not"
                + " in the capture");
            return;
        }
        final int ahead = SerialNumber.distance24(c, psn);
        if (ahead > PathRecord.WINDOW && ahead <= SerialNumber.HALF_24) {
            violationUnlessCut(o.state(), d, o.frameNumber(), () -> "bth.psn: PSN " + psn + " on path " + pathId + " is " + ahead + " past "
                + (c == SerialNumber.MASK_24 ? "2^24 - 1" : String.valueOf(c)) + " ("
                + (learnt ? "the cack learnt from frame " + path.answers().learntFrame()
                    : "the cack of a path nothing has acknowledged yet")
                + "); the send window allows at most " + PathRecord.WINDOW);
        } else {
            e.conforming(o.frameNumber());
        }
    }

    @Override
    protected String passText(final long checked) {
        return checked + " data packets stay within 256 PSNs of the cack their sender had learnt";
    }

    @Override
    protected String notApplicableText() {
        return "no MPRT data packet in the capture";
    }
}
