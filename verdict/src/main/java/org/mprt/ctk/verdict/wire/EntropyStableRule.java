package org.mprt.ctk.verdict.wire;

import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.Evidence;
import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.JudgedWithoutTime;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.PathRecord;
import org.mprt.ctk.wire.ip.UdpFlyweight;

/**
 * MPRT-WIRE-002 (mprt-v0.1.md sections 3.1 and 10.1): the UDP source port is the ECMP entropy of a
 * path, and every packet of one path sent while the path has unacknowledged packets carries the
 * same one, so that the packets of a path never split over two routes.
 *
 * <p>Reading for a capture: a data packet is judged against the port of the path's latest data
 * packet whenever a captured data packet of the path is neither acknowledged by a captured ACK nor
 * abandoned (a PROBE on the path, or its data re-sprayed elsewhere, section 10.5). A PROBE abandons
 * every PSN before its own, so a FAILED path may try a new port on its PROBEs and on the data that
 * follows its readmission. Anywhere but at the sender's port the captured ACKs come earlier and
 * the captured data later than at the sender, so a path looks unacknowledged for less time, never
 * more: a port change seen while the capture shows unacknowledged data is a violation wherever it
 * is seen, and the rule is judged at any capture point.
 */
@JudgedWithoutTime
public final class EntropyStableRule extends BehaviourRule {

    public EntropyStableRule() {
        super("MPRT-WIRE-002", JudgedAt.ANYWHERE, true, false);
    }

    @Override
    public int kinds() {
        return FrameKind.MPRT_DATA.bit();
    }

    @Override
    public void observe(final Observation o) {
        if (!o.isMprtData() || !o.isAccountable()) {
            return;
        }
        final int pathId = o.packet().extensions().mdeth().pathId();
        final MprtDirection d = o.mprtDirection();
        final PathRecord path = o.mprtPath();
        if (path == null || !path.hasData() || path.unacknowledged() == 0) {
            return;
        }
        final Evidence e = evidence.of(d);
        final int port = o.packet().udp().sourcePort();
        if (port == path.udpSourcePort()) {
            e.conforming(o.frameNumber());
        } else {
            e.violation(o.frameNumber(), () -> UdpFlyweight.SOURCE_PORT.id() + ": expected " + path.udpSourcePort() + " (0x"
                + Integer.toHexString(path.udpSourcePort()) + "), the entropy of path " + pathId + " on frame "
                + path.latestDataFrame() + ", found " + port + " (0x" + Integer.toHexString(port) + ") while the path has "
                + path.unacknowledged() + " unacknowledged data packets");
        }
    }

    @Override
    protected String passText(final long checked) {
        return checked + " data packets sent while their path had unacknowledged data keep the path's UDP source port";
    }

    @Override
    protected String notApplicableText() {
        return "no MPRT data packet sent while its path had unacknowledged data";
    }
}
