package org.mprt.ctk.verdict.roce;

import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.Mismatch;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.rule.PacketCheck;
import org.mprt.ctk.wire.Profile;
import org.mprt.ctk.wire.ip.Ipv4Flyweight;
import org.mprt.ctk.wire.ip.Ipv6Flyweight;

/**
 * ROCE-WIRE-004: IPv4 with IHL 5, DF set, MF clear, fragment offset 0 and protocol UDP; IPv6 with
 * next header UDP. The decoder stops at the two the kit cannot decode past: a first fragment (MF set)
 * and extension headers before UDP to port 4791 (its next header); a RoCEv2 packet decoded whole
 * reached UDP directly.
 */
public final class IpHeaderRule extends PacketCheck {

    static final int UDP = 17;

    public IpHeaderRule() {
        super("ROCE-WIRE-004", "RoCEv2 packets", Profile.ROCEV2, Ipv4Flyweight.MF, Ipv6Flyweight.NEXT_HEADER);
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
        if (!o.packet().hasIpv4()) {
            return Mismatch.unless("ipv6.nxt", UDP, o.packet().ipv6().nextHeader());
        }
        final Ipv4Flyweight ip = o.packet().ipv4();
        return Mismatch.first(
            Mismatch.unless("ipv4.ihl", 5, ip.ihl()),
            Mismatch.unless("ipv4.df", 1, ip.df()),
            Mismatch.unless("ipv4.mf", 0, ip.mf()),
            Mismatch.unless("ipv4.fragment_offset", 0, ip.fragmentOffset()),
            Mismatch.unless("ipv4.protocol", UDP, ip.protocol()));
    }

    @Override
    public void observe(final Observation o) {
        judge(o);
    }
}
