package org.mprt.ctk.verdict.cc;

import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.rule.PacketCheck;
import org.mprt.ctk.wire.mprt.MaethFlyweight;
import org.mprt.ctk.wire.opcode.OpcodeTable;

/** MPRT-RECV-002: no ACK carries a guidance_rate_mbps of 0 (a zero would stop the sender for good). */
public final class GuidanceNonZeroRule extends PacketCheck {

    public GuidanceNonZeroRule() {
        super("MPRT-RECV-002", "MPRT ACKs");
    }

    @Override
    protected int judgedKinds() {
        return FrameKind.MPRT_ACK.bit();
    }

    @Override
    protected boolean appliesTo(final Observation o) {
        return o.isMprt() && o.packet().opcodeValue() == OpcodeTable.MPRT_ACK.code();
    }

    @Override
    protected String violation(final Observation o) {
        return o.packet().extensions().maeth().guidanceRateMbps() != 0 ? null
            : MaethFlyweight.GUIDANCE_RATE_MBPS.id() + ": expected a rate above 0, found 0";
    }

    @Override
    public void observe(final Observation o) {
        judge(o);
    }
}
