package org.mprt.ctk.verdict.rule;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.LongFunction;
import java.util.function.Supplier;
import org.mprt.ctk.verdict.Outcome;
import org.mprt.ctk.verdict.Verdict;
import org.mprt.ctk.verdict.state.Direction;

/**
 * The evidence of a behavioural rule, kept per connection direction because where the capture
 * stands, and whether it holds a direction's start, is known for each direction only after the
 * last frame. A rule records what it finds as if the capture stood where the requirement is judged;
 * the verdict then counts each direction's evidence only where it may:
 * <ul>
 *   <li>a direction captured where the rule is judged ({@link JudgedAt}) counts whole;</li>
 *   <li>elsewhere, its violations still count when the rule says they are certain from any capture
 *       point (a field the network does not change, a bound that another capture point only
 *       loosens); its passes do not, and the direction makes the verdict inconclusive instead;</li>
 *   <li>a rule that needs the capture to hold a direction's start ignores what it found on a
 *       direction captured from mid-connection, and says why.</li>
 * </ul>
 * The verdict is FAIL with every counted violation (the earliest first), else PASS, else
 * INCONCLUSIVE with the first reason, else NOT_APPLICABLE.
 */
public final class SidedEvidence {

    private final String requirementId;
    private final JudgedAt judgedAt;
    private final boolean violationsCertainAnywhere;
    private final boolean needsStart;
    private final PerDirection<Direction, Evidence> byDirection;
    private Direction last;
    private Evidence lastEvidence;
    /** Why something the requirement applies to could not be placed in any direction: the first such reason. */
    private String anywhereReason;
    private long anywhereFrame;

    /**
     * @param judgedAt                  where the requirement is judged
     * @param violationsCertainAnywhere true when a violation seen from any capture point is a violation
     * @param needsStart                true when the rule can decide only if the capture holds the direction's start
     */
    public SidedEvidence(final String requirementId, final JudgedAt judgedAt, final boolean violationsCertainAnywhere,
                         final boolean needsStart) {
        this.requirementId = requirementId;
        this.judgedAt = judgedAt;
        this.violationsCertainAnywhere = violationsCertainAnywhere;
        this.needsStart = needsStart;
        this.byDirection = new PerDirection<>(() -> new Evidence(requirementId));
    }

    public String requirementId() {
        return requirementId;
    }

    /**
     * The evidence of one direction. The direction asked for last is answered from fields of this
     * object: a rule asks for nearly every data packet, and the lookup through {@link PerDirection}
     * would read one object more each time.
     */
    public Evidence of(final Direction d) {
        if (d != last) {
            lastEvidence = byDirection.of(d);
            last = d;
        }
        return lastEvidence;
    }

    /**
     * The requirement applies to something the capture cannot place in a direction (an acknowledgement
     * it cannot bind to the requests it answers): with nothing judged, the verdict is INCONCLUSIVE for
     * this reason, not NOT_APPLICABLE. The first reason is kept, and only it is made.
     */
    public void inconclusiveAnywhere(final long frame, final Supplier<String> reason) {
        if (anywhereReason == null) {
            anywhereReason = reason.get();
            anywhereFrame = frame;
        }
    }

    /**
     * @param passText          what a pass verified, given the instances checked
     * @param notApplicableText why nothing applied
     */
    public Verdict verdict(final LongFunction<String> passText, final String notApplicableText) {
        final Map<Evidence, Boolean> counted = new LinkedHashMap<>();
        String reason = null;
        long reasonFrame = 0;
        for (final Direction d : byDirection.directions()) {
            final Evidence e = byDirection.find(d);
            if (e.checked() == 0 && e.inconclusiveReason() == null) {
                continue;
            }
            final String why = whyNotJudged(d);
            if (why == null) {
                counted.put(e, true);
            } else if (violationsCertainAnywhere && e.violations() > 0 && !needsStartButMissing(d)) {
                counted.put(e, false);
            } else if (reason == null) {
                reason = why;
                reasonFrame = d.firstFrame();
            }
        }
        return combine(counted, reason, reasonFrame, passText, notApplicableText);
    }

    private boolean needsStartButMissing(final Direction d) {
        return needsStart && !d.observedFromStart();
    }

    private String whyNotJudged(final Direction d) {
        if (!judgedAt.accepts(d.side())) {
            return requirementId + " is judged at " + judgedAt.description() + "; for " + d.label() + " the capture is at "
                + d.side().description() + " (" + d.sideReason() + ")";
        }
        if (needsStartButMissing(d)) {
            return "the capture starts after " + d.label() + " did (" + d.midConnectionReason() + "), and "
                + requirementId + " needs its beginning";
        }
        return null;
    }

    /** The counted evidence of every direction, added up. */
    private static final class Tally {
        long checked;
        long violations;
        Evidence first;
        final TreeSet<Long> violating = new TreeSet<>();
        final TreeSet<Long> examined = new TreeSet<>();
        String inconclusive;
        long inconclusiveFrame;

        void add(final Evidence e, final boolean whole) {
            if (e.violations() > 0) {
                violations += e.violations();
                checked += e.checked();
                violating.addAll(e.frames());
                if (first == null || e.firstViolationFrame() < first.firstViolationFrame()) {
                    first = e;
                }
            } else if (whole) {
                checked += e.checked();
                examined.addAll(e.frames());
            }
            if (inconclusive == null && e.inconclusiveReason() != null) {
                inconclusive = e.inconclusiveReason();
                inconclusiveFrame = e.inconclusiveFrame();
            }
        }
    }

    private Verdict combine(final Map<Evidence, Boolean> counted, final String reason, final long reasonFrame,
                            final LongFunction<String> passText, final String notApplicableText) {
        final Tally t = new Tally();
        counted.forEach(t::add);
        if (t.violations > 0) {
            final String more = t.violations > 1 ? " (" + (t.violations - 1) + " more of " + t.checked + " checked)" : "";
            return new Verdict(requirementId, Outcome.FAIL, cap(t.violating), t.first.firstViolation() + more, t.checked,
                t.violations);
        }
        if (t.checked > 0) {
            return new Verdict(requirementId, Outcome.PASS, cap(t.examined), passText.apply(t.checked), t.checked, 0);
        }
        if (reason != null || t.inconclusive != null) {
            final String text = reason != null ? reason : t.inconclusive;
            final long frame = reason != null ? reasonFrame : t.inconclusiveFrame;
            return new Verdict(requirementId, Outcome.INCONCLUSIVE, frame > 0 ? List.of(frame) : List.of(), text, 0, 0);
        }
        if (anywhereReason != null) {
            return new Verdict(requirementId, Outcome.INCONCLUSIVE, List.of(anywhereFrame), anywhereReason, 0, 0);
        }
        return new Verdict(requirementId, Outcome.NOT_APPLICABLE, List.of(), notApplicableText, 0, 0);
    }

    private static List<Long> cap(final TreeSet<Long> frames) {
        final List<Long> out = new ArrayList<>(Evidence.MAX_FRAMES);
        for (final long f : frames) {
            if (out.size() == Evidence.MAX_FRAMES) {
                break;
            }
            out.add(f);
        }
        return out;
    }
}
