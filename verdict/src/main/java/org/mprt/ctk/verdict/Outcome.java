package org.mprt.ctk.verdict;

import java.util.Locale;

/** The four answers a rule can give about one requirement (spec section 16). */
public enum Outcome {
    /** The capture holds evidence for the requirement and none against it. */
    PASS,
    /** The capture holds at least one violation. */
    FAIL,
    /** The requirement applies, but the capture lacks what is needed to decide it; the reason says what. */
    INCONCLUSIVE,
    /** Nothing in the capture is of the kind the requirement speaks of. */
    NOT_APPLICABLE;

    /** The lower-case word used in reports and expected-verdict files: pass, fail, inconclusive, not-applicable. */
    public String word() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public static Outcome fromWord(final String word) {
        for (final Outcome o : values()) {
            if (o.word().equals(word)) {
                return o;
            }
        }
        throw new IllegalArgumentException("unknown outcome '" + word
            + "' (expected pass, fail, inconclusive or not-applicable)");
    }
}
