package org.mprt.ctk.verdict.loss;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.rule.PerPath;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.PathRecord;
import org.mprt.ctk.verdict.state.Timers;
import org.mprt.ctk.wire.mprt.MaethFlyweight;
import org.mprt.ctk.wire.mprt.MdethFlyweight;
import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * MPRT-LOSS-001 (mprt-v0.1.md sections 9.1 and 9.3): when an ACK for path P that reaches the sender
 * detects a data packet of P lost by SACK (it acknowledges at least LOSS_REORDER_THRESHOLD PSNs of P
 * first sent after that packet's latest transmission), the sender retransmits that packet on P,
 * with its PSN and R=1, before any new data packet on P. Judged at the sender's port, where an
 * ACK's capture is its arrival.
 *
 * <p>Reading for a capture: a packet answered by a NAK since its latest transmission (NO_RECEIVE_BUFFER
 * waits RNR_DELAY) and a packet abandoned with its path (a PROBE on it, or its data re-sprayed
 * elsewhere) need no retransmission on P. A new data packet captured within the judging tolerance
 * after the detecting ACK may have left before the ACK was processed, and is not held against the
 * sender.
 */
public final class SackRetransmitRule extends BehaviourRule {

    /** A loss the sender has to repair: the ACK that showed it and the later PSN it acknowledged. */
    private record Detection(long ackFrame, long ackNs, int laterPsn) {
    }

    private final Timers timers;
    /** Per path (by the PathRecord the state keeps for it): the PSNs detected lost, not yet resent. */
    private final PerPath<Map<Integer, Detection>> pending = new PerPath<>(LinkedHashMap::new);
    private final long[] words = new long[MaethFlyweight.SACK_BITMAP_WORDS];

    public SackRetransmitRule(final Timers timers) {
        super("MPRT-LOSS-001", JudgedAt.SENDER, false, false);
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
        if (o.isMprtAck()) {
            detect(o);
        } else if (o.isMprtData()) {
            judge(o);
        }
    }

    private void detect(final Observation o) {
        final MaethFlyweight a = o.packet().extensions().maeth();
        final MprtDirection d = o.mprtAnswered();
        final PathRecord path = o.mprtPath();
        if (path == null || !path.hasData()) {
            return;
        }
        a.sackBitmap(words);
        final int cack = o.psn();
        final int later = laterAcknowledged(path, cack);
        final Map<Integer, Detection> lost = pending.of(d, path);
        if (!lost.isEmpty()) {
            lost.keySet().removeIf(psn -> PathRecord.acknowledges(cack, words, psn));
        }
        if (later < 0) {
            return;
        }
        final long laterFirstNs = path.firstNs(path.slot(later));
        // Below the lowest unacknowledged PSN every captured PSN is acknowledged: nothing there is lost.
        final int span = path.unacknowledgedBack();
        // PSNs from the later one up were sent after it, when the path shows them in order: start below it.
        final int from = path.firstSentInPsnOrder() ? SerialNumber.distance24(later, path.highestPsn()) + 1 : 0;
        for (int back = from; back < span; back++) {
            final int psn = SerialNumber.add24(path.highestPsn(), -back);
            final int slot = path.slot(psn);
            // Sent since the later PSN was first sent (the packets in flight above it) fails first.
            if (slot >= 0 && path.lastNs(slot) < laterFirstNs && path.ackedFrame(slot) == 0 && !path.isAbandoned(slot)
                && !path.isNakked(slot) && !PathRecord.acknowledges(cack, words, psn)) {
                lost.putIfAbsent(psn, new Detection(o.frameNumber(), o.timestampNs(), later));
            }
        }
    }

    /**
     * The PSN whose first transmission is the LOSS_REORDER_THRESHOLD-th latest among those this ACK
     * acknowledges (first transmissions on a path go out in PSN order), or -1.
     */
    private int laterAcknowledged(final PathRecord path, final int cack) {
        int found = 0;
        // The PSNs above the highest this ACK acknowledges (those in flight) cannot count: the walk
        // starts at it. Only a near one is trusted, so that serial order holds from the cack to every PSN walked.
        final int top = PathRecord.highestAcknowledged(cack, words);
        final int above = SerialNumber.precedes24(top, path.highestPsn()) ? SerialNumber.distance24(top, path.highestPsn()) : 0;
        final int held = path.heldBack(path.highestPsn());
        for (int back = above < PathRecord.WINDOW * 4 ? above : 0; back < held; back++) {
            final int psn = SerialNumber.add24(path.highestPsn(), -back);
            final int slot = path.slot(psn);
            if (slot >= 0 && !path.isAbandoned(slot) && PathRecord.acknowledges(cack, words, psn)
                && ++found == timers.lossReorderThreshold()) {
                return psn;
            }
        }
        return -1;
    }

    private void judge(final Observation o) {
        final MdethFlyweight m = o.packet().extensions().mdeth();
        final MprtDirection d = o.mprtDirection();
        final PathRecord path = o.mprtPath();
        final Map<Integer, Detection> lost = path == null ? null : pending.find(d, path);
        if (path == null || lost == null || lost.isEmpty()) {
            return;
        }
        lost.keySet().removeIf(psn -> {
            final int slot = path.slot(psn);
            return slot < 0 || path.isAbandoned(slot) || path.ackedFrame(slot) != 0;
        });
        final int psn = o.psn();
        if (m.r() == 1) {
            if (lost.remove(psn) != null) {
                evidence.of(d).conforming(o.frameNumber());
            }
            return;
        }
        for (final Iterator<Map.Entry<Integer, Detection>> i = lost.entrySet().iterator(); i.hasNext(); ) {
            final Map.Entry<Integer, Detection> late = i.next();
            if (o.timestampNs() - late.getValue().ackNs() > timers.judgingToleranceNs()) {
                evidence.of(d).violation(o.frameNumber(), () -> "bth.psn: new PSN " + psn + " goes out on path " + m.pathId()
                    + " before the retransmission of PSN " + late.getKey() + ", which the ACK of frame "
                    + late.getValue().ackFrame() + " detected lost (it acknowledges PSN " + late.getValue().laterPsn()
                    + ", first sent after PSN " + late.getKey() + "'s latest transmission)");
                i.remove();
                return;
            }
        }
    }

    @Override
    protected String passText(final long checked) {
        return checked + " losses detected by SACK are retransmitted on their path before any new data";
    }

    @Override
    protected String notApplicableText() {
        return "no loss detected by SACK in the capture";
    }
}
