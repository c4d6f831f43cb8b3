package org.mprt.ctk.verdict.wire;

import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.rule.PacketCheck;
import org.mprt.ctk.wire.mprt.MaethFlyweight;

/** MPRT-WIRE-040: bit 0 of the SACK bitmap is 0, since that PSN would extend the cumulative PSN. */
public final class SackBitZeroRule extends PacketCheck {

    public SackBitZeroRule() {
        super("MPRT-WIRE-040", "MPRT ACKs");
    }

    @Override
    protected int judgedKinds() {
        return FrameKind.MPRT_ACK.bit();
    }

    @Override
    protected boolean appliesTo(final Observation o) {
        return MprtPackets.isAck(o);
    }

    @Override
    protected String violation(final Observation o) {
        final int cack = o.psn();
        return o.packet().extensions().maeth().sackBit(0) == 0 ? null
            : MaethFlyweight.SACK_BITMAP.id() + "[0]: expected 0, found 1: PSN " + ((cack + 1) & 0xFFFFFF)
                + " is SACKed although the cumulative PSN is " + cack;
    }

    @Override
    public void observe(final Observation o) {
        judge(o);
    }
}
