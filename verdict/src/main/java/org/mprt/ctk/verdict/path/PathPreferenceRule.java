package org.mprt.ctk.verdict.path;

import java.util.Set;
import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.rule.PerDirection;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.ScenarioFacts;

/**
 * MPRT-PATH-006 (SHOULD; mprt-v0.1.md section 10.3): when two ACTIVE paths of a connection, both with
 * room, differ in RTT or in ECN marking alone (a scenario makes one of them slower or marks it), the
 * sender puts fewer new data packets on the slower or more marked path than on the other over the
 * scenario's measurement interval. Judged at the sender's port.
 *
 * <p>A capture alone cannot judge it: it shows RTTs and ECN echoes, but not whether two paths differ
 * in them alone, nor whether both had room, and a sender that moves its load away from a path makes
 * that path look faster. The rule therefore judges only when the scenario says which path_ids it
 * made slower or marked ({@link ScenarioFacts#slowerPathIds()}; {@code CaptureJudge.slowerPaths}, the
 * expectation key {@code slowerPaths}), and is INCONCLUSIVE otherwise. The measurement interval is
 * the whole capture: per connection direction, the mean count of new data packets (R=0) on the
 * slower paths must be lower than on the others.
 */
public final class PathPreferenceRule extends BehaviourRule {

    private static final class Counts {
        final long[] newPackets = new long[MprtDirection.MAX_PATHS];
        final long[] lastFrame = new long[MprtDirection.MAX_PATHS];
        long firstFrame;
    }

    private final PerDirection<MprtDirection, Counts> counts = new PerDirection<>(Counts::new);
    private ScenarioFacts facts = ScenarioFacts.none();

    public PathPreferenceRule() {
        super("MPRT-PATH-006", JudgedAt.SENDER, false, false);
    }

    @Override
    public void observe(final Observation o) {
        facts = o.state().facts();
        if (!o.isMprtData() || !o.isAccountable()
            || o.packet().extensions().mdeth().r() == 1) {
            return;
        }
        final int pathId = o.packet().extensions().mdeth().pathId();
        if (pathId >= MprtDirection.MAX_PATHS) {
            return;
        }
        final Counts c = counts.of(o.mprtDirection());
        if (c.firstFrame == 0) {
            c.firstFrame = o.frameNumber();
        }
        c.newPackets[pathId]++;
        c.lastFrame[pathId] = o.frameNumber();
    }

    @Override
    protected void atEnd() {
        final Set<Integer> slower = facts.slowerPathIds();
        counts.forEach((d, c) -> {
            if (!facts.knowsSlowerPaths()) {
                evidence.of(d).inconclusive(c.firstFrame, "MPRT-PATH-006 compares paths a scenario made slower or"
                    + " ECN-marked with the others; a capture shows neither why a path is slow nor whether it had room,"
                    + " so the scenario must say which paths (CaptureJudge.slowerPaths, expectation key slowerPaths)");
                return;
            }
            long slowSum = 0;
            long fastSum = 0;
            int slowPaths = 0;
            int fastPaths = 0;
            long lastSlowFrame = 0;
            for (int p = 0; p < MprtDirection.MAX_PATHS; p++) {
                if (c.newPackets[p] == 0 && d.path(p) == null) {
                    continue;
                }
                if (slower.contains(p)) {
                    slowSum += c.newPackets[p];
                    slowPaths++;
                    lastSlowFrame = Math.max(lastSlowFrame, c.lastFrame[p]);
                } else {
                    fastSum += c.newPackets[p];
                    fastPaths++;
                }
            }
            if (slowPaths == 0 || fastPaths == 0) {
                return;
            }
            if (slowSum * fastPaths < fastSum * slowPaths) {
                evidence.of(d).conforming(c.firstFrame);
            } else {
                evidence.of(d).violation(lastSlowFrame > 0 ? lastSlowFrame : c.firstFrame, "mprt.mdeth.path_id: the "
                    + slowPaths + " slower or marked paths " + slower + " carry " + slowSum + " new data packets, "
                    + String.format(java.util.Locale.ROOT, "%.1f", (double) slowSum / slowPaths) + " per path, the "
                    + fastPaths + " others " + fastSum + ", " + String.format(java.util.Locale.ROOT, "%.1f",
                    (double) fastSum / fastPaths) + " per path: the slower paths should carry fewer");
            }
        });
    }

    @Override
    protected String passText(final long checked) {
        return checked + " connection directions put fewer new data packets on their slower or marked paths";
    }

    @Override
    protected String notApplicableText() {
        return "no new MPRT data packet in the capture";
    }
}
