package org.mprt.ctk.verdict;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The verdicts on one capture, one per requirement, in catalogue order. */
public record Judgement(CaptureSummary capture, List<Verdict> verdicts) {

    public Judgement {
        verdicts = List.copyOf(verdicts);
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
