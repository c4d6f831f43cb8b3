package org.mprt.ctk.verdict.wire;

import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.rule.PacketCheck;
import org.mprt.ctk.wire.Profile;
import org.mprt.ctk.wire.decode.DecodeStatus;

/**
 * MPRT-WIRE-007 and ROCE-ICRC-001: the ICRC is the one RoCEv2 defines. The same computation serves
 * both profiles; each requirement gets its own instance. A packet a snap length cut short has lost
 * its ICRC and is not judged.
 */
public final class IcrcRule extends PacketCheck {

    private final Profile profile;

    private IcrcRule(final String requirementId, final Profile profile, final String subject) {
        super(requirementId, subject);
        this.profile = profile;
    }

    public static IcrcRule mprt() {
        return new IcrcRule("MPRT-WIRE-007", Profile.MPRT, "MPRT packets");
    }

    public static IcrcRule rocev2() {
        return new IcrcRule("ROCE-ICRC-001", Profile.ROCEV2, "RoCEv2 packets");
    }

    @Override
    protected int judgedKinds() {
        return profile == Profile.MPRT ? FrameKind.MPRT : FrameKind.ROCEV2.bit();
    }

    @Override
    protected boolean appliesTo(final Observation o) {
        return o.isWholePacket() && o.packet().profile() == profile;
    }

    @Override
    protected String violation(final Observation o) {
        if (o.status() != DecodeStatus.ICRC_MISMATCH) {
            return null;
        }
        return "icrc: expected 0x" + Integer.toHexString(o.packet().icrcComputed()) + ", found 0x"
            + Integer.toHexString(o.packet().icrcFound()) + " at byte " + (o.packet().icrcOffset() - o.packet().frameOffset());
    }

    @Override
    public void observe(final Observation o) {
        judge(o);
    }
}
