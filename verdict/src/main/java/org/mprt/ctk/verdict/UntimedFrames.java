package org.mprt.ctk.verdict;

/**
 * Frames whose record holds no capture time: pcapng simple packet blocks, which the format defines
 * without one. Nothing can be said of when such a frame was seen, so no time bound can be judged
 * on a capture that holds one: every rule that compares capture timestamps is inconclusive there
 * ({@link org.mprt.ctk.verdict.rule.Rule#comparesTimestamps()}), the capture point is not inferred
 * from the timing of answers, and the frames do not count as steps back of the clock.
 *
 * @param count      such frames
 * @param firstFrame the first of them; 0 when none
 */
public record UntimedFrames(long count, long firstFrame) {

    public static final UntimedFrames NONE = new UntimedFrames(0, 0);

    /** A sentence for the reports. */
    public String sentence() {
        return (count == 1 ? "frame " + firstFrame + " records no capture time (a pcapng simple packet block)"
            : count + " frames record no capture time (pcapng simple packet blocks; the first: frame " + firstFrame + ")")
            + ": no time bound is judged";
    }

    /** Why a rule that compares capture timestamps is inconclusive on such a capture. */
    public String whyInconclusive() {
        return count == 1 ? "frame " + firstFrame + " of the capture records no capture time (a pcapng simple packet"
            + " block), and the requirement compares capture timestamps"
            : "frame " + firstFrame + " and " + (count - 1) + (count == 2 ? " other" : " others") + " of the capture"
            + " record no capture time (pcapng simple packet blocks), and the requirement compares capture timestamps";
    }
}
