package org.mprt.ctk.verdict.roce;

import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.Mismatch;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.rule.PacketCheck;
import org.mprt.ctk.wire.FieldSpec;
import org.mprt.ctk.wire.Profile;
import org.mprt.ctk.wire.bth.BthFlyweight;

/**
 * ROCE-BTH-001 (TVer 0), ROCE-BTH-002 (resv7 zero) and ROCE-BTH-005 (resv6 zero, a SHOULD since the
 * ICRC masks that byte as variant): one field check, three requirements.
 */
public final class BthReservedRule extends PacketCheck {

    private final FieldSpec field;

    private BthReservedRule(final String requirementId, final FieldSpec field) {
        // The decoder stops at a TVer other than 0: such a frame arrives malformed at bth.tver.
        super(requirementId, "RoCEv2 packets", Profile.ROCEV2, field);
        this.field = field;
    }

    public static BthReservedRule transportVersion() {
        return new BthReservedRule("ROCE-BTH-001", BthFlyweight.TVER);
    }

    public static BthReservedRule resv7() {
        return new BthReservedRule("ROCE-BTH-002", BthFlyweight.RESV7);
    }

    public static BthReservedRule resv6() {
        return new BthReservedRule("ROCE-BTH-005", BthFlyweight.RESV6);
    }

    @Override
    protected int judgedKinds() {
        return FrameKind.ROCEV2.bit();
    }

    @Override
    protected boolean appliesTo(final Observation o) {
        return o.isRocev2();
    }

    @Override
    protected String violation(final Observation o) {
        return Mismatch.unless(field.id(), 0, o.packet().bth().get(field));
    }

    @Override
    public void observe(final Observation o) {
        judge(o);
    }
}
