package org.mprt.ctk.verdict;

/**
 * Where a capture's timestamps step back: frames stamped earlier than the frame before them, as
 * captures merged from several interfaces, or taken while a clock was adjusted, can hold. The rules
 * measure time between frames, so a verdict on timing near such a frame may be off by the step; the
 * reports say so rather than hide it.
 *
 * @param count      frames stamped earlier than the frame before them
 * @param firstFrame the first of them; 0 when none
 * @param largestNs  the largest step back, in nanoseconds; 0 when none
 */
public record ClockStepsBack(long count, long firstFrame, long largestNs) {

    public static final ClockStepsBack NONE = new ClockStepsBack(0, 0, 0);

    /** A sentence for the reports, e.g. "timestamps step back at 3 frames (the first: frame 812; the largest step 1200 ns)". */
    public String sentence() {
        return "timestamps step back at " + count + (count == 1 ? " frame" : " frames") + " (the first: frame " + firstFrame
            + "; the largest step " + largestNs + " ns): verdicts on timing near those frames may be off by the step";
    }
}
