package org.mprt.ctk.verdict.wire;

import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.Mismatch;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.rule.PacketCheck;
import org.mprt.ctk.wire.bth.BthFlyweight;

/** MPRT-WIRE-013: AckReq is 0 on every packet that is not a data packet. */
public final class ControlAckReqRule extends PacketCheck {

    public ControlAckReqRule() {
        super("MPRT-WIRE-013", "MPRT control packets");
    }

    @Override
    protected int judgedKinds() {
        return FrameKind.MPRT;
    }

    @Override
    protected boolean appliesTo(final Observation o) {
        return o.isMprt() && !MprtPackets.isData(o);
    }

    @Override
    protected String violation(final Observation o) {
        return Mismatch.unless(BthFlyweight.ACK_REQ.id(), 0, o.packet().bth().ackReq());
    }

    @Override
    public void observe(final Observation o) {
        judge(o);
    }
}
