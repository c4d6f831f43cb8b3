package org.mprt.ctk.verdict.rule;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.mprt.ctk.verdict.Outcome;
import org.mprt.ctk.verdict.Verdict;

/**
 * What a rule has seen for its requirement: how many instances it examined and which of them
 * violated it. Only the first violations keep their frame numbers and message, so that memory does
 * not grow with the capture.
 */
public final class Evidence {

    /** Frames kept per verdict; the count of violations stays exact beyond it. */
    public static final int MAX_FRAMES = 20;

    private final String requirementId;
    /** The first frames kept, in a plain array: counting an instance then touches this object only. */
    private final long[] frames = new long[MAX_FRAMES];
    private int frameCount;
    private long checked;
    private long violations;
    private String firstViolation;
    private String inconclusiveReason;
    private long inconclusiveFrame;

    public Evidence(final String requirementId) {
        this.requirementId = requirementId;
    }

    public String requirementId() {
        return requirementId;
    }

    /** One instance examined and found conforming. */
    public void conforming(final long frameNumber) {
        checked++;
        if (violations == 0 && frameCount < MAX_FRAMES) {
            frames[frameCount++] = frameNumber;
        }
    }

    /**
     * One instance examined and found violating. The message should read as a full sentence after
     * "frame N: ", naming the field, the expected and the actual value.
     */
    public void violation(final long frameNumber, final String message) {
        checked++;
        if (violations == 0) {
            frameCount = 0;
            firstViolation = "frame " + frameNumber + ": " + message;
        }
        violations++;
        if (frameCount < MAX_FRAMES) {
            frames[frameCount++] = frameNumber;
        }
    }

    /**
     * As {@link #violation(long, String)}, with the message made only when it is kept (the first
     * violation): a capture with a violation or a doubt on every packet would otherwise format
     * millions of sentences to keep one.
     */
    public void violation(final long frameNumber, final Supplier<String> message) {
        violation(frameNumber, violations == 0 ? message.get() : null);
    }

    /** The requirement applies but this capture cannot decide it; the first reason is kept. */
    public void inconclusive(final long frameNumber, final String reason) {
        if (inconclusiveReason == null) {
            inconclusiveReason = reason;
            inconclusiveFrame = frameNumber;
        }
    }

    /** As {@link #inconclusive(long, String)}, with the reason made only when it is kept (the first). */
    public void inconclusive(final long frameNumber, final Supplier<String> reason) {
        if (inconclusiveReason == null) {
            inconclusive(frameNumber, reason.get());
        }
    }

    public long checked() {
        return checked;
    }

    public long violations() {
        return violations;
    }

    /** "frame N: message" of the first violation, or null. */
    public String firstViolation() {
        return firstViolation;
    }

    /** The frame of the first violation; 0 when there is none. */
    public long firstViolationFrame() {
        return violations > 0 ? frames[0] : 0;
    }

    /** The frames kept: the violating ones once there is a violation, else the first examined ones. */
    public List<Long> frames() {
        final List<Long> kept = new ArrayList<>(frameCount);
        for (int i = 0; i < frameCount; i++) {
            kept.add(frames[i]);
        }
        return List.copyOf(kept);
    }

    public String inconclusiveReason() {
        return inconclusiveReason;
    }

    public long inconclusiveFrame() {
        return inconclusiveFrame;
    }

    /**
     * The verdict: FAIL on any violation; PASS when something was checked; INCONCLUSIVE when the
     * rule recorded why it could not decide; NOT_APPLICABLE otherwise.
     *
     * @param passText          what was verified, e.g. "142 data packets carry UDP destination port 4791"
     * @param notApplicableText why nothing applied, e.g. "no MPRT data packet in the capture"
     */
    public Verdict verdict(final String passText, final String notApplicableText) {
        if (violations > 0) {
            final String more = violations > 1 ? " (" + (violations - 1) + " more of " + checked + " checked)" : "";
            return new Verdict(requirementId, Outcome.FAIL, frames(), firstViolation + more, checked, violations);
        }
        if (checked > 0) {
            return new Verdict(requirementId, Outcome.PASS, frames(), passText, checked, 0);
        }
        if (inconclusiveReason != null) {
            return new Verdict(requirementId, Outcome.INCONCLUSIVE,
                inconclusiveFrame > 0 ? List.of(inconclusiveFrame) : List.of(), inconclusiveReason, 0, 0);
        }
        return new Verdict(requirementId, Outcome.NOT_APPLICABLE, List.of(), notApplicableText, 0, 0);
    }
}
