package org.mprt.ctk.verdict.cc;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.state.CaptureState;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.PathRecord;
import org.mprt.ctk.verdict.state.Timers;
import org.mprt.ctk.wire.mprt.MaethFlyweight;

/**
 * MPRT-CC-002 (mprt-v0.1.md section 11.1): let an ACK for path P with E=1 reach the sender at time T1
 * when no ACK for P with E=1 reached it during the preceding RTT, let F1 be the bytes in flight on P
 * at T1 and RTT the latest RTT sample of P seen in the capture before T1; at T1 + RTT +
 * ACK_COALESCE_DELAY the bytes in flight on P are at most max(MIN_CWND, MD_FACTOR x F1) + AI_STEP.
 * Judged at the sender's port, where an ACK's capture is its arrival and the RTT sample the
 * sender's own.
 *
 * <p>Reading for a capture: bytes in flight as {@link PathRecord#inFlightBytes()} counts them, F1
 * before the marked ACK acknowledges anything. Bytes in flight fall only as ACKs return, and under the
 * congestion that marks packets the ACKs may take longer than the latest RTT sample: a sender that
 * has sent nothing on P since the mark has added nothing to its flight, and is not held to the bound
 * (a sender that obeyed the cut sent each later packet within the cut window, so its flight can only
 * be over the bound at the check if it sent on P after the mark without obeying it). The check is
 * widened by the judging tolerance into a window, from T1 + RTT + ACK_COALESCE_DELAY to that plus the
 * tolerance, and the flight is read at each frame captured in it (the flight changes only with
 * frames): it passes at the first one that finds the flight within the bound, and fails if none did.
 * A single reading at the window's end would hold the sender to a cut it has grown out of by then: its
 * window grows back by AI_STEP every RTT, and a tolerance of many RTTs (a software node's) lets it
 * grow past the bound while obeying the spec. MIN_CWND
 * and AI_STEP are in PMTU: the rule takes the PMTU the PICS declares, or 4096, which bounds the
 * connection's PMTU from above. A marked ACK before any RTT sample of its path is not judged, and a
 * check that falls after the end of the capture neither.
 */
public final class EcnReactionRule extends BehaviourRule {

    /** A marked ACK's check: the window it is read in, and the least flight read so far. */
    private static final class Check {
        final MprtDirection direction;
        final PathRecord path;
        final long ackFrame;
        final long ackNs;
        final long inFlightBefore;
        final long rttNs;
        final long opensNs;
        final long closesNs;
        long leastInFlight = Long.MAX_VALUE;

        Check(final MprtDirection direction, final PathRecord path, final long ackFrame, final long ackNs,
              final long inFlightBefore, final long rttNs, final long opensNs, final long closesNs) {
            this.direction = direction;
            this.path = path;
            this.ackFrame = ackFrame;
            this.ackNs = ackNs;
            this.inFlightBefore = inFlightBefore;
            this.rttNs = rttNs;
            this.opensNs = opensNs;
            this.closesNs = closesNs;
        }
    }

    private final Timers timers;
    private final long minCwndBytes;
    private final long aiStepBytes;
    private final List<Check> checks = new ArrayList<>();
    private final Map<PathRecord, long[]> lastEcho = new IdentityHashMap<>();
    private CaptureState state;

    public EcnReactionRule(final Timers timers, final int pmtuBytes) {
        super("MPRT-CC-002", JudgedAt.SENDER, false, false);
        this.timers = timers;
        this.minCwndBytes = (long) timers.minCwndPmtu() * pmtuBytes;
        this.aiStepBytes = (long) timers.aiStepPmtu() * pmtuBytes;
    }

    @Override
    public void observe(final Observation o) {
        state = o.state();
        if (!checks.isEmpty()) {
            due(o.timestampNs());
        }
        if (!o.isMprtAck() || !o.isAccountable()) {
            return;
        }
        final MaethFlyweight a = o.packet().extensions().maeth();
        if (a.e() != 1) {
            return;
        }
        final MprtDirection d = o.mprtAnswered();
        final PathRecord path = o.mprtPath();
        if (path == null || path.answers().rttSamples() == 0) {
            return;
        }
        final long rtt = path.answers().latestRttNs();
        final long[] last = lastEcho.computeIfAbsent(path, k -> new long[] {PathRecord.NEVER});
        final boolean fresh = last[0] == PathRecord.NEVER || o.timestampNs() - last[0] > rtt;
        last[0] = o.timestampNs();
        if (fresh && checks.size() < 4096) {
            final long opens = o.timestampNs() + rtt + timers.ackCoalesceDelayNs();
            checks.add(new Check(d, path, o.frameNumber(), o.timestampNs(), path.inFlightBytes(), rtt, opens,
                opens + timers.judgingToleranceNs()));
        }
    }

    private void due(final long nowNs) {
        for (final Iterator<Check> i = checks.iterator(); i.hasNext(); ) {
            final Check c = i.next();
            if (nowNs < c.opensNs) {
                continue;
            }
            final long bound = Math.max(minCwndBytes, (long) (timers.mdFactor() * c.inFlightBefore)) + aiStepBytes;
            final long inFlight = c.path.inFlightBytes();
            c.leastInFlight = Math.min(c.leastInFlight, inFlight);
            if (inFlight <= bound || c.path.latestDataNs() <= c.ackNs) {
                i.remove();
                evidence.of(c.direction).conforming(c.ackFrame);
            } else if (nowNs >= c.closesNs) {
                i.remove();
                violationUnlessCut(state, c.direction, c.ackFrame, () -> "mprt.maeth.e: after this ACK for path "
                    + c.path.pathId() + " echoed ECN with " + c.inFlightBefore + " bytes in flight, the path still has "
                    + c.leastInFlight + " bytes in flight or more from an RTT (" + c.rttNs + " ns) + ACK_COALESCE_DELAY"
                    + " later to the judging tolerance after, more than max(MIN_CWND, MD_FACTOR x " + c.inFlightBefore
                    + ") + AI_STEP = " + bound + " bytes");
            }
        }
    }

    @Override
    protected String passText(final long checked) {
        return checked + " ECN echoes were followed within an RTT by the multiplicative decrease of the path's flight";
    }

    @Override
    protected String notApplicableText() {
        return "no ACK with E=1 after an RTT sample of its path in the capture";
    }
}
