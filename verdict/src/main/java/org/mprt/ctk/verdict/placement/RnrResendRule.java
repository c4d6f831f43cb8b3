package org.mprt.ctk.verdict.placement;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.Timers;
import org.mprt.ctk.wire.mprt.MdethFlyweight;
import org.mprt.ctk.wire.mprt.MnethFlyweight;
import org.mprt.ctk.wire.mprt.MprtNakCode;

/**
 * MPRT-PLACE-005 (mprt-v0.1.md section 7.2): after a NAK NO_RECEIVE_BUFFER for a data packet reaches
 * the sender, the sender resends that packet on the same path with the same PSN and R=1 (or
 * re-sprays it if the path has become FAILED), not earlier than RNR_DELAY after the NAK arrived, and
 * does not retransmit it before then. Judged at the sender's port, where a NAK's capture is its
 * arrival.
 *
 * <p>Reading for a capture: the NAK names the packet by path_id, PSN, stream_id, MSN and
 * message_offset; its next copy is the data packet of the same path and PSN, or of the same stream,
 * MSN and offset on another path (a re-spray). RNR_DELAY is shortened by the judging tolerance.
 * Anywhere but at the sender's port the NAK is captured earlier and the copy later than at the
 * sender, so a copy seen too early, or without R=1, is a violation wherever it is seen. A NAK whose
 * packet the capture never shows again is left to MPRT-LOSS-006, which bounds how long it may wait.
 */
public final class RnrResendRule extends BehaviourRule {

    /** NAKs awaiting their resend at once; more than 64 paths could hold is never needed. */
    private static final int MAX_PENDING = 4096;

    private record Waiting(MprtDirection direction, int pathId, int psn, int streamId, long msn, long messageOffset,
                           long nakFrame, long nakNs) {
    }

    private final Timers timers;
    private final List<Waiting> waiting = new ArrayList<>();

    public RnrResendRule(final Timers timers) {
        super("MPRT-PLACE-005", JudgedAt.SENDER, true, false);
        this.timers = timers;
    }

    @Override
    public int kinds() {
        return FrameKind.MPRT;
    }

    @Override
    public void observe(final Observation o) {
        if (!o.isMprt() || !o.isAccountable()) {
            return;
        }
        if (o.isMprtNak()) {
            nakked(o);
        } else if (o.isMprtData() && !waiting.isEmpty()) {
            sentAgain(o);
        }
    }

    private void nakked(final Observation o) {
        final MnethFlyweight n = o.packet().extensions().mneth();
        if (n.nakCode() != MprtNakCode.NO_RECEIVE_BUFFER.code()) {
            return;
        }
        final MprtDirection d = o.mprtAnswered();
        final int psn = o.psn();
        waiting.removeIf(w -> w.direction == d && w.pathId == n.pathId() && w.psn == psn);
        if (waiting.size() < MAX_PENDING) {
            waiting.add(new Waiting(d, n.pathId(), psn, n.streamId(), n.msn(), n.messageOffset(), o.frameNumber(),
                o.timestampNs()));
        }
    }

    private void sentAgain(final Observation o) {
        final MdethFlyweight m = o.packet().extensions().mdeth();
        final MprtDirection d = o.mprtDirection();
        final int psn = o.psn();
        for (final Iterator<Waiting> i = waiting.iterator(); i.hasNext(); ) {
            final Waiting w = i.next();
            final boolean samePath = w.pathId == m.pathId() && w.psn == psn;
            final boolean resprayed = w.pathId != m.pathId() && w.streamId == m.streamId() && w.msn == m.msn()
                && w.messageOffset == m.messageOffset();
            if (w.direction != d || !samePath && !resprayed) {
                continue;
            }
            i.remove();
            final long waitedNs = o.timestampNs() - w.nakNs;
            final String copy = (samePath ? "the retransmission of PSN " + psn + " on path " + m.pathId()
                : "the re-spray onto path " + m.pathId() + " (PSN " + psn + ") of PSN " + w.psn + " of path " + w.pathId)
                + " (stream " + m.streamId() + " MSN " + m.msn() + " offset " + m.messageOffset() + ")";
            if (waitedNs < timers.rnrDelayNs() - timers.judgingToleranceNs()) {
                evidence.of(d).violation(o.frameNumber(), () -> "frame.time: " + copy + " goes out " + waitedNs
                    + " ns after the NAK NO_RECEIVE_BUFFER of frame " + w.nakFrame + ", earlier than RNR_DELAY ("
                    + timers.rnrDelayNs() + " ns, " + timers.judgingToleranceNs() + " ns judging tolerance)");
            } else if (m.r() != 1) {
                evidence.of(d).violation(o.frameNumber(), () -> MdethFlyweight.R.id() + ": expected 1 on " + copy
                    + ", resent after the NAK NO_RECEIVE_BUFFER of frame " + w.nakFrame + ", found 0");
            } else {
                evidence.of(d).conforming(o.frameNumber());
            }
            return;
        }
    }

    @Override
    protected void atEnd() {
        for (final Waiting w : waiting) {
            evidence.of(w.direction).inconclusive(w.nakFrame, () -> "frame " + w.nakFrame + ": the capture ends before PSN "
                + w.psn + " of path " + w.pathId + ", answered by NAK NO_RECEIVE_BUFFER, is sent again");
        }
    }

    @Override
    protected String passText(final long checked) {
        return checked + " packets answered by NAK NO_RECEIVE_BUFFER were resent with R=1 no earlier than RNR_DELAY";
    }

    @Override
    protected String notApplicableText() {
        return "no NAK NO_RECEIVE_BUFFER in the capture";
    }
}
