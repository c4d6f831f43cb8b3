package org.mprt.ctk.verdict.access;

import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.Evidence;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.RecentArrivals;
import org.mprt.ctk.verdict.state.Timers;
import org.mprt.ctk.wire.mprt.MnethFlyweight;
import org.mprt.ctk.wire.mprt.MprtNakCode;

/**
 * MPRT-SEC-006 (mprt-v0.1.md section 13.1): every MPRT_NAK answers a data packet that arrived at the
 * NAKing node on that connection at most ACK_REQ_DELAY before the NAK, and carries its path_id,
 * stream_id, MSN, message_offset and (in BTH.PSN) PSN. Judged at the NAKing node's port.
 *
 * <p>Reading for a capture: ACK_REQ_DELAY is widened by the judging tolerance. A fatal NAK that
 * answers a PROBE of the same path and PSN is accepted: a node in ERROR repeats its fatal NAK to
 * each further data packet or PROBE (MPRT-CONN-007), and a PROBE has no stream, MSN or offset to
 * repeat. A NAK whose window reaches back before the capture's first frame cannot be judged.
 */
public final class NakAnswerRule extends BehaviourRule {

    private final Timers timers;

    public NakAnswerRule(final Timers timers) {
        super("MPRT-SEC-006", JudgedAt.RECEIVER, false, false);
        this.timers = timers;
    }

    @Override
    public int kinds() {
        return FrameKind.MPRT_NAK.bit();
    }

    @Override
    public void observe(final Observation o) {
        if (!o.isMprtNak() || !o.isAccountable()) {
            return;
        }
        final MnethFlyweight n = o.packet().extensions().mneth();
        final MprtDirection d = o.mprtAnswered();
        final Evidence e = evidence.of(d);
        final long since = o.timestampNs() - timers.ackReqBoundNs();
        final int psn = o.psn();
        final long entry = d.recent().find(n.pathId(), psn, since);
        if (entry >= 0) {
            final String v = mismatch(d.recent(), entry, n);
            if (v == null) {
                e.conforming(o.frameNumber());
            } else {
                e.violation(o.frameNumber(), v);
            }
        } else if (entry == -1 && o.state().firstFrameNs() <= since) {
            e.violation(o.frameNumber(), () -> "bth.psn: the NAK (code 0x" + Integer.toHexString(n.nakCode()) + ") names PSN "
                + psn + " of path " + n.pathId() + ", but no data packet of that path and PSN arrived on the connection"
                + " within ACK_REQ_DELAY before it");
        } else {
            e.inconclusive(o.frameNumber(), () -> "frame " + o.frameNumber() + ": the packet the NAK answers may have arrived"
                + " before the capture began");
        }
    }

    private static String mismatch(final RecentArrivals recent, final long entry, final MnethFlyweight n) {
        final String where = " of the packet it answers (frame " + recent.frame(entry) + ")";
        if (recent.isProbe(entry)) {
            final MprtNakCode code = MprtNakCode.of(n.nakCode());
            return code != null && code.isFatal() ? null : MnethFlyweight.NAK_CODE.id()
                + ": a NAK answers a PROBE" + where + " only to repeat a fatal NAK, found code 0x"
                + Integer.toHexString(n.nakCode());
        }
        if (n.streamId() != recent.streamId(entry)) {
            return MnethFlyweight.STREAM_ID.id() + ": expected " + recent.streamId(entry) + where + ", found " + n.streamId();
        }
        if (n.msn() != recent.msn(entry)) {
            return MnethFlyweight.MSN.id() + ": expected " + recent.msn(entry) + where + ", found " + n.msn();
        }
        if (n.messageOffset() != recent.messageOffset(entry)) {
            return MnethFlyweight.MESSAGE_OFFSET.id() + ": expected " + recent.messageOffset(entry) + where + ", found "
                + n.messageOffset();
        }
        return null;
    }

    @Override
    protected String passText(final long checked) {
        return checked + " NAKs answer a data packet that had just arrived and repeat its identity";
    }

    @Override
    protected String notApplicableText() {
        return "no MPRT_NAK in the capture";
    }
}
