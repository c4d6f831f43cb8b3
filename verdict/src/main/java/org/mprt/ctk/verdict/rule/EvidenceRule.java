package org.mprt.ctk.verdict.rule;

/** A rule that keeps state across packets and records what it finds in one {@link Evidence}. */
public abstract class EvidenceRule extends Rule {

    protected final Evidence evidence;

    protected EvidenceRule(final String requirementId) {
        this.evidence = new Evidence(requirementId);
    }

    @Override
    public final String requirementId() {
        return evidence.requirementId();
    }
}
