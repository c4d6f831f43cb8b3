package org.mprt.ctk.verdict.sack;

import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.Evidence;
import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.JudgedWithoutTime;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.PathRecord;
import org.mprt.ctk.wire.mprt.MaethFlyweight;
import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * MPRT-SACK-004 (mprt-v0.1.md section 8.1): a receiver never renegues: every ACK for path P
 * acknowledges whatever the previous ACK for P acknowledged, so the cack never moves back, not even
 * when a PROBE resynchronises the path. Judged at the receiver's port: ACKs of one path may leave
 * from different UDP source ports and overtake each other on the way.
 *
 * <p>Each ACK is compared with the one before it for the same path, which acknowledged everything
 * the ones before it did if the receiver conforms; the first captured ACK of a path has nothing to
 * be compared with.
 */
@JudgedWithoutTime
public final class NoRenegingRule extends BehaviourRule {

    private final long[] words = new long[MaethFlyweight.SACK_BITMAP_WORDS];
    private final long[] previous = new long[4];

    public NoRenegingRule() {
        super("MPRT-SACK-004", JudgedAt.RECEIVER, false, false);
    }

    @Override
    public int kinds() {
        return FrameKind.MPRT_ACK.bit();
    }

    @Override
    public void observe(final Observation o) {
        if (!o.isMprtAck() || !o.isAccountable()) {
            return;
        }
        final MaethFlyweight a = o.packet().extensions().maeth();
        final MprtDirection d = o.mprtAnswered();
        final PathRecord path = o.mprtPath();
        if (path == null || !path.answers().hasAck()) {
            return;
        }
        final Evidence e = evidence.of(d);
        final int cack = o.psn();
        final int before = path.answers().lastCack();
        if (SerialNumber.precedes24(cack, before)) {
            e.violation(o.frameNumber(), () -> "bth.psn: the cack of path " + a.pathId() + " moves back from " + before
                + " (frame " + path.answers().lastAckFrame() + ") to " + cack);
            return;
        }
        a.sackBitmap(words);
        final int reneged = reneged(path, before, cack);
        if (reneged >= 0) {
            e.violation(o.frameNumber(), () -> "mprt.maeth.sack_bitmap: PSN " + reneged + " of path " + a.pathId()
                + ", acknowledged by the ACK of frame " + path.answers().lastAckFrame() + ", is no longer acknowledged (cack "
                + cack + ", bit " + (SerialNumber.distance24(cack, reneged) - 1) + " clear)");
            return;
        }
        e.conforming(o.frameNumber());
    }

    /** The lowest PSN the previous ACK acknowledged that this one does not, or -1. */
    private int reneged(final PathRecord path, final int before, final int cack) {
        for (int w = 0; w < previous.length; w++) {
            previous[w] = path.answers().lastBitmapWord(w);
        }
        return PathRecord.firstUnacknowledged(before, previous, cack, words);
    }

    @Override
    protected String passText(final long checked) {
        return checked + " ACKs acknowledge everything the previous ACK of their path did";
    }

    @Override
    protected String notApplicableText() {
        return "no path with two ACKs in the capture";
    }
}
