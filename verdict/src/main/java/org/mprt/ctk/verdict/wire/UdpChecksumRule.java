package org.mprt.ctk.verdict.wire;

import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.rule.PacketCheck;

/**
 * MPRT-WIRE-004: the UDP checksum is zero or correct. A non-zero checksum covers the whole datagram,
 * so in a packet a snap length cut short it is not judged; a zero one is.
 */
public final class UdpChecksumRule extends PacketCheck {

    public UdpChecksumRule() {
        super("MPRT-WIRE-004", "MPRT packets");
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
        if (!o.isWholePacket() && o.packet().udp().checksum() != 0) {
            return NOT_JUDGED;
        }
        return o.packet().isUdpChecksumZeroOrValid() ? null
            : "udp.checksum: expected 0 or the correct checksum, found 0x"
                + Integer.toHexString(o.packet().udp().checksum()) + ", which is wrong";
    }
}
