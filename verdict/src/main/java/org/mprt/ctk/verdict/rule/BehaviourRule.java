package org.mprt.ctk.verdict.rule;

import org.mprt.ctk.verdict.Verdict;

/**
 * A rule about what a node does over time, judged per connection direction against the state the
 * earlier frames left ({@link Observation#state()}). Its evidence is kept per direction, because
 * where the capture stands for each direction is settled only after the last frame
 * ({@link SidedEvidence}).
 */
public abstract class BehaviourRule implements Rule {

    protected final SidedEvidence evidence;

    /**
     * @param judgedAt                  where the requirement is judged (mprt-v0.1.md section 16.3)
     * @param violationsCertainAnywhere true when a violation seen from any capture point is one
     * @param needsStart                true when the rule decides only on directions the capture holds from their start
     */
    protected BehaviourRule(final String requirementId, final JudgedAt judgedAt, final boolean violationsCertainAnywhere,
                            final boolean needsStart) {
        this.evidence = new SidedEvidence(requirementId, judgedAt, violationsCertainAnywhere, needsStart);
    }

    @Override
    public final String requirementId() {
        return evidence.requirementId();
    }

    /** What a pass verified, e.g. "12 retransmissions keep their PSN". */
    protected abstract String passText(long checked);

    /** Why nothing applied, e.g. "no retransmission in the capture". */
    protected abstract String notApplicableText();

    @Override
    public final Verdict verdict() {
        return evidence.verdict(this::passText, notApplicableText());
    }
}
