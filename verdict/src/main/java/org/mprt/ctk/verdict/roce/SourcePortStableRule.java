package org.mprt.ctk.verdict.roce;

import org.mprt.ctk.wire.ip.UdpFlyweight;
import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.rule.PacketCheck;

/**
 * ROCE-WIRE-002: every packet a connected QP sends to its peer carries the same UDP source port.
 * One entry per QP direction, for the first {@link FollowedQueuePairs#MAX_QUEUE_PAIRS} QPs.
 */
public final class SourcePortStableRule extends PacketCheck {

    /** The first packet's UDP source port to a QP, and its frame; port -1 until then. */
    private static final class FirstPort {
        int port = -1;
        long frame;
    }

    private final FollowedQueuePairs<FirstPort> ports = new FollowedQueuePairs<>(FirstPort::new);

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
        final FirstPort first = ports.of(o.packet());
        if (first == null) {
            return notJudged(o, () -> FollowedQueuePairs.passedOver(o.frameNumber()));
        }
        if (first.port < 0) {
            first.port = port;
            first.frame = o.frameNumber();
        }
        return first.port == port ? null
            : UdpFlyweight.SOURCE_PORT.id() + ": expected " + first.port + " as on frame " + first.frame + " to the same QP 0x"
                + Integer.toHexString(o.packet().bth().destQp()) + ", found " + port;
    }

    @Override
    public void observe(final Observation o) {
        judge(o);
    }
}
