package org.mprt.ctk.verdict.rule;

import java.util.function.Supplier;
import org.mprt.ctk.verdict.Verdict;
import org.mprt.ctk.verdict.state.CaptureState;
import org.mprt.ctk.verdict.state.Direction;

/**
 * A rule about what a node does over time, judged per connection direction against the state the
 * earlier frames left ({@link Observation#state()}). Its evidence is kept per direction, because
 * where the capture stands for each direction is settled only after the last frame
 * ({@link SidedEvidence}).
 */
public abstract class BehaviourRule extends Rule {

    protected final SidedEvidence evidence;

    /**
     * @param judgedAt                  where the requirement is judged (mprt-v0.1.md section 16.3)
     * @param violationsCertainAnywhere true when a violation seen from any capture point is one
     * @param needsStart                true when the rule decides only on directions the capture holds from their start
     */
    protected BehaviourRule(final String requirementId, final JudgedAt judgedAt, final boolean violationsCertainAnywhere,
                            final boolean needsStart) {
        this.evidence = new SidedEvidence(requirementId, judgedAt, violationsCertainAnywhere, needsStart);
    }

    @Override
    public final String requirementId() {
        return evidence.requirementId();
    }

    /** What a pass verified, e.g. "12 retransmissions keep their PSN". */
    protected abstract String passText(long checked);

    /** Why nothing applied, e.g. "no retransmission in the capture". */
    protected abstract String notApplicableText();

    /**
     * Records a violation that rests on having seen every answer of the connection, unless the capture
     * cut frames short before their headers ended ({@link CaptureState#cutFrames()}): an ACK among them
     * may have said what the violation says never came, so the instance is recorded as not judged.
     * The message is made only when the direction's evidence keeps it ({@link Evidence#violation(long, Supplier)}).
     */
    protected final void violationUnlessCut(final CaptureState state, final Direction d, final long frame,
                                            final Supplier<String> message) {
        if (state.cutFrames() == 0) {
            evidence.of(d).violation(frame, message);
        } else {
            evidence.of(d).inconclusive(frame, () -> "frame " + frame + ": " + message.get() + "; but the capture cut "
                + state.cutFrames() + " frames short before their headers ended (a snap length), and an answer"
                + " among them may have said otherwise");
        }
    }

    /**
     * Called once after the last frame, before the verdict, with the state settled: what the rule
     * could only decide at the end of the capture (a deadline the capture outlasted, a message never
     * reported complete) is recorded here. Nothing by default.
     */
    protected void atEnd() {
    }

    @Override
    public final Verdict verdict() {
        atEnd();
        return evidence.verdict(this::passText, notApplicableText());
    }
}
