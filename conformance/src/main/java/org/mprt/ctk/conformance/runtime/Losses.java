package org.mprt.ctk.conformance.runtime;

import org.mprt.ctk.fabric.impairment.LossModel;

/** Loss on every switch link, as a scenario words it: a random share, or a share lost in bursts. */
public final class Losses {

    private Losses() {
    }

    /** Each packet is lost independently with {@code rate}. */
    public static Impairment random(final double rate) {
        return new Impairment.SwitchLinkLoss(LossModel.bernoulli(rate), percent(rate) + " of the packets at random");
    }

    /**
     * A Gilbert-Elliott channel that loses every packet in its bad state, with bursts of
     * {@code burstLength} packets on average and {@code rate} of the packets lost in the long run:
     * bad-to-good 1 / burst, good-to-bad chosen so that the bad state's share is {@code rate}.
     */
    public static Impairment bursts(final double rate, final int burstLength) {
        if (burstLength < 1) {
            throw new ScenarioInputException("bursts of " + burstLength + " packets: expected at least 1");
        }
        if (rate >= 1) {
            throw new ScenarioInputException("a burst loss of " + percent(rate) + ": expected less than 100%");
        }
        final double badToGood = 1.0 / burstLength;
        final double goodToBad = rate * badToGood / (1 - rate);
        return new Impairment.SwitchLinkLoss(LossModel.gilbertElliott(Math.min(1, goodToBad), badToGood, 1, 0),
            percent(rate) + " of the packets in bursts of " + burstLength);
    }

    private static String percent(final double rate) {
        return String.format(java.util.Locale.ROOT, "%.3g%%", rate * 100);
    }
}
