package org.mprt.ctk.fabric.impairment;

/**
 * Delay added to a link's propagation delay: {@code extraNs} for every frame plus a jitter drawn
 * uniformly from {@code [0, jitterNs]} per frame.
 *
 * <p>Unless {@code reorder} is set, a link stays FIFO: a frame whose draw would overtake the one
 * before it is held until that one has arrived (same arrival time, original order). Jitter then
 * bunches frames but never reorders them, as on a real cable. With {@code reorder} the draws are
 * kept and frames may overtake each other on this link.
 */
public record Delay(long extraNs, long jitterNs, boolean reorder) {

    public static final Delay NONE = new Delay(0, 0, false);

    public Delay {
        if (extraNs < 0 || jitterNs < 0) {
            throw new IllegalArgumentException("extraNs " + extraNs + " and jitterNs " + jitterNs + " must be >= 0");
        }
    }

    public static Delay fixed(final long extraNs) {
        return new Delay(extraNs, 0, false);
    }

    /** Jitter that keeps frames in order on the link. */
    public static Delay jittered(final long extraNs, final long jitterNs) {
        return new Delay(extraNs, jitterNs, false);
    }

    /** Jitter that lets frames overtake each other on the link. */
    public static Delay reordering(final long extraNs, final long jitterNs) {
        return new Delay(extraNs, jitterNs, true);
    }
}
