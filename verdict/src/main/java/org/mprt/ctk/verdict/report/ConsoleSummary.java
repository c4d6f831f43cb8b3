package org.mprt.ctk.verdict.report;

import java.io.PrintStream;
import java.util.Map;
import org.mprt.ctk.verdict.Judgement;
import org.mprt.ctk.verdict.Outcome;
import org.mprt.ctk.verdict.Verdict;

/** One screen about one capture: the counts, then every failure and inconclusive verdict. */
public final class ConsoleSummary {

    private ConsoleSummary() {
    }

    public static void print(final Judgement j, final PrintStream out) {
        final var c = j.capture();
        out.printf("%s: %d frames (%d MPRT, %d RoCEv2, %d snapped, %d unidentified, %d malformed, %d other)%s%n", c.file(),
            c.frames(), c.mprtFrames(), c.rocev2Frames(), c.snappedFrames(), c.unidentifiedFrames(), c.malformedFrames(),
            c.otherFrames(), c.encapsulatedFrames() > 0
                ? "; " + c.encapsulatedFrames() + " of them unwrapped from a mirror's or an overlay's encapsulation" : "");
        final Map<Outcome, Integer> n = j.counts();
        final long should = j.recommendationsNotFollowed();
        out.printf("  %d pass, %d fail%s, %d inconclusive, %d not applicable: %s%n", n.get(Outcome.PASS),
            n.get(Outcome.FAIL), should > 0 ? " (" + should + " of them SHOULD)" : "", n.get(Outcome.INCONCLUSIVE),
            n.get(Outcome.NOT_APPLICABLE), j.anyFailed() ? "NOT CONFORMING" : "no MUST violated");
        for (final Verdict v : j.verdicts()) {
            if (v.outcome() == Outcome.FAIL || v.outcome() == Outcome.INCONCLUSIVE) {
                final String word = v.outcome() == Outcome.FAIL && !v.isAbsoluteFailure() ? "FAIL (SHOULD)"
                    : v.outcome().word().toUpperCase(java.util.Locale.ROOT);
                out.printf("  %-13s %-13s %s%n", word, v.requirementId(), v.explanation());
            }
        }
    }
}
