package org.mprt.ctk.verdict.wire;

import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.rule.PacketCheck;
import org.mprt.ctk.wire.mprt.MnethFlyweight;
import org.mprt.ctk.wire.mprt.MprtNakCode;

/** MPRT-WIRE-050: a NAK carries one of the codes of section 3.6. */
public final class NakCodeRule extends PacketCheck {

    public NakCodeRule() {
        super("MPRT-WIRE-050", "MPRT NAKs");
    }

    @Override
    protected int judgedKinds() {
        return FrameKind.MPRT_NAK.bit();
    }

    @Override
    protected boolean appliesTo(final Observation o) {
        return MprtPackets.isNak(o);
    }

    @Override
    protected String violation(final Observation o) {
        final int code = o.packet().extensions().mneth().nakCode();
        return MprtNakCode.of(code) != null ? null
            : MnethFlyweight.NAK_CODE.id() + ": expected a code from 0x01 to 0x07, found reserved code 0x"
                + Integer.toHexString(code);
    }

    @Override
    public void observe(final Observation o) {
        judge(o);
    }
}
