package org.mprt.ctk.verdict.path;

import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.Evidence;
import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.JudgedWithoutTime;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.PathRecord;
import org.mprt.ctk.verdict.state.Plane;
import org.mprt.ctk.wire.ip.UdpFlyweight;

/**
 * MPRT-PATH-004 (mprt-v0.1.md section 10.1): two paths of one connection direction on the same plane
 * that both have unacknowledged data packets at the same time carry different UDP source ports, so
 * that two paths are never one route twice.
 *
 * <p>Reading for a capture: a path has unacknowledged data from the capture of a data packet until
 * a captured ACK acknowledges it, or until the sender abandons it (a PROBE on the path, or its data
 * re-sprayed elsewhere, section 10.5). Elsewhere than at the sender's port the unacknowledged
 * stretches look shorter, never longer, so an overlap seen anywhere is a violation; a pass needs
 * the sender's port.
 */
@JudgedWithoutTime
public final class PathEntropyRule extends BehaviourRule {

    public PathEntropyRule() {
        super("MPRT-PATH-004", JudgedAt.SENDER, true, false);
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
        if (o.mprtPath() == null) {
            return;
        }
        final Evidence e = evidence.of(d);
        final Plane plane = o.state().planeOf(o.packet());
        final int port = o.packet().udp().sourcePort();
        // The known paths, not d.paths(): that copies the 64-slot array, once per data packet here.
        for (int k = 0; k < d.knownPaths(); k++) {
            final PathRecord other = d.knownPath(k);
            if (other.udpSourcePort() == port && other.pathId() != pathId && other.unacknowledged() > 0
                && plane.equals(other.plane())) {
                e.violation(o.frameNumber(), () -> UdpFlyweight.SOURCE_PORT.id() + ": path " + pathId + " sends from port " + port + " on " + plane
                    + ", the port of path " + other.pathId() + " (frame " + other.latestDataFrame() + "), which has "
                    + other.unacknowledged() + " unacknowledged data packets on the same plane");
                return;
            }
        }
        e.conforming(o.frameNumber());
    }

    @Override
    protected String passText(final long checked) {
        return checked + " data packets use a UDP source port no other busy path of their plane uses";
    }

    @Override
    protected String notApplicableText() {
        return "no MPRT data packet in the capture";
    }
}
