package org.mprt.ctk.fabric.impairment;

import java.util.SplittableRandom;

/**
 * The faults of one link direction, applied to every frame as it is put on the wire: link down
 * (blackhole or flapping), random or burst loss, one-bit corruption, extra delay and jitter.
 *
 * <p>Settings may change at any virtual time, from an event
 * ({@code scheduler.at(t, () -> link.impairments().blackhole(true))}); they apply to frames put on
 * the wire from then on, while frames already on the wire arrive. Order per frame: down, then
 * loss, then corruption, then delay; each draw uses this link's own generator, and a setting
 * that is off draws nothing, so adding a fault to one link never shifts another's draws.
 * Every drop and corruption is counted.
 */
public final class Impairments {

    private final SplittableRandom random;

    private LossModel loss = LossModel.NONE;
    private boolean burstBad;
    private double corruptionProbability;
    private Delay delay = Delay.NONE;
    private boolean blackhole;
    private Flapping flapping;

    private long downDrops;
    private long lossDrops;
    private long corruptions;

    public Impairments(final SplittableRandom random) {
        this.random = random;
    }

    /** Sets the loss model; a new Gilbert-Elliott model starts in the good state. */
    public Impairments loss(final LossModel model) {
        loss = model == null ? LossModel.NONE : model;
        burstBad = false;
        return this;
    }

    /** Probability per frame of flipping one bit after the UDP header (see {@link Corruption}). */
    public Impairments corruption(final double probability) {
        if (!(probability >= 0 && probability <= 1)) {
            throw new IllegalArgumentException("corruption probability " + probability + " outside [0, 1]");
        }
        corruptionProbability = probability;
        return this;
    }

    public Impairments delay(final Delay value) {
        delay = value == null ? Delay.NONE : value;
        return this;
    }

    /** Link down: every frame put on the wire is dropped until set back to false. */
    public Impairments blackhole(final boolean down) {
        blackhole = down;
        return this;
    }

    /** Periodic down windows; null stops flapping. */
    public Impairments flapping(final Flapping value) {
        flapping = value;
        return this;
    }

    /** Removes every fault; counters are kept. */
    public Impairments clear() {
        return loss(LossModel.NONE).corruption(0).delay(Delay.NONE).blackhole(false).flapping(null);
    }

    public LossModel loss() {
        return loss;
    }

    public double corruption() {
        return corruptionProbability;
    }

    public Delay delay() {
        return delay;
    }

    public boolean blackhole() {
        return blackhole;
    }

    public Flapping flapping() {
        return flapping;
    }

    /** True while the link drops everything: blackholed or inside a flapping window. */
    public boolean isDown(final long timeNs) {
        return blackhole || flapping != null && flapping.isDown(timeNs);
    }

    /**
     * Decides the fate of a frame put on the wire at {@code timeNs}: false when it is dropped
     * (counted), true when it goes on, possibly with one bit flipped. Called by the link.
     */
    public boolean admit(final long timeNs, final byte[] frame, final int length) {
        if (isDown(timeNs)) {
            downDrops++;
            return false;
        }
        if (lose()) {
            lossDrops++;
            return false;
        }
        if (corruptionProbability > 0 && random.nextDouble() < corruptionProbability
            && Corruption.flipOneBit(frame, length, random) >= 0) {
            corruptions++;
        }
        return true;
    }

    /** Delay beyond propagation for the next admitted frame: the fixed part plus a jitter draw. */
    public long extraDelayNs() {
        if (delay.jitterNs() == 0) {
            return delay.extraNs();
        }
        return delay.extraNs() + random.nextLong(delay.jitterNs() + 1);
    }

    /** Frames dropped because the link was down (blackhole or flapping). */
    public long downDrops() {
        return downDrops;
    }

    /** Frames dropped by the loss model. */
    public long lossDrops() {
        return lossDrops;
    }

    public long corruptions() {
        return corruptions;
    }

    private boolean lose() {
        if (loss instanceof LossModel.Bernoulli bernoulli) {
            return bernoulli.lossProbability() > 0 && random.nextDouble() < bernoulli.lossProbability();
        }
        if (loss instanceof LossModel.GilbertElliott channel) {
            burstBad = burstBad
                ? random.nextDouble() >= channel.badToGood()
                : random.nextDouble() < channel.goodToBad();
            final double lossProbability = burstBad ? channel.lossInBad() : channel.lossInGood();
            return lossProbability > 0 && random.nextDouble() < lossProbability;
        }
        return false;
    }
}
