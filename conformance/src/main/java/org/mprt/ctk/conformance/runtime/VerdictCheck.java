package org.mprt.ctk.conformance.runtime;

import java.util.List;
import org.mprt.ctk.verdict.Outcome;
import org.mprt.ctk.verdict.Verdict;

/**
 * The three things a scenario's Then step can say about the verdict on one requirement: it passes;
 * it fails, and every frame it points at is of a kind the device under test sent; it fails with a
 * given explanation. A failed check says what was expected and what the verdict was, with its
 * frames and explanation, so that the report alone explains the failure.
 */
public final class VerdictCheck {

    private VerdictCheck() {
    }

    public static void passes(final Verdict verdict, final String where) {
        if (verdict.outcome() != Outcome.PASS) {
            throw new AssertionError(verdict.requirementId() + ": expected pass vs actual " + describe(verdict) + where);
        }
    }

    /** Fails, with every deciding frame sent by the device and of {@code kind}. */
    public static void failsAt(final Verdict verdict, final FrameKind kind, final DutLedger ledger, final String where) {
        failsAt(verdict, kind, true, ledger, where);
    }

    /**
     * Fails, with every deciding frame received by the device and of {@code kind}: how a rule of a
     * receiver points at what the device did not do in time (the data packets it owed an ACK).
     */
    public static void failsAtReceived(final Verdict verdict, final FrameKind kind, final DutLedger ledger,
                                       final String where) {
        failsAt(verdict, kind, false, ledger, where);
    }

    private static void failsAt(final Verdict verdict, final FrameKind kind, final boolean sent, final DutLedger ledger,
                                final String where) {
        final String verb = sent ? "sent" : "received";
        if (verdict.outcome() != Outcome.FAIL) {
            throw new AssertionError(verdict.requirementId() + ": expected fail at " + kind.plural()
                + " the device under test " + verb + " vs actual " + describe(verdict) + where);
        }
        if (verdict.frames().isEmpty()) {
            throw new AssertionError(verdict.requirementId() + ": expected the failure to name frames vs actual none: "
                + verdict.explanation() + where);
        }
        for (final long frame : verdict.frames()) {
            if (ledger.sentByDevice(frame) != sent || !kind.includes(ledger.kind(frame))) {
                throw new AssertionError(verdict.requirementId() + ": expected every failing frame to be one of the "
                    + kind.plural() + " the device under test " + verb + " vs actual frame " + frame + ", "
                    + (ledger.sentByDevice(frame) ? "sent" : "received") + " by the device, one of its "
                    + ledger.kind(frame).plural() + where);
            }
        }
    }

    public static void failsWith(final Verdict verdict, final String text, final String where) {
        if (verdict.outcome() != Outcome.FAIL || !verdict.explanation().contains(text)) {
            throw new AssertionError(verdict.requirementId() + ": expected fail with \"" + text + "\" vs actual "
                + describe(verdict) + where);
        }
    }

    /** {@code fail at frames [12, 14]: frame 12: ...}. */
    public static String describe(final Verdict verdict) {
        final List<Long> frames = verdict.frames();
        return verdict.outcome().word() + (frames.isEmpty() ? "" : " at frames " + frames) + ": " + verdict.explanation();
    }
}
