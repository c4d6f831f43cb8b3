package org.mprt.ctk.verdict.rule;

import java.util.List;
import org.mprt.ctk.verdict.Outcome;
import org.mprt.ctk.verdict.Verdict;

/**
 * Stands in for a rule whose requirement the implementation's PICS rules out (mprt-v0.1.md section
 * 15.2): it judges nothing and says which capability is missing.
 */
public final class NotApplicableRule extends Rule {

    private final String requirementId;
    private final String reason;

    public NotApplicableRule(final String requirementId, final String reason) {
        this.requirementId = requirementId;
        this.reason = reason;
    }

    @Override
    public String requirementId() {
        return requirementId;
    }

    @Override
    public void observe(final Observation observation) {
        // Nothing to judge: the requirement does not apply to this implementation.
    }

    @Override
    public Verdict verdict() {
        return new Verdict(requirementId, Outcome.NOT_APPLICABLE, List.of(), reason, 0, 0);
    }
}
