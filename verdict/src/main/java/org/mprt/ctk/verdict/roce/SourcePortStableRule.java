package org.mprt.ctk.verdict.roce;

import org.mprt.ctk.wire.ip.UdpFlyweight;
import java.util.HashMap;
import java.util.Map;
import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.rule.PacketCheck;

/**
 * ROCE-WIRE-002: every packet a connected QP sends to its peer carries the same UDP source port.
 * One entry per QP direction: bounded by the number of QPs, not by the capture's length.
 */
public final class SourcePortStableRule extends PacketCheck {

    private record FirstPort(int port, long frame) {
    }

    private final Map<QueuePairKey, FirstPort> ports = new HashMap<>();

    public SourcePortStableRule() {
        super("ROCE-WIRE-002", "RC/UC RoCEv2 packets");
    }

    @Override
    protected int judgedKinds() {
        return FrameKind.ROCEV2.bit();
    }

    @Override
    protected boolean appliesTo(final Observation o) {
        return ConnectedServices.isConnected(o);
    }

    @Override
    protected String violation(final Observation o) {
        final int port = o.packet().udp().sourcePort();
        final QueuePairKey qp = QueuePairKey.of(o.packet());
        final FirstPort first = ports.computeIfAbsent(qp, k -> new FirstPort(port, o.frameNumber()));
        return first.port() == port ? null
            : UdpFlyweight.SOURCE_PORT.id() + ": expected " + first.port() + " as on frame " + first.frame() + " to the same QP 0x"
                + Integer.toHexString(qp.destQp()) + ", found " + port;
    }

    @Override
    public void observe(final Observation o) {
        judge(o);
    }
}
