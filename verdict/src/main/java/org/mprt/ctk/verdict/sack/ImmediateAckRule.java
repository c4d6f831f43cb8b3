package org.mprt.ctk.verdict.sack;

import java.util.ArrayDeque;
import java.util.Iterator;
import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.rule.PerPath;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.PathRecord;
import org.mprt.ctk.verdict.state.Presence;
import org.mprt.ctk.verdict.state.Timers;
import org.mprt.ctk.wire.mprt.MaethFlyweight;
import org.mprt.ctk.wire.mprt.MdethFlyweight;
import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * MPRT-SACK-006 (mprt-v0.1.md section 8.2): within ACK_REQ_DELAY after a data packet is accepted on
 * path P with AckReq=1 or beyond a gap, or arrives on P as a duplicate, the receiver sends an ACK for
 * P that acknowledges that packet's PSN (for a duplicate, any ACK for P). Judged at the receiver's
 * port, where a data packet's capture is its arrival and an ACK's its transmission.
 *
 * <p>Reading for a capture: the receiver's cack when the packet arrives is rebuilt from its latest
 * captured ACK for the path (or PSN -1 when the capture holds the path from PSN 0), a PROBE's
 * resynchronisation, and the arrivals captured since; the packet is beyond a gap when a PSN between
 * that cack and it is missing or was answered by a NAK. Where the capture cannot tell (a PSN before
 * it began, or forgotten), the packet is not judged. A packet answered by a NAK within ACK_REQ_DELAY
 * was not accepted and owes no ACK, unless it was a duplicate; nothing is owed on a connection in
 * ERROR. ACK_REQ_DELAY is widened by the judging tolerance, and a packet whose bound runs past the
 * end of the capture is not judged.
 */
public final class ImmediateAckRule extends BehaviourRule {

    /** How far the cack is walked forward; a path holds at most 256 PSNs beyond its cack. */
    private static final int WALK = 4 * PathRecord.WINDOW;

    private static final class Owed {
        final MprtDirection direction;
        final int pathId;
        final int psn;
        final boolean duplicate;
        /** The PSN missing before it, for an arrival beyond a gap; -1 for an AckReq or a duplicate. */
        final int missing;
        final long frame;
        final long ns;
        boolean nakked;
        /** Acknowledged in time: left in {@link #owed} until its bound passes, and passed over then. */
        boolean settled;

        Owed(final MprtDirection direction, final int pathId, final int psn, final boolean duplicate,
             final int missing, final long frame, final long ns) {
            this.direction = direction;
            this.pathId = pathId;
            this.psn = psn;
            this.duplicate = duplicate;
            this.missing = missing;
            this.frame = frame;
            this.ns = ns;
        }
    }

    private final Timers timers;
    /** Every ACK owed, oldest first, for the deadlines. */
    private final ArrayDeque<Owed> owed = new ArrayDeque<>();
    /**
     * The same by path, those not settled: an ACK or NAK looks only at its path's, where a pass over
     * every ACK owed would cost as much as the connections are many.
     */
    private final PerPath<ArrayDeque<Owed>> owedByPath = new PerPath<>(ArrayDeque::new);
    private final long[] words = new long[MaethFlyweight.SACK_BITMAP_WORDS];

    public ImmediateAckRule(final Timers timers) {
        super("MPRT-SACK-006", JudgedAt.RECEIVER, false, false);
        this.timers = timers;
    }

    @Override
    public void observe(final Observation o) {
        expire(o);
        if (!o.isMprt() || !o.isAccountable()) {
            return;
        }
        if (o.isMprtData()) {
            arrived(o);
        } else if (o.isMprtAck()) {
            acknowledged(o);
        } else if (o.isMprtNak()) {
            nakked(o);
        }
    }

    private void expire(final Observation o) {
        while (!owed.isEmpty() && o.timestampNs() - owed.peekFirst().ns > timers.ackReqBoundNs()) {
            final Owed w = owed.pollFirst();
            if (w.settled) {
                continue;
            }
            // The oldest unsettled ACK owed on its path, so at the head of its queue.
            owedByPath.of(w.direction, w.direction.path(w.pathId)).remove(w);
            if (w.nakked && !w.duplicate || o.state().isInError(w.direction, o.timestampNs())) {
                continue;
            }
            violationUnlessCut(o.state(), w.direction, w.frame, () -> "bth.psn: PSN " + w.psn + " arrived on path " + w.pathId + " "
                + trigger(w) + ", and no ACK for path " + w.pathId + (w.duplicate ? "" : " acknowledging it")
                + " followed within ACK_REQ_DELAY (" + timers.ackReqBoundNs() + " ns with the judging tolerance)");
        }
    }

    private void arrived(final Observation o) {
        final MdethFlyweight m = o.packet().extensions().mdeth();
        final MprtDirection d = o.mprtDirection();
        final PathRecord path = o.mprtPath();
        if (path == null || o.state().isInError(d, o.timestampNs())) {
            return;
        }
        final int psn = o.psn();
        final boolean duplicate = isDuplicate(path, psn);
        final int missing = duplicate ? -1 : missingBefore(d, path, psn);
        if (!duplicate && missing < 0 && o.packet().bth().ackReq() != 1) {
            return;
        }
        final Owed w = new Owed(d, m.pathId(), psn, duplicate, missing, o.frameNumber(), o.timestampNs());
        owed.addLast(w);
        owedByPath.of(d, path).addLast(w);
    }

    /** Why the arrival demanded an ACK at once; built only for a violation. */
    private static String trigger(final Owed w) {
        if (w.duplicate) {
            return "as a duplicate";
        }
        return w.missing >= 0 ? "beyond a gap (PSN " + w.missing + " had not arrived)" : "with bth.ack_req 1";
    }

    private static boolean isDuplicate(final PathRecord path, final int psn) {
        final int slot = path.slot(psn);
        if (slot >= 0 && !path.isNakked(slot)) {
            return true;
        }
        if (path.answers().isResynced() && SerialNumber.precedes24(psn, path.answers().resyncPsn())) {
            return true;
        }
        return path.lastAckAcknowledges(psn);
    }

    /**
     * What a walk found for a path: from cack + 1 up to (not including) {@code clearTo}, every PSN had
     * arrived or been acknowledged. While the path's NAKs and PROBE_REPLYs stay as they were then
     * (arrivals only add to what arrived, and the ring still holds the PSNs walked), the next arrival
     * on the path walks on from there instead of from the cack again: under the same ACK always, and
     * under a later ACK whose cack is not before the walk's when arrivals alone cleared those PSNs
     * (an ACK may take back what an earlier one acknowledged, never an arrival).
     */
    private static final class Walk {
        boolean recorded;
        int cack;
        int clearTo;
        long ackFrame;
        long naks;
        boolean resynced;
        int resyncPsn;
        /** True when some PSN walked was cleared by the ACK alone, not by a captured arrival. */
        boolean byAck;

        boolean holds(final PathRecord path, final int cackNow) {
            if (!recorded || naks != path.naks() || resynced != path.answers().isResynced()
                || resyncPsn != path.answers().resyncPsn() || !path.isWithinRing(SerialNumber.add24(cackNow, 1))) {
                return false;
            }
            if (ackFrame == path.answers().lastAckFrame()) {
                return cack == cackNow;
            }
            return !byAck && SerialNumber.precedesOrEquals24(cack, cackNow);
        }

        void record(final PathRecord path, final int cackNow, final int upTo, final boolean clearedByAck) {
            recorded = true;
            cack = cackNow;
            clearTo = upTo;
            ackFrame = path.answers().lastAckFrame();
            naks = path.naks();
            resynced = path.answers().isResynced();
            resyncPsn = path.answers().resyncPsn();
            byAck = clearedByAck;
        }
    }

    private final PerPath<Walk> walks = new PerPath<>(Walk::new);

    /** The first PSN between the receiver's cack and {@code psn} that has not arrived; -1 when none, or unknown. */
    private int missingBefore(final MprtDirection d, final PathRecord path, final int psn) {
        int cack;
        if (path.answers().hasAck()) {
            cack = path.answers().lastCack();
        } else if (!path.hasData() || path.lowestPsn() == 0) {
            cack = SerialNumber.MASK_24;
        } else {
            return -1;
        }
        if (path.answers().isResynced()) {
            final int resynced = SerialNumber.add24(path.answers().resyncPsn(), -1);
            cack = SerialNumber.precedes24(cack, resynced) ? resynced : cack;
        }
        if (!SerialNumber.precedes24(cack, psn)) {
            return -1;
        }
        final Walk walk = walks.of(d, path);
        int p = SerialNumber.add24(cack, 1);
        int n = 0;
        boolean byAck = false;
        if (walk.holds(path, cack) && SerialNumber.precedesOrEquals24(p, walk.clearTo)
            && SerialNumber.precedesOrEquals24(walk.clearTo, psn)) {
            n = SerialNumber.distance24(p, walk.clearTo);
            p = walk.clearTo;
            byAck = walk.byAck;
        }
        for (; p != psn && n < WALK; p = SerialNumber.add24(p, 1), n++) {
            final Presence there = path.captured(p);
            if (there == Presence.YES && !path.isNakked(path.slot(p))) {
                continue;
            }
            if (path.lastAckAcknowledges(p)) {
                byAck = true;
                continue;
            }
            if (there == Presence.UNKNOWN) {
                return -1;
            }
            walk.record(path, cack, p, byAck);
            return p;
        }
        if (p == psn) {
            walk.record(path, cack, psn, byAck);
        }
        return -1;
    }

    private void acknowledged(final Observation o) {
        final MaethFlyweight a = o.packet().extensions().maeth();
        final MprtDirection d = o.mprtAnswered();
        final ArrayDeque<Owed> onPath = o.mprtPath() == null ? null : owedByPath.find(d, o.mprtPath());
        if (onPath == null || onPath.isEmpty()) {
            return;
        }
        final int cack = o.psn();
        a.sackBitmap(words);
        for (final Iterator<Owed> i = onPath.iterator(); i.hasNext(); ) {
            final Owed w = i.next();
            if (w.duplicate || PathRecord.acknowledges(cack, words, w.psn)) {
                evidence.of(d).conforming(w.frame);
                w.settled = true;
                i.remove();
            }
        }
    }

    private void nakked(final Observation o) {
        final ArrayDeque<Owed> onPath = o.mprtPath() == null ? null : owedByPath.find(o.mprtAnswered(), o.mprtPath());
        if (onPath == null) {
            return;
        }
        for (final Owed w : onPath) {
            if (w.psn == o.psn()) {
                w.nakked = true;
            }
        }
    }

    @Override
    protected String passText(final long checked) {
        return checked + " arrivals with AckReq, beyond a gap or duplicate were acknowledged within ACK_REQ_DELAY";
    }

    @Override
    protected String notApplicableText() {
        return "no data packet with AckReq, beyond a gap or duplicate arrived in the capture";
    }
}
