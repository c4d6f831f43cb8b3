package org.mprt.ctk.verdict.wire;

import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.rule.PacketCheck;
import org.mprt.ctk.wire.FieldSpec;
import org.mprt.ctk.wire.Profile;
import org.mprt.ctk.wire.ip.Ipv4Flyweight;
import org.mprt.ctk.wire.ip.Ipv6Flyweight;
import org.mprt.ctk.wire.ip.UdpFlyweight;

/**
 * MPRT-WIRE-003 and ROCE-WIRE-005: the IP and UDP lengths agree with each other and with the frame.
 * The decoder stops at a length that disagrees, so a violating frame arrives malformed at one of the
 * length fields; every packet it decoded has consistent lengths. A frame the capture cut short
 * (snap length) is not held against the sender.
 */
public final class LengthsRule extends PacketCheck {

    private final Profile profile;

    private LengthsRule(final String requirementId, final Profile profile, final String subject,
                        final FieldSpec... fields) {
        super(requirementId, subject, profile, fields);
        this.profile = profile;
    }

    /**
     * MPRT-WIRE-003 also holds an IPv6 packet whose extension headers come before UDP to port 4791: its
     * payload length covers more than the UDP datagram (the decoder stops at its next header).
     */
    public static LengthsRule mprt() {
        return new LengthsRule("MPRT-WIRE-003", Profile.MPRT, "MPRT packets", Ipv4Flyweight.TOTAL_LENGTH,
            Ipv6Flyweight.PAYLOAD_LENGTH, UdpFlyweight.LENGTH, Ipv6Flyweight.NEXT_HEADER);
    }

    /** ROCE-WIRE-004 holds RoCEv2 behind IPv6 extension headers ({@code IpHeaderRule}). */
    public static LengthsRule rocev2() {
        return new LengthsRule("ROCE-WIRE-005", Profile.ROCEV2, "RoCEv2 packets", Ipv4Flyweight.TOTAL_LENGTH,
            Ipv6Flyweight.PAYLOAD_LENGTH, UdpFlyweight.LENGTH);
    }

    @Override
    protected int judgedKinds() {
        return profile == Profile.MPRT ? FrameKind.MPRT : FrameKind.ROCEV2.bit();
    }

    @Override
    protected boolean appliesTo(final Observation o) {
        return o.isTransport() && o.packet().profile() == profile;
    }

    @Override
    protected String violation(final Observation o) {
        return null;
    }

    @Override
    public void observe(final Observation o) {
        judge(o);
    }
}
