package org.mprt.ctk.verdict.path;

import java.util.IdentityHashMap;
import java.util.Map;
import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.Evidence;
import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.JudgedWithoutTime;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.MprtOpcodes;
import org.mprt.ctk.verdict.state.Plane;

/**
 * MPRT-PATH-003 (mprt-v0.1.md section 10.1): a sender uses only path_ids below the path count of its
 * direction and sends every data packet and PROBE of one path between the same pair of addresses.
 *
 * <p>Reading for a capture: the path count is agreed outside the protocol, so it is known only from
 * a PICS ({@code paths}, the most paths the implementation uses); without one, path_id up to 63 is
 * MPRT-WIRE-030's business. A path's plane is the one its first captured data packet or PROBE
 * used; each packet that leaves it is a violation. The network does not rewrite addresses, so a packet seen on another
 * plane than its path's earlier ones is a violation wherever the capture is taken; a pass needs the
 * sender's port, where every packet of the path is seen.
 */
@JudgedWithoutTime
public final class PathPlaneRule extends BehaviourRule {

    private record FirstSeen(Plane plane, long frame) {
    }

    private final int pathCount;
    /** Each path's plane as its first data packet or PROBE showed it, by direction and path_id. */
    private final Map<MprtDirection, FirstSeen[]> planes = new IdentityHashMap<>();
    private MprtDirection lastDirection;
    private FirstSeen[] lastPaths;

    public PathPlaneRule() {
        this(MprtDirection.MAX_PATHS);
    }

    /** @param pathCount the most paths a direction may use, from the PICS */
    public PathPlaneRule(final int pathCount) {
        super("MPRT-PATH-003", JudgedAt.SENDER, true, false);
        this.pathCount = pathCount;
    }

    @Override
    public int kinds() {
        return FrameKind.of(FrameKind.MPRT_DATA, FrameKind.MPRT_PROBE);
    }

    @Override
    public void observe(final Observation o) {
        if (!o.isMprtData() || !o.isAccountable() && !MprtOpcodes.isProbe(o.packet())) {
            return;
        }
        final int pathId = MprtOpcodes.pathId(o.packet());
        final MprtDirection d = o.mprtDirection();
        if (pathId >= MprtDirection.MAX_PATHS) {
            return;
        }
        final Evidence e = evidence.of(d);
        final Plane plane = o.state().planeOf(o.packet());
        final FirstSeen[] paths = pathsOf(d);
        if (paths[pathId] == null) {
            paths[pathId] = new FirstSeen(plane, o.frameNumber());
        }
        final FirstSeen first = paths[pathId];
        if (pathId >= pathCount) {
            e.violation(o.frameNumber(), () -> "mprt.path_id: expected below the " + pathCount
                + " paths the PICS declares, found " + pathId);
        } else if (!first.plane().equals(plane)) {
            e.violation(o.frameNumber(), () -> "ip addresses: path " + pathId + " travels " + first.plane() + " (frame "
                + first.frame() + "), this packet " + plane + "; a path stays on one plane");
        } else {
            e.conforming(o.frameNumber());
        }
    }

    private FirstSeen[] pathsOf(final MprtDirection d) {
        if (d != lastDirection) {
            lastDirection = d;
            lastPaths = planes.computeIfAbsent(d, k -> new FirstSeen[MprtDirection.MAX_PATHS]);
        }
        return lastPaths;
    }

    @Override
    protected String passText(final long checked) {
        return checked + " data packets and PROBEs stay on their path's plane";
    }

    @Override
    protected String notApplicableText() {
        return "no MPRT data packet or PROBE in the capture";
    }
}
