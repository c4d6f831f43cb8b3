package org.mprt.ctk.verdict.sack;

import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.JudgedWithoutTime;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.PathRecord;
import org.mprt.ctk.verdict.state.Presence;
import org.mprt.ctk.wire.mprt.MaethFlyweight;
import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * MPRT-SACK-003 (mprt-v0.1.md section 8.1): every PSN an ACK for path P acknowledges (by its cack or
 * a bitmap bit) that no earlier ACK for P acknowledged is one for which a data packet of P was
 * accepted before the ACK was sent, except the PSNs before a PROBE on P that the receiver answered
 * (abandoned by the resynchronisation). Judged at the receiver's port.
 *
 * <p>Reading for a capture: "accepted" is captured with a valid ICRC and not answered by a NAK since;
 * a PSN before the first new data packet captured on the path may have arrived before the capture
 * began and is not judged.
 */
@JudgedWithoutTime
public final class SackTruthRule extends BehaviourRule {

    private final long[] words = new long[MaethFlyweight.SACK_BITMAP_WORDS];

    public SackTruthRule() {
        super("MPRT-SACK-003", JudgedAt.RECEIVER, false, false);
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
        if (path == null) {
            return;
        }
        a.sackBitmap(words);
        final int cack = o.psn();
        // The PSNs up to the previous ACK's cack were acknowledged by it: only those after it can be new.
        int from = SerialNumber.add24(cack, -(PathRecord.WINDOW * 4 - 1));
        if (path.answers().hasAck()) {
            final int last = path.answers().lastCack();
            if (!SerialNumber.precedes24(last, cack)) {
                from = SerialNumber.add24(cack, 1);
            } else if (SerialNumber.distance24(last, cack) < PathRecord.WINDOW * 4) {
                from = SerialNumber.add24(last, 1);
            }
        }
        int judged = 0;
        for (int psn = from; psn != SerialNumber.add24(cack, 1); psn = SerialNumber.add24(psn, 1)) {
            final int v = judge(o, d, path, psn);
            if (v < 0) {
                return;
            }
            judged += v;
        }
        for (int w = 0; w < words.length; w++) {
            for (long bits = words[w]; bits != 0; bits &= bits - 1) {
                final int i = w * 64 + Long.numberOfLeadingZeros(bits);
                final int v = judge(o, d, path, SerialNumber.add24(cack, 1 + i));
                if (v < 0) {
                    return;
                }
                judged += v;
            }
        }
        if (judged > 0) {
            evidence.of(d).conforming(o.frameNumber());
        }
    }

    /** 1 when the PSN is newly acknowledged and had arrived, 0 when not judged, -1 after a violation. */
    private int judge(final Observation o, final MprtDirection d, final PathRecord path, final int psn) {
        if (path.lastAckAcknowledges(psn)
            || path.answers().isResynced() && SerialNumber.precedes24(psn, path.answers().resyncPsn())) {
            return 0;
        }
        final String v = unfounded(path, psn);
        if (v == null) {
            return 1;
        }
        if (!v.isEmpty()) {
            evidence.of(d).violation(o.frameNumber(), v);
            return -1;
        }
        return 0;
    }

    /** Null when the PSN was accepted; empty when the capture cannot tell; else what is wrong. */
    private static String unfounded(final PathRecord path, final int psn) {
        final Presence p = path.captured(psn);
        if (p == Presence.UNKNOWN) {
            return "";
        }
        if (p == Presence.NO) {
            return claim(path, psn) + "which never arrived"
                + (path.hasData() ? " (highest arrived: " + path.highestPsn() + ")" : "");
        }
        final int slot = path.slot(psn);
        return path.isNakked(slot)
            ? claim(path, psn) + "whose packet (frame " + path.lastFrame(slot) + ") was answered by a NAK" : null;
    }

    /** Built only for a violation: an ACK that claims rightly builds no text. */
    private static String claim(final PathRecord path, final int psn) {
        return "mprt.maeth: acknowledges PSN " + psn + " of path " + path.pathId() + ", ";
    }

    @Override
    protected String passText(final long checked) {
        return checked + " ACKs acknowledge only PSNs whose data packets had arrived";
    }

    @Override
    protected String notApplicableText() {
        return "no MPRT ACK in the capture acknowledges anything new";
    }
}
