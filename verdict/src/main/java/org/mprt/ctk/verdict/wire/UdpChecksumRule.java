package org.mprt.ctk.verdict.wire;

import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.rule.PacketCheck;

/** MPRT-WIRE-004: the UDP checksum is zero or correct. */
public final class UdpChecksumRule extends PacketCheck {

    public UdpChecksumRule() {
        super("MPRT-WIRE-004", "MPRT packets");
    }

    @Override
    protected boolean appliesTo(final Observation o) {
        return o.isMprt();
    }

    @Override
    protected String violation(final Observation o) {
        return o.packet().isUdpChecksumZeroOrValid() ? null
            : "udp.checksum: expected 0 or the correct checksum, found 0x"
                + Integer.toHexString(o.packet().udp().checksum()) + ", which is wrong";
    }
}
