package org.mprt.ctk.verdict.stream;

import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.Evidence;
import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.JudgedWithoutTime;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.Plane;
import org.mprt.ctk.verdict.state.Timers;
import org.mprt.ctk.wire.mprt.MaethFlyweight;
import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * MPRT-STREAM-004 (mprt-v0.1.md section 6.2): in the order a receiver sends them, its records for
 * one stream of one connection carry CMSN values that never decrease (modulo 2^32). Judged at the
 * receiver's port: ACKs of different paths may overtake each other on the way, so elsewhere the
 * order of sending is not the order of capture.
 *
 * <p>Answers sent at once on two planes reach the capture in an order the receiver did not choose
 * (section 16.3, simultaneous answers): a record lower than one captured on another plane less than
 * SIMULTANEITY before it is not held against the receiver, and the higher of the two stays the one
 * later records are compared with. Between frames that record no time the capture cannot tell
 * answers sent at once, so such a pair on two planes is not judged either; on one plane the order of
 * capture is the order of sending, timed or not.
 */
@JudgedWithoutTime
public final class CmsnMonotonicRule extends BehaviourRule {

    private final long simultaneityNs;

    public CmsnMonotonicRule(final Timers timers) {
        super("MPRT-STREAM-004", JudgedAt.RECEIVER, false, false);
        this.simultaneityNs = timers.simultaneityNs();
    }

    @Override
    public int kinds() {
        return FrameKind.MPRT_ACK.bit();
    }

    @Override
    public void observe(final Observation o) {
        if (!o.isMprtAck() || !o.isAccountable()) {
            return;
        }
        final MaethFlyweight a = o.packet().extensions().maeth();
        final MprtDirection d = o.mprtAnswered();
        final Evidence e = evidence.of(d);
        final Plane plane = o.state().planeOf(o.packet());
        final int records = Math.min(a.recordCount(), MaethFlyweight.MAX_RECORDS);
        for (int k = 0; k < records; k++) {
            final int streamId = a.recordStreamId(k);
            // The highest CMSN of the ACKs before this one: the state learns from this one after the rules.
            final MprtDirection.CmsnReport before = d.reported(streamId);
            if (before == null) {
                continue;
            }
            final long cmsn = a.recordCmsn(k);
            if (!SerialNumber.precedes32(cmsn, before.cmsn())) {
                e.conforming(o.frameNumber());
            } else if (before.plane() != plane && !(before.timed() && o.frame().isTimed()
                && o.timestampNs() - before.ns() >= simultaneityNs)) {
                // Sent at once on two planes, or the capture cannot tell: either may have left first.
                continue;
            } else {
                e.violation(o.frameNumber(), () -> "mprt.maeth.record.cmsn: stream " + streamId + " moves back from "
                    + before.cmsn() + " (frame " + before.frame() + ") to " + cmsn);
                return;
            }
        }
    }

    @Override
    protected String passText(final long checked) {
        return checked + " stream records carry a CMSN no lower than the stream's previous one";
    }

    @Override
    protected String notApplicableText() {
        return "no stream reported twice in the capture's ACKs";
    }
}
