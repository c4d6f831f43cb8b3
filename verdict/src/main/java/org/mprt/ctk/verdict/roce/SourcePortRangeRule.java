package org.mprt.ctk.verdict.roce;

import org.mprt.ctk.wire.ip.UdpFlyweight;
import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.rule.PacketCheck;

/** ROCE-WIRE-003 (SHOULD): the UDP source port lies in 0xC000-0xFFFF, the range Linux uses. */
public final class SourcePortRangeRule extends PacketCheck {

    static final int MIN_PORT = 0xC000;

    public SourcePortRangeRule() {
        super("ROCE-WIRE-003", "RoCEv2 packets");
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
        final int port = o.packet().udp().sourcePort();
        return port >= MIN_PORT ? null
            : UdpFlyweight.SOURCE_PORT.id() + ": expected 49152-65535 (0xC000-0xFFFF), found " + port + " (0x" + Integer.toHexString(port) + ")";
    }

    @Override
    public void observe(final Observation o) {
        judge(o);
    }
}
