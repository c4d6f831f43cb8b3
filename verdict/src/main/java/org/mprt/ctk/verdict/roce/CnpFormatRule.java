package org.mprt.ctk.verdict.roce;

import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.Mismatch;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.rule.PacketCheck;
import org.mprt.ctk.wire.bth.BthFlyweight;
import org.mprt.ctk.wire.opcode.OpcodeTable;

/** ROCE-WIRE-009: a CNP has PSN 0, SE 0, M 0 and 16 zero bytes between the BTH and the ICRC. */
public final class CnpFormatRule extends PacketCheck {

    public CnpFormatRule() {
        super("ROCE-WIRE-009", "CNPs");
    }

    @Override
    protected int judgedKinds() {
        return FrameKind.ROCEV2.bit();
    }

    @Override
    protected boolean appliesTo(final Observation o) {
        return o.isRocev2() && o.packet().opcodeValue() == OpcodeTable.CNP.code();
    }

    @Override
    protected String violation(final Observation o) {
        final BthFlyweight bth = o.packet().bth();
        final String field = Mismatch.first(
            Mismatch.unless(BthFlyweight.PSN.id(), 0, bth.psn()),
            Mismatch.unless(BthFlyweight.SE.id(), 0, bth.se()),
            Mismatch.unless(BthFlyweight.M.id(), 0, bth.m()));
        if (field != null) {
            return field;
        }
        return o.packet().extensions().cnp().isReservedZero() ? null
            : "cnp.reserved: expected 16 zero bytes after the BTH, found non-zero bytes";
    }

    @Override
    public void observe(final Observation o) {
        judge(o);
    }
}
