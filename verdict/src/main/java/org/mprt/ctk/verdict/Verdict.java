package org.mprt.ctk.verdict;

import java.util.List;
import java.util.Objects;
import org.mprt.ctk.requirement.Requirement;

/**
 * The judgement on one requirement for one capture.
 *
 * @param requirementId the requirement, e.g. {@code MPRT-WIRE-010}
 * @param outcome       pass, fail, inconclusive or not applicable
 * @param frames        the frame numbers (1-based, as Wireshark numbers them) that decided it: the
 *                      violating frames of a FAIL, the first examined frames of a PASS; capped
 * @param explanation   one sentence a person can act on
 * @param checked       how many instances the rule examined
 * @param violations    how many of them violated the requirement
 * @param keyword       the requirement's RFC 2119 key word; null until the judge looks it up
 */
public record Verdict(String requirementId, Outcome outcome, List<Long> frames, String explanation,
                      long checked, long violations, Requirement.Keyword keyword) {

    public Verdict(final String requirementId, final Outcome outcome, final List<Long> frames, final String explanation,
                   final long checked, final long violations) {
        this(requirementId, outcome, frames, explanation, checked, violations, null);
    }

    public Verdict {
        Objects.requireNonNull(requirementId, "requirementId");
        Objects.requireNonNull(outcome, "outcome");
        frames = List.copyOf(frames);
        Objects.requireNonNull(explanation, "explanation");
    }

    public Verdict withKeyword(final Requirement.Keyword k) {
        return new Verdict(requirementId, outcome, frames, explanation, checked, violations, k);
    }

    /**
     * A failure that makes the capture non-conforming: of a MUST or MUST NOT (or of a requirement
     * whose key word is not known). A failed SHOULD is reported, but is a recommendation not followed.
     */
    public boolean isAbsoluteFailure() {
        return outcome == Outcome.FAIL && (keyword == null || keyword.absolute());
    }
}
