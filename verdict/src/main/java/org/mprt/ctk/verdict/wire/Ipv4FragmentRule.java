package org.mprt.ctk.verdict.wire;

import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.Mismatch;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.rule.PacketCheck;
import org.mprt.ctk.wire.Profile;
import org.mprt.ctk.wire.ip.Ipv4Flyweight;

/**
 * MPRT-WIRE-005: IPv4 MPRT packets have DF set, MF clear and fragment offset 0. A first fragment (MF
 * set) reaches the rule as a frame the decoder stopped at MF, since the kit does not reassemble.
 */
public final class Ipv4FragmentRule extends PacketCheck {

    public Ipv4FragmentRule() {
        super("MPRT-WIRE-005", "IPv4 MPRT packets", Profile.MPRT, Ipv4Flyweight.MF);
    }

    @Override
    protected int judgedKinds() {
        return FrameKind.MPRT;
    }

    @Override
    protected boolean appliesTo(final Observation o) {
        return o.isMprt() && o.packet().hasIpv4();
    }

    @Override
    protected String violation(final Observation o) {
        final Ipv4Flyweight ip = o.packet().ipv4();
        return Mismatch.first(
            Mismatch.unless("ipv4.df", 1, ip.df()),
            Mismatch.unless("ipv4.mf", 0, ip.mf()),
            Mismatch.unless("ipv4.fragment_offset", 0, ip.fragmentOffset()));
    }

    @Override
    public void observe(final Observation o) {
        judge(o);
    }
}
