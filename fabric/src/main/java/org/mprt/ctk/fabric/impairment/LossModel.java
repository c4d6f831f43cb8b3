package org.mprt.ctk.fabric.impairment;

/**
 * How a link loses frames: not at all, independently ({@link Bernoulli}), or in bursts
 * ({@link GilbertElliott}). A model is an immutable setting; the state it needs (the
 * Gilbert-Elliott channel state) lives in the link's {@link Impairments}.
 */
public sealed interface LossModel permits LossModel.None, LossModel.Bernoulli, LossModel.GilbertElliott {

    /** No random loss. */
    LossModel NONE = new None();

    static LossModel bernoulli(final double lossProbability) {
        return new Bernoulli(lossProbability);
    }

    static LossModel gilbertElliott(
        final double goodToBad, final double badToGood, final double lossInBad, final double lossInGood) {
        return new GilbertElliott(goodToBad, badToGood, lossInBad, lossInGood);
    }

    record None() implements LossModel {
    }

    /** Every frame is lost with the same probability, independently of the others. */
    record Bernoulli(double lossProbability) implements LossModel {
        public Bernoulli {
            checkProbability("lossProbability", lossProbability);
        }
    }

    /**
     * A two-state Markov channel, stepped once per frame: the channel first moves (good to bad
     * with {@code goodToBad}, bad to good with {@code badToGood}), then the frame is lost with
     * the loss probability of the state it is in. The channel starts good. Losses come in bursts
     * of mean length about {@code 1 / badToGood} when {@code lossInBad} is 1, and the long-run
     * share of frames sent in the bad state is {@code goodToBad / (goodToBad + badToGood)}.
     */
    record GilbertElliott(double goodToBad, double badToGood, double lossInBad, double lossInGood) implements LossModel {
        public GilbertElliott {
            checkProbability("goodToBad", goodToBad);
            checkProbability("badToGood", badToGood);
            checkProbability("lossInBad", lossInBad);
            checkProbability("lossInGood", lossInGood);
        }

        /** Expected share of frames lost in the long run. */
        public double meanLossRate() {
            final double bad = goodToBad + badToGood == 0 ? 0 : goodToBad / (goodToBad + badToGood);
            return bad * lossInBad + (1 - bad) * lossInGood;
        }
    }

    private static void checkProbability(final String name, final double value) {
        if (!(value >= 0 && value <= 1)) {
            throw new IllegalArgumentException(name + " " + value + " outside [0, 1]");
        }
    }
}
