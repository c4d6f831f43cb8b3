package org.mprt.ctk.verdict.sack;

import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.Evidence;
import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.JudgedWithoutTime;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.MprtOpcodes;
import org.mprt.ctk.verdict.state.PathRecord;
import org.mprt.ctk.verdict.state.Plane;

/**
 * MPRT-SACK-002 (mprt-v0.1.md section 8.1): an ACK or NAK for a data packet of path P, and a
 * PROBE_REPLY for a PROBE on P, travel on P's plane, between the addresses of P's data packets the
 * other way round. Judged anywhere: addresses do not change on the way.
 *
 * <p>Reading for a capture: P's plane is that of its latest data packet or PROBE captured before
 * the answer; an answer for a path the capture shows nothing of cannot be judged.
 */
@JudgedWithoutTime
public final class AnswerPlaneRule extends BehaviourRule {

    public AnswerPlaneRule() {
        super("MPRT-SACK-002", JudgedAt.ANYWHERE, true, false);
    }

    @Override
    public int kinds() {
        return FrameKind.MPRT_ANSWERS;
    }

    @Override
    public void observe(final Observation o) {
        if (!o.isMprt() || !o.isAccountable() || !MprtOpcodes.isAnswer(o.packet())) {
            return;
        }
        final int pathId = MprtOpcodes.pathId(o.packet());
        final MprtDirection d = o.mprtAnswered();
        final PathRecord path = o.mprtPath();
        if (path == null) {
            return;
        }
        final Evidence e = evidence.of(d);
        if (path.plane() == null) {
            e.inconclusive(o.frameNumber(), () -> "frame " + o.frameNumber() + ": an answer for path " + pathId
                + ", whose data packets and PROBEs are not in the capture");
            return;
        }
        final Plane expected = o.state().planes().reversed(path.plane());
        final Plane found = o.state().planeOf(o.packet());
        if (expected.equals(found)) {
            e.conforming(o.frameNumber());
        } else {
            e.violation(o.frameNumber(), () -> "ip addresses: expected " + expected + ", the reverse of path " + pathId
                + "'s packets (frame " + path.planeFrame() + "), found " + found);
        }
    }

    @Override
    protected String passText(final long checked) {
        return checked + " ACKs, NAKs and PROBE_REPLYs travel on the plane of the path they answer";
    }

    @Override
    protected String notApplicableText() {
        return "no MPRT answer in the capture";
    }
}
