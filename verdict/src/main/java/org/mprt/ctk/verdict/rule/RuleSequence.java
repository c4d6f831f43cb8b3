package org.mprt.ctk.verdict.rule;

import org.mprt.ctk.verdict.Verdict;

/**
 * The rules the judge shows one kind of frame ({@link FrameKind}), called in the order given: the
 * judge holds one sequence per kind and makes one call per frame, into the sequence of its kind.
 */
abstract class RuleSequence {

    /**
     * Stands in where a sequence has a call site but no rule for it: one class, so that each such
     * site stays monomorphic and its call costs nothing once inlined.
     */
    static final Rule NOTHING = new Rule() {
        @Override
        public String requirementId() {
            return "";
        }

        @Override
        public void observe(final Observation observation) {
        }

        @Override
        public Verdict verdict() {
            throw new UnsupportedOperationException("stands in for no rule");
        }
    };

    /** Shows the frame to each rule of the sequence, in order. */
    abstract void observe(Observation o);
}
