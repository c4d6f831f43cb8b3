package org.mprt.ctk.verdict.roce;

import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.Mismatch;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.rule.PacketCheck;

/** ROCE-WIRE-006 (SHOULD): the UDP checksum is 0; the ICRC protects the packet end to end. */
public final class UdpChecksumZeroRule extends PacketCheck {

    public UdpChecksumZeroRule() {
        super("ROCE-WIRE-006", "RoCEv2 packets");
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
        return Mismatch.unless("udp.checksum", 0, o.packet().udp().checksum());
    }
}
