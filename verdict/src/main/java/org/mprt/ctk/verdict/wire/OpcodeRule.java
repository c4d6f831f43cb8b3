package org.mprt.ctk.verdict.wire;

import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.rule.PacketCheck;
import org.mprt.ctk.wire.Profile;
import org.mprt.ctk.wire.bth.BthFlyweight;

/**
 * MPRT-WIRE-020: only the six opcodes of section 3.3; the rest of 0xC0-0xDF is reserved. The decoder
 * stops at a reserved opcode, so such a frame reaches this rule as malformed at bth.opcode.
 */
public final class OpcodeRule extends PacketCheck {

    public OpcodeRule() {
        super("MPRT-WIRE-020", "MPRT packets", Profile.MPRT, BthFlyweight.OPCODE);
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
        return MprtPackets.isKnown(o) ? null
            : "bth.opcode: expected one of 0xC0, 0xC1, 0xC8-0xCB, found reserved MPRT opcode 0x"
                + Integer.toHexString(o.packet().opcodeValue());
    }

    @Override
    public void observe(final Observation o) {
        judge(o);
    }
}
