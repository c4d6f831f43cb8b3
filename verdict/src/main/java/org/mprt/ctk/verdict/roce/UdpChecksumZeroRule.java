package org.mprt.ctk.verdict.roce;

import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.Mismatch;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.rule.PacketCheck;

/**
 * ROCE-WIRE-006 (SHOULD): the UDP checksum is 0; the ICRC protects the packet end to end. A capture on
 * the sending host may show, instead of the checksum, the partial sum a checksum offload leaves for the
 * NIC: the sender asked for a checksum, so the wire carries a non-zero one, and the packet still fails,
 * with the explanation saying so.
 */
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
        final String mismatch = Mismatch.unless("udp.checksum", 0, o.packet().udp().checksum());
        return mismatch == null || !o.packet().isUdpChecksumOffloadPartial() ? mismatch
            : mismatch + ", the partial sum a sender's checksum offload leaves for its NIC, which writes a non-zero"
                + " checksum on the wire";
    }

    @Override
    public void observe(final Observation o) {
        judge(o);
    }
}
