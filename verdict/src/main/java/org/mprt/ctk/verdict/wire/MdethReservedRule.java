package org.mprt.ctk.verdict.wire;

import org.mprt.ctk.verdict.rule.Mismatch;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.wire.mprt.MdethFlyweight;

/** MPRT-WIRE-032: resv5, resv8 and, in a SEND, the reserved words at offsets 24 and 28 are zero. */
public final class MdethReservedRule extends DataPacketCheck {

    public MdethReservedRule() {
        super("MPRT-WIRE-032");
    }

    @Override
    protected String violation(final Observation o) {
        final MdethFlyweight m = o.packet().extensions().mdeth();
        final String common = Mismatch.first(
            Mismatch.unless(MdethFlyweight.RESV5.id(), 0, m.resv5()),
            Mismatch.unless(MdethFlyweight.RESV8.id(), 0, m.resv8()));
        if (common != null || !m.isSendLayout()) {
            return common;
        }
        return Mismatch.first(
            Mismatch.unless(MdethFlyweight.RESERVED_24.id(), 0, m.reserved24()),
            Mismatch.unless(MdethFlyweight.RESERVED_28.id(), 0, m.reserved28()));
    }

    @Override
    public void observe(final Observation o) {
        judge(o);
    }
}
