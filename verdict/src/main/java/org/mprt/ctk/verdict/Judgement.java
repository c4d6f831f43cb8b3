package org.mprt.ctk.verdict;

import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.mprt.ctk.verdict.timeline.PathPlot;

/**
 * The verdicts on one capture, one per requirement, in catalogue order, with what the reports show
 * beside them: the per-path time-sequence plots collected during the pass, and what the capture was
 * judged with, the judging tolerance among it (mprt-v0.1.md section 14: the report states it).
 *
 * @param plots              one plot per path of each MPRT connection direction (bounded, sampled)
 * @param judgedWith         the PICS, timers, JUDGING_TOLERANCE and capture point the rules applied
 * @param directions         every connection direction the state followed, with where the capture stands for it
 * @param frames             the file the judged frames can be read from again, for the reports' decoded
 *                           frames: the capture itself, or the copy of one read from a stream, which the
 *                           capture's name ({@link CaptureSummary#file()}) would not give a second time
 */
public record Judgement(CaptureSummary capture, List<Verdict> verdicts, List<PathPlot> plots, JudgedWith judgedWith,
                        List<DirectionSummary> directions, Path frames) {

    public Judgement {
        verdicts = List.copyOf(verdicts);
        plots = List.copyOf(plots);
        directions = List.copyOf(directions);
    }

    /** The JUDGING_TOLERANCE every time bound was widened by. */
    public long judgingToleranceNs() {
        return judgedWith.timers().judgingToleranceNs();
    }

    public Map<Outcome, Integer> counts() {
        final Map<Outcome, Integer> counts = new EnumMap<>(Outcome.class);
        for (final Outcome o : Outcome.values()) {
            counts.put(o, 0);
        }
        for (final Verdict v : verdicts) {
            counts.merge(v.outcome(), 1, Integer::sum);
        }
        return counts;
    }

    /** True when a MUST or MUST NOT failed: the exit code 1 and "not conforming". */
    public boolean anyFailed() {
        return verdicts.stream().anyMatch(Verdict::isAbsoluteFailure);
    }

    /** Failed verdicts of SHOULD and SHOULD NOT requirements: reported, not counted against conformance. */
    public long recommendationsNotFollowed() {
        return verdicts.stream().filter(v -> v.outcome() == Outcome.FAIL && !v.isAbsoluteFailure()).count();
    }

    public Optional<Verdict> verdictOn(final String requirementId) {
        return verdicts.stream().filter(v -> v.requirementId().equals(requirementId)).findFirst();
    }
}
