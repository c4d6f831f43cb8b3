package org.mprt.ctk.verdict.path;

import java.util.Locale;
import java.util.Set;
import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.rule.PerDirection;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.PathRecord;
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
 * expectation key {@code slowerPaths}), and is INCONCLUSIVE otherwise.
 *
 * <p>The measurement interval is the whole capture: per connection direction, the mean count of new
 * data packets (R=0) must be lower on the slower paths than on the others. Where it is not, the part
 * from the moment the sender could tell the paths apart is judged instead (section 10.3): from the
 * first new data packet sent once every path it had sent on, a slower one and another among them, had
 * had ACK progress. A sender that sent all its new data before then is inconclusive: a transfer
 * shorter than a round trip shows what the sender sprays, not what it prefers. So is one of whose
 * paths the capture shows failed (its data abandoned by a PROBE or a re-spray): the paths then
 * differed in more than RTT or marking, and a FAILED path takes no new data (section 10.3).
 */
public final class PathPreferenceRule extends BehaviourRule {

    private static final class Counts {
        final long[] newPackets = new long[MprtDirection.MAX_PATHS];
        /** New data packets sent once the sender could tell the paths apart. */
        final long[] informedPackets = new long[MprtDirection.MAX_PATHS];
        final long[] lastFrame = new long[MprtDirection.MAX_PATHS];
        long firstFrame;
        /** The first new data packet sent once the sender could tell the paths apart; 0 before. */
        long informedFrom;
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
        if (c.informedFrom == 0 && facts.knowsSlowerPaths() && canTellApart(o.mprtDirection(), facts.slowerPathIds())) {
            c.informedFrom = o.frameNumber();
        }
        c.newPackets[pathId]++;
        if (c.informedFrom != 0) {
            c.informedPackets[pathId]++;
        }
        c.lastFrame[pathId] = o.frameNumber();
    }

    /** Whether every path the sender has sent on, a slower one and another among them, has had ACK progress. */
    private static boolean canTellApart(final MprtDirection d, final Set<Integer> slower) {
        boolean slowerSeen = false;
        boolean otherSeen = false;
        for (int p = 0; p < MprtDirection.MAX_PATHS; p++) {
            final PathRecord path = d.path(p);
            if (path == null || !path.hasData()) {
                continue;
            }
            if (path.lastProgressNs() == PathRecord.NEVER) {
                return false;
            }
            if (slower.contains(p)) {
                slowerSeen = true;
            } else {
                otherSeen = true;
            }
        }
        return slowerSeen && otherSeen;
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
            final Tally whole = Tally.of(d, c, c.newPackets, slower);
            if (whole.slowPaths == 0 || whole.otherPaths == 0) {
                return;
            }
            if (whole.favoursOthers()) {
                evidence.of(d).conforming(c.firstFrame);
                return;
            }
            final Tally informed = Tally.of(d, c, c.informedPackets, slower);
            final PathRecord failed = failedPath(d);
            if (failed != null) {
                evidence.of(d).inconclusive(c.firstFrame, "frame " + c.firstFrame + ": " + whole.describe(slower) + ", but path "
                    + failed.pathId() + " failed (its data abandoned, by a PROBE or a re-spray): the paths differed in more"
                    + " than RTT or ECN marking, and a FAILED path takes no new data");
            } else if (c.informedFrom == 0 || informed.slow + informed.others == 0) {
                evidence.of(d).inconclusive(c.firstFrame, "frame " + c.firstFrame + ": " + whole.describe(slower)
                    + ", all sent before every path had had ACK progress: the sender could not yet tell the slower paths"
                    + " from the others");
            } else if (informed.favoursOthers()) {
                evidence.of(d).conforming(c.informedFrom);
            } else {
                evidence.of(d).violation(whole.lastSlowFrame > 0 ? whole.lastSlowFrame : c.firstFrame, "mprt.mdeth.path_id: "
                    + whole.describe(slower) + ", and from frame " + c.informedFrom + ", the first sent once every path had"
                    + " had ACK progress, " + informed.slow + " against " + informed.others + ": the slower paths should carry fewer");
            }
        });
    }

    /** A path of the direction whose data the capture showed abandoned (section 10.5), or null. */
    private static PathRecord failedPath(final MprtDirection d) {
        for (int p = 0; p < MprtDirection.MAX_PATHS; p++) {
            final PathRecord path = d.path(p);
            if (path != null && path.abandonedNs() != PathRecord.NEVER) {
                return path;
            }
        }
        return null;
    }

    /** New data packets on the slower paths and on the others, with how many paths each side has. */
    private record Tally(long slow, int slowPaths, long others, int otherPaths, long lastSlowFrame) {

        static Tally of(final MprtDirection d, final Counts c, final long[] packets, final Set<Integer> slower) {
            long slow = 0;
            long others = 0;
            int slowPaths = 0;
            int otherPaths = 0;
            long lastSlowFrame = 0;
            for (int p = 0; p < MprtDirection.MAX_PATHS; p++) {
                if (c.newPackets[p] == 0 && d.path(p) == null) {
                    continue;
                }
                if (slower.contains(p)) {
                    slow += packets[p];
                    slowPaths++;
                    lastSlowFrame = Math.max(lastSlowFrame, c.lastFrame[p]);
                } else {
                    others += packets[p];
                    otherPaths++;
                }
            }
            return new Tally(slow, slowPaths, others, otherPaths, lastSlowFrame);
        }

        /** Fewer packets per path on the slower paths than on the others. */
        boolean favoursOthers() {
            return slow * otherPaths < others * slowPaths;
        }

        String describe(final Set<Integer> slower) {
            return "the " + slowPaths + " slower or marked paths " + slower + " carry " + slow + " new data packets, "
                + String.format(Locale.ROOT, "%.1f", (double) slow / slowPaths) + " per path, the " + otherPaths + " others "
                + others + ", " + String.format(Locale.ROOT, "%.1f", (double) others / otherPaths) + " per path";
        }
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
