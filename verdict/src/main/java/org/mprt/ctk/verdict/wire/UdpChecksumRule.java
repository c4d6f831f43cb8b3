package org.mprt.ctk.verdict.wire;

import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.rule.PacketCheck;

/**
 * MPRT-WIRE-004: the UDP checksum is zero or correct. A non-zero checksum covers the whole datagram,
 * so in a packet a snap length cut short it is not judged; a zero one is.
 *
 * <p>Reading for a capture: a capture taken on the sending host (a software implementation over UDP
 * captured on loopback, or any capture before the NIC) holds, where a NIC with checksum offload
 * later writes the checksum, the pseudo-header's partial sum it left for the NIC. A wrong checksum
 * equal to that sum is therefore not judged, with the reason stated: the wire carried something
 * this capture does not show. Any other wrong checksum is a violation.
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
        if (o.packet().isUdpChecksumZeroOrValid()) {
            return null;
        }
        if (o.packet().isUdpChecksumOffloadPartial()) {
            return notJudged(o, () -> "frame " + o.frameNumber() + ": udp.checksum 0x" + Integer.toHexString(o.packet().udp()
                .checksum()) + " is the pseudo-header's partial sum that a sender's checksum offload leaves for its NIC"
                + " to complete: the capture was taken on the sending host (on loopback, or before the NIC), not on the"
                + " wire; capture at the receiver's port or a mirror port to judge it");
        }
        return "udp.checksum: expected 0 or the correct checksum, found 0x"
            + Integer.toHexString(o.packet().udp().checksum()) + ", which is wrong";
    }

    @Override
    public void observe(final Observation o) {
        judge(o);
    }
}
