package org.mprt.ctk.verdict.cc;

import java.util.ArrayDeque;
import java.util.IdentityHashMap;
import java.util.Map;
import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.PathRecord;
import org.mprt.ctk.verdict.state.Timers;
import org.mprt.ctk.wire.ip.Ecn;
import org.mprt.ctk.wire.mprt.MaethFlyweight;

/**
 * MPRT-CC-005 (mprt-v0.1.md sections 3.5 and 11.3): the ce_count values of a receiver's ACKs for a
 * path account for the CE-marked data packets of that path: when each ACK is sent, the sum of
 * ce_count over the ACKs for that path so far is at most the number of CE-marked data packets of
 * the path that arrived before it, and at least the number that arrived more than ACK_REQ_DELAY
 * before it. Judged at the receiver's port.
 *
 * <p>Reading for a capture: when the capture holds the path from PSN 0 both sums start at 0; when it
 * begins later, they start after the path's first captured ACK (whose ce_count may count arrivals
 * before the capture). ACK_REQ_DELAY is widened by the judging tolerance. After an ACK whose ce_count
 * saturated at 65535 the lower bound is no longer judged for the path.
 */
public final class EcnEchoCountRule extends BehaviourRule {

    private static final int SATURATED = 0xFFFF;
    /** CE arrivals younger than ACK_REQ_DELAY held per path; more is a flood no receiver keeps up with. */
    private static final int MAX_RECENT = 1 << 14;

    private static final class Count {
        boolean started;
        boolean saturated;
        long echoed;
        long arrived;
        long arrivedDue;
        final ArrayDeque<long[]> recent = new ArrayDeque<>();
    }

    private final Timers timers;
    private final Map<PathRecord, Count> counts = new IdentityHashMap<>();

    public EcnEchoCountRule(final Timers timers) {
        super("MPRT-CC-005", JudgedAt.RECEIVER, false, false);
        this.timers = timers;
    }

    @Override
    public int kinds() {
        return FrameKind.MPRT;
    }

    @Override
    public void observe(final Observation o) {
        if (!o.isMprt() || !o.isAccountable()) {
            return;
        }
        if (o.isMprtData()) {
            if (o.packet().ecn() == Ecn.CE) {
                final PathRecord path = o.mprtPath();
                final int psn = o.psn();
                final Count c = path == null ? null : count(path, path.hasData() ? path.lowestPsn() == 0 : psn == 0);
                if (c != null) {
                    c.arrived++;
                    if (c.recent.size() < MAX_RECENT) {
                        c.recent.addLast(new long[] {o.timestampNs(), o.frameNumber()});
                    } else {
                        c.saturated = true;
                    }
                }
            }
            return;
        }
        if (o.isMprtAck()) {
            acknowledged(o);
        }
    }

    /** The count of a path, started at 0 when the capture holds the path from PSN 0. */
    private Count count(final PathRecord path, final boolean fromPsnZero) {
        Count c = counts.get(path);
        if (c == null) {
            c = new Count();
            c.started = fromPsnZero;
            counts.put(path, c);
        }
        return c;
    }

    private void acknowledged(final Observation o) {
        final MaethFlyweight a = o.packet().extensions().maeth();
        final MprtDirection d = o.mprtAnswered();
        final PathRecord path = o.mprtPath();
        if (path == null) {
            return;
        }
        final Count c = count(path, path.hasData() && path.lowestPsn() == 0);
        while (!c.recent.isEmpty() && o.timestampNs() - c.recent.peekFirst()[0] > timers.ackReqBoundNs()) {
            c.recent.pollFirst();
            c.arrivedDue++;
        }
        if (!c.started) {
            c.started = true;
            c.echoed = 0;
            c.arrived = 0;
            c.arrivedDue = 0;
            c.recent.clear();
            return;
        }
        c.echoed += a.ceCount();
        c.saturated |= a.ceCount() == SATURATED;
        if (c.echoed > c.arrived) {
            violationUnlessCut(o.state(), d, o.frameNumber(), () -> MaethFlyweight.CE_COUNT.id() + ": " + a.ceCount() + " brings the ECN"
                + " echoes of path " + a.pathId() + " to " + c.echoed + ", more than the " + c.arrived
                + " CE-marked data packets that had arrived on it");
            c.echoed = c.arrived;
        } else if (!c.saturated && c.echoed < c.arrivedDue) {
            violationUnlessCut(o.state(), d, o.frameNumber(), () -> MaethFlyweight.CE_COUNT.id() + ": " + a.ceCount() + " brings the ECN"
                + " echoes of path " + a.pathId() + " to " + c.echoed + ", fewer than the " + c.arrivedDue
                + " CE-marked data packets that arrived on it more than ACK_REQ_DELAY (" + timers.ackReqBoundNs()
                + " ns with the judging tolerance) before this ACK");
            c.echoed = c.arrivedDue;
        } else {
            evidence.of(d).conforming(o.frameNumber());
        }
    }

    @Override
    protected String passText(final long checked) {
        return checked + " ACKs echo exactly the CE-marked data packets of their path";
    }

    @Override
    protected String notApplicableText() {
        return "no MPRT ACK in the capture";
    }
}
