package org.mprt.ctk.verdict.wire;

import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.Mismatch;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.rule.PacketCheck;
import org.mprt.ctk.wire.Profile;
import org.mprt.ctk.wire.bth.BthFlyweight;

/**
 * MPRT-WIRE-010: TVer 0, P_Key 0xFFFF, SE, M, FECN, BECN, resv6 and resv7 zero. The decoder stops at
 * a TVer other than 0, so such a frame reaches this rule as malformed at bth.tver.
 */
public final class BthFieldsRule extends PacketCheck {

    public BthFieldsRule() {
        super("MPRT-WIRE-010", "MPRT packets", Profile.MPRT, BthFlyweight.TVER);
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
        final BthFlyweight bth = o.packet().bth();
        if (bth.tver() == 0 && bth.pKey() == 0xFFFF && bth.se() == 0 && bth.m() == 0 && bth.fecn() == 0 && bth.becn() == 0
            && bth.resv6() == 0 && bth.resv7() == 0) {
            return null;
        }
        return Mismatch.first(
            Mismatch.unless(BthFlyweight.TVER.id(), 0, bth.tver()),
            Mismatch.unless(BthFlyweight.P_KEY.id(), 0xFFFF, bth.pKey()),
            Mismatch.unless(BthFlyweight.SE.id(), 0, bth.se()),
            Mismatch.unless(BthFlyweight.M.id(), 0, bth.m()),
            Mismatch.unless(BthFlyweight.FECN.id(), 0, bth.fecn()),
            Mismatch.unless(BthFlyweight.BECN.id(), 0, bth.becn()),
            Mismatch.unless(BthFlyweight.RESV6.id(), 0, bth.resv6()),
            Mismatch.unless(BthFlyweight.RESV7.id(), 0, bth.resv7()));
    }

    @Override
    public void observe(final Observation o) {
        judge(o);
    }
}
