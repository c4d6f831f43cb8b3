package org.mprt.ctk.fabric.seed;

import java.util.SplittableRandom;

/**
 * The one seed of a run and the source of every component's own random generator (STYLE.md rule
 * 7). Each component gets a {@link SplittableRandom} split off the root when it is built; the
 * topology builder builds components in a fixed order, so one seed always hands the same
 * generator to the same component, and no component's draws shift another's.
 */
public final class RunSeed {

    private final long seed;
    private final SplittableRandom root;
    private int splits;

    public RunSeed(final long seed) {
        this.seed = seed;
        this.root = new SplittableRandom(seed);
    }

    /** The value to print in reports and record in the capture's manifest. */
    public long value() {
        return seed;
    }

    /** The next component's generator; call in a fixed order. */
    public SplittableRandom split() {
        splits++;
        return root.split();
    }

    /** Generators handed out so far. */
    public int splits() {
        return splits;
    }

    @Override
    public String toString() {
        return "seed " + seed;
    }
}
