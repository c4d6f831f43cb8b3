package org.mprt.ctk.verdict.report;

import java.io.PrintStream;
import java.util.EnumMap;
import java.util.Map;
import java.util.stream.Collectors;
import org.mprt.ctk.verdict.DirectionSummary;
import org.mprt.ctk.verdict.Judgement;
import org.mprt.ctk.verdict.Outcome;
import org.mprt.ctk.verdict.Verdict;
import org.mprt.ctk.verdict.state.CaptureSide;

/** One screen about one capture: the counts, then every failure and inconclusive verdict. */
public final class ConsoleSummary {

    private ConsoleSummary() {
    }

    /** Where the capture stood, counted over the connection directions: {@code capture at 2 directions' sender's port, ...}. */
    static String placements(final Judgement j) {
        final Map<CaptureSide, Integer> bySide = new EnumMap<>(CaptureSide.class);
        for (final DirectionSummary d : j.directions()) {
            bySide.merge(d.side(), 1, Integer::sum);
        }
        return "capture point: " + bySide.entrySet().stream()
            .map(e -> e.getValue() + (e.getValue() == 1 ? " direction at " : " directions at ") + e.getKey().description())
            .collect(Collectors.joining(", ")) + " (why: verdict.json, verdict.html)";
    }

    /**
     * The explanation as the line after the requirement's ID reads it: a sentence that begins with
     * the ID (it stands alone in the JSON and HTML) does not repeat it here.
     */
    static String afterId(final Verdict v) {
        final String id = v.requirementId() + " ";
        return v.explanation().startsWith(id) ? v.explanation().substring(id.length()) : v.explanation();
    }

    public static void print(final Judgement j, final PrintStream out) {
        final var c = j.capture();
        out.printf("%s: %d frames (%d MPRT, %d RoCEv2, %d snapped, %d unidentified, %d malformed, %d other)%s%n", c.file(),
            c.frames(), c.mprtFrames(), c.rocev2Frames(), c.snappedFrames(), c.unidentifiedFrames(), c.malformedFrames(),
            c.otherFrames(), (c.duplicateFrames() > 0 ? "; " + c.duplicateFrames() + " duplicates dropped" : "")
                + (c.encapsulatedFrames() > 0
                ? "; " + c.encapsulatedFrames() + " of them unwrapped from a mirror's or an overlay's encapsulation" : ""));
        out.println("  " + j.judgedWith().sentence());
        for (final String note : c.readingNotes()) {
            out.println("  " + note);
        }
        if (c.untrackedFrames() > 0) {
            out.println("  " + c.untrackedSentence());
        }
        if (!j.directions().isEmpty()) {
            out.println("  " + placements(j));
        }
        final Map<Outcome, Integer> n = j.counts();
        final long should = j.recommendationsNotFollowed();
        out.printf("  %d pass, %d fail%s, %d inconclusive, %d not applicable: %s%n", n.get(Outcome.PASS),
            n.get(Outcome.FAIL), should > 0 ? " (" + should + " of them SHOULD)" : "", n.get(Outcome.INCONCLUSIVE),
            n.get(Outcome.NOT_APPLICABLE), j.anyFailed() ? "NOT CONFORMING" : "no MUST violated");
        for (final Verdict v : j.verdicts()) {
            if (v.outcome() == Outcome.FAIL || v.outcome() == Outcome.INCONCLUSIVE) {
                final String word = v.outcome() == Outcome.FAIL && !v.isAbsoluteFailure() ? "FAIL (SHOULD)"
                    : v.outcome().word().toUpperCase(java.util.Locale.ROOT);
                out.printf("  %-13s %-13s %s%n", word, v.requirementId(), afterId(v));
            }
        }
    }
}
