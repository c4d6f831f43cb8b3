package org.mprt.ctk.verdict.sack;

import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.MprtOpcodes;
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
public final class SackTruthRule extends BehaviourRule {

    private final long[] words = new long[4];

    public SackTruthRule() {
        super("MPRT-SACK-003", JudgedAt.RECEIVER, false, false);
    }

    @Override
    public void observe(final Observation o) {
        if (!o.isMprt() || !o.isAccountable() || !MprtOpcodes.isAck(o.packet())) {
            return;
        }
        final MaethFlyweight a = o.packet().extensions().maeth();
        final MprtDirection d = o.state().mprtAnswered(o.packet());
        final PathRecord path = d.path(a.pathId());
        if (path == null) {
            return;
        }
        for (int w = 0; w < words.length; w++) {
            words[w] = a.sackBitmapWord(w);
        }
        final int cack = o.packet().bth().psn();
        int judged = 0;
        for (int back = PathRecord.WINDOW * 4 - 1; back >= -PathRecord.WINDOW; back--) {
            final int psn = SerialNumber.add24(cack, -back);
            if (!PathRecord.acknowledges(cack, words, psn) || path.lastAckAcknowledges(psn)
                || path.answers().isResynced() && SerialNumber.precedes24(psn, path.answers().resyncPsn())) {
                continue;
            }
            final String v = unfounded(path, psn);
            if (v == null) {
                judged++;
            } else if (!v.isEmpty()) {
                evidence.of(d).violation(o.frameNumber(), v);
                return;
            }
        }
        if (judged > 0) {
            evidence.of(d).conforming(o.frameNumber());
        }
    }

    /** Null when the PSN was accepted; empty when the capture cannot tell; else what is wrong. */
    private static String unfounded(final PathRecord path, final int psn) {
        final Presence p = path.captured(psn);
        if (p == Presence.UNKNOWN) {
            return "";
        }
        final String claim = "mprt.maeth: acknowledges PSN " + psn + " of path " + path.pathId() + ", ";
        if (p == Presence.NO) {
            return claim + "which never arrived" + (path.hasData() ? " (highest arrived: " + path.highestPsn() + ")" : "");
        }
        final int slot = path.slot(psn);
        return path.isNakked(slot) ? claim + "whose packet (frame " + path.lastFrame(slot) + ") was answered by a NAK" : null;
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
