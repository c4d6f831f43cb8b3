package org.mprt.ctk.verdict.stream;

import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.Evidence;
import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.JudgedWithoutTime;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.wire.mprt.MaethFlyweight;
import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * MPRT-STREAM-004 (mprt-v0.1.md section 6.2): in the order a receiver sends them, its records for
 * one stream of one connection carry CMSN values that never decrease (modulo 2^32). Judged at the
 * receiver's port: ACKs of different paths may overtake each other on the way, so elsewhere the
 * order of sending is not the order of capture.
 */
@JudgedWithoutTime
public final class CmsnMonotonicRule extends BehaviourRule {

    public CmsnMonotonicRule() {
        super("MPRT-STREAM-004", JudgedAt.RECEIVER, false, false);
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
        final int records = Math.min(a.recordCount(), MaethFlyweight.MAX_RECORDS);
        for (int k = 0; k < records; k++) {
            final int streamId = a.recordStreamId(k);
            final MprtDirection.CmsnReport before = d.reported(streamId);
            if (before == null) {
                continue;
            }
            final long cmsn = a.recordCmsn(k);
            if (SerialNumber.precedes32(cmsn, before.cmsn())) {
                e.violation(o.frameNumber(), () -> "mprt.maeth.record.cmsn: stream " + streamId + " moves back from "
                    + before.cmsn() + " (frame " + before.frame() + ") to " + cmsn);
                return;
            }
            e.conforming(o.frameNumber());
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
