package org.mprt.ctk.verdict.rule;

import org.mprt.ctk.verdict.Verdict;

/**
 * The check of one requirement over one capture. The judge shows a rule every frame in capture
 * order, then asks for its verdict. A rule keeps only the state its requirement needs, bounded by
 * the protocol's windows, never by the capture's length.
 *
 * <p>An abstract class rather than an interface: the judge calls {@link #observe} tens of times
 * per frame through this type, and a virtual call costs less than an interface call.
 */
public abstract class Rule {

    /** The requirement this rule decides, as the spec names it. */
    public abstract String requirementId();

    /**
     * Called for every frame of the kinds this rule names, in capture order. The observation is
     * reused afterwards.
     */
    public abstract void observe(Observation observation);

    /**
     * The frame kinds this rule looks at, as {@link FrameKind} bits: the judge shows it no other
     * frame. Every kind by default; a rule that acts on the passing of time between frames (a
     * deadline checked at each frame) keeps every kind.
     */
    public int kinds() {
        return FrameKind.ALL;
    }

    /**
     * Whether the verdict compares capture timestamps (a bound of section 14, an RTT, a rate over a
     * window), directly or through the state: on a capture with frames that record no time
     * ({@link org.mprt.ctk.verdict.UntimedFrames}) such a rule is inconclusive. True unless the rule's
     * class is marked {@link JudgedWithoutTime}.
     */
    public final boolean comparesTimestamps() {
        return !getClass().isAnnotationPresent(JudgedWithoutTime.class);
    }

    /** Called once, after the last frame. */
    public abstract Verdict verdict();
}
