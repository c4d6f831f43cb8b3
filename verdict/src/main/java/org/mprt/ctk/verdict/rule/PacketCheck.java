package org.mprt.ctk.verdict.rule;

import java.util.function.Supplier;
import org.mprt.ctk.verdict.Verdict;
import org.mprt.ctk.wire.FieldSpec;
import org.mprt.ctk.wire.Profile;
import org.mprt.ctk.wire.decode.DecodeStatus;

/**
 * A rule that judges packets one at a time, with no memory of earlier ones: each packet the rule
 * applies to either conforms or yields one violation sentence.
 */
@JudgedWithoutTime
public abstract class PacketCheck extends Rule {

    private final Evidence evidence;
    private final String subject;
    private final Profile structuralProfile;
    private final FieldSpec[] structuralFields;
    /** Packets the capture could not decide for a reason the rule stated ({@link #notJudged}). */
    private long notJudged;

    /**
     * @param requirementId the requirement decided
     * @param subject       what the rule examines, in the plural, e.g. "MPRT data packets"
     */
    protected PacketCheck(final String requirementId, final String subject) {
        this(requirementId, subject, null);
    }

    /**
     * For a requirement that the decoder already enforces on some fields: a frame of this profile
     * whose decoding stopped at one of them violates it, with the decoder's sentence.
     */
    protected PacketCheck(final String requirementId, final String subject, final Profile structuralProfile,
                          final FieldSpec... structuralFields) {
        this.evidence = new Evidence(requirementId);
        this.subject = subject;
        this.structuralProfile = structuralProfile;
        this.structuralFields = structuralFields;
    }

    /**
     * The frame kinds {@link #appliesTo} can accept, as {@link FrameKind} bits; every kind by default.
     * A check that the decoder enforces on some fields also sees the frames whose decoding stopped.
     */
    protected int judgedKinds() {
        return FrameKind.ALL;
    }

    @Override
    public final int kinds() {
        return judgedKinds() | (structuralFields.length > 0 ? FrameKind.OTHER.bit() : 0);
    }

    /** Whether this packet is of the kind the requirement speaks of. */
    protected abstract boolean appliesTo(Observation o);

    /**
     * Null when the packet conforms; {@link #NOT_JUDGED} when the capture lacks the bytes to tell (a
     * packet cut by the snap length), so that it counts neither way; otherwise what is wrong,
     * naming field, expected and actual value.
     */
    protected abstract String violation(Observation o);

    /** Returned by {@link #violation} for a packet that cannot be judged; compared by identity. */
    @SuppressWarnings("StringOperationCanBeSimplified")
    protected static final String NOT_JUDGED = new String("not judged");

    /**
     * For {@link #violation}: the capture cannot tell whether this packet conforms, for a reason a
     * person should read (the first is kept and reported, and only it is made); returns {@link #NOT_JUDGED}.
     */
    protected final String notJudged(final Observation o, final Supplier<String> reason) {
        notJudged++;
        evidence.inconclusive(o.frameNumber(), reason);
        return NOT_JUDGED;
    }

    @Override
    public final String requirementId() {
        return evidence.requirementId();
    }

    /**
     * Each concrete check overrides this with {@code judge(o)}: inlined into a method of the final class
     * itself, {@link #appliesTo} and {@link #violation} are bound to that class and inlined too, where
     * here they would be one call site shared by every check (two megamorphic calls per check per packet).
     */
    @Override
    public void observe(final Observation o) {
        judge(o);
    }

    /**
     * Judges one frame: the decoder's structural verdict, or whether it applies and what it violates.
     * A packet whose ICRC does not match is not judged (mprt-v0.1.md section 16.3): its bytes may have
     * been changed on the way, and the ICRC requirement alone says whether its sender is to blame.
     */
    protected final void judge(final Observation o) {
        if (structuralFields.length > 0 && o.status() == DecodeStatus.MALFORMED) {
            for (final FieldSpec field : structuralFields) {
                if (o.isMalformedAt(field) && o.profileHint() == structuralProfile) {
                    if (o.isIcrcWrong()) {
                        notJudged(o, () -> IcrcWrong.reason(o));
                    } else {
                        evidence.violation(o.frameNumber(), () -> o.packet().error().message());
                    }
                    return;
                }
            }
            return;
        }
        if (!appliesTo(o)) {
            return;
        }
        if (o.status() == DecodeStatus.ICRC_MISMATCH) {
            notJudged(o, () -> IcrcWrong.reason(o));
            return;
        }
        final String v = violation(o);
        if (v == NOT_JUDGED) {
            return;
        }
        if (v == null) {
            evidence.conforming(o.frameNumber());
        } else {
            evidence.violation(o.frameNumber(), v);
        }
    }

    @Override
    public final Verdict verdict() {
        return evidence.verdict(evidence.checked() + " " + subject + " checked; all conform"
                + (notJudged > 0 ? "; " + notJudged + " not judged, the first because " + evidence.inconclusiveReason() : ""),
            "no " + subject + " in the capture");
    }
}
