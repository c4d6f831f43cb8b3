package org.mprt.ctk.verdict.rule;

/**
 * Something besides the rules that the judge shows every frame to during its one pass, such as the
 * collector of the report's time-sequence plots; like a rule it sees the state the earlier frames
 * left, and keeps only what is bounded.
 */
@FunctionalInterface
public interface PassObserver {

    void observe(Observation observation);
}
