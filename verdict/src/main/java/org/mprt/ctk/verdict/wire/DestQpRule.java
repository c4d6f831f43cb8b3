package org.mprt.ctk.verdict.wire;

import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.rule.PacketCheck;
import org.mprt.ctk.wire.bth.BthFlyweight;

/** MPRT-WIRE-011: DestQP (the DCN) is neither 0 nor 1. */
public final class DestQpRule extends PacketCheck {

    public DestQpRule() {
        super("MPRT-WIRE-011", "MPRT packets");
    }

    @Override
    protected int judgedKinds() {
        return FrameKind.MPRT;
    }

    @Override
    protected boolean appliesTo(final Observation o) {
        return o.isMprt();
    }

    @Override
    protected String violation(final Observation o) {
        final int dcn = o.packet().bth().destQp();
        return dcn > 1 ? null : BthFlyweight.DEST_QP.id() + ": expected a DCN other than 0 and 1, found " + dcn;
    }

    @Override
    public void observe(final Observation o) {
        judge(o);
    }
}
