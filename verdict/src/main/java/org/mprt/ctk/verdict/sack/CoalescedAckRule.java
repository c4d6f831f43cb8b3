package org.mprt.ctk.verdict.sack;

import java.util.ArrayDeque;
import java.util.Iterator;
import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.rule.PerPath;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.PathRecord;
import org.mprt.ctk.verdict.state.Timers;
import org.mprt.ctk.wire.mprt.MaethFlyweight;

/**
 * MPRT-SACK-007 (mprt-v0.1.md section 8.2): a receiver reports every data packet it accepts on path P
 * in an ACK for P sent within ACK_COALESCE_DELAY after its arrival, and when ACK_COALESCE_COUNT data
 * packets have arrived on P since P's previous ACK it sends an ACK for P within ACK_REQ_DELAY after
 * the last of them. Judged at the receiver's port.
 *
 * <p>Reading for a capture: "reports" is "acknowledges its PSN" (by cack or SACK bit). A packet
 * answered by a NAK before its bound was not accepted and is owed nothing; a count whose packets
 * include one answered by a NAK is not judged; nothing is owed on a connection in ERROR. The count
 * starts at the capture's first ACK for the path when the capture begins after the path did (it
 * then counts fewer packets than the receiver did, never more). Both bounds are widened by the
 * judging tolerance; a bound that runs past the end of the capture is not judged.
 */
public final class CoalescedAckRule extends BehaviourRule {

    /**
     * A report or an ACK owed. Recycled once its deadline has passed ({@link #spare}): a data packet
     * owes one, and fresh objects, touched again only at their deadline hundreds of packets later,
     * would each be a cache miss then.
     */
    private static final class Owed {
        MprtDirection direction;
        PathRecord path;
        PathDebt debt;
        int psn;
        boolean count;
        long frame;
        long deadlineNs;
        boolean nakked;
        /** Acknowledged in time: counted, and passed over when its deadline comes. */
        boolean settled;

        Owed set(final MprtDirection direction, final PathRecord path, final PathDebt debt, final int psn,
                 final boolean count, final long frame, final long deadlineNs) {
            this.direction = direction;
            this.path = path;
            this.debt = debt;
            this.psn = psn;
            this.count = count;
            this.frame = frame;
            this.deadlineNs = deadlineNs;
            this.nakked = false;
            this.settled = false;
            return this;
        }
    }

    private final Timers timers;
    /** Arrivals owed a report, in deadline order (settled ones are dropped when their deadline comes). */
    private final ArrayDeque<Owed> reports = new ArrayDeque<>();
    /** Counts that reached ACK_COALESCE_COUNT, owed an ACK, in deadline order. */
    private final ArrayDeque<Owed> counts = new ArrayDeque<>();
    /** Per path: its arrivals count since its last ACK, and what it owes, so that an ACK looks at its own path only. */
    private final PerPath<PathDebt> debts = new PerPath<>(PathDebt::new);

    private static final class PathDebt {
        int sinceAck;
        final ArrayDeque<Owed> reports = new ArrayDeque<>();
        final ArrayDeque<Owed> counts = new ArrayDeque<>();

        ArrayDeque<Owed> of(final boolean count) {
            return count ? counts : reports;
        }
    }
    private final long[] words = new long[MaethFlyweight.SACK_BITMAP_WORDS];
    /** Owed objects whose deadline has passed, for reuse: in neither queue any more. */
    private final ArrayDeque<Owed> spare = new ArrayDeque<>();

    public CoalescedAckRule(final Timers timers) {
        super("MPRT-SACK-007", JudgedAt.RECEIVER, false, false);
        this.timers = timers;
    }

    @Override
    public void observe(final Observation o) {
        expire(o, reports);
        expire(o, counts);
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

    private void expire(final Observation o, final ArrayDeque<Owed> queue) {
        while (!queue.isEmpty() && o.timestampNs() > queue.peekFirst().deadlineNs) {
            final Owed w = queue.pollFirst();
            spare.addLast(w);
            if (w.settled) {
                continue;
            }
            w.debt.of(w.count).remove(w);
            if (w.nakked || o.state().isInError(w.direction, o.timestampNs())) {
                continue;
            }
            violationUnlessCut(o.state(), w.direction, w.frame, () -> w.count
                ? "mprt.maeth.path_id: the " + timers.ackCoalesceCount() + "th data packet on path " + w.path.pathId()
                    + " since its previous ACK arrived (PSN " + w.psn + "), and no ACK for path " + w.path.pathId()
                    + " followed within ACK_REQ_DELAY (" + timers.ackReqBoundNs() + " ns with the judging tolerance)"
                : "bth.psn: PSN " + w.psn + " arrived on path " + w.path.pathId() + " and no ACK for the path reported it"
                    + " within ACK_COALESCE_DELAY (" + timers.ackCoalesceBoundNs() + " ns with the judging tolerance)");
        }
    }

    private void arrived(final Observation o) {
        final MprtDirection d = o.mprtDirection();
        final PathRecord path = o.mprtPath();
        if (path == null || o.state().isInError(d, o.timestampNs())) {
            return;
        }
        final int psn = o.psn();
        final PathDebt debt = debts.of(d, path);
        final Owed report = owed().set(d, path, debt, psn, false, o.frameNumber(),
            o.timestampNs() + timers.ackCoalesceBoundNs());
        reports.addLast(report);
        debt.reports.addLast(report);
        if (++debt.sinceAck == timers.ackCoalesceCount()) {
            final Owed count = owed().set(d, path, debt, psn, true, o.frameNumber(), o.timestampNs() + timers.ackReqBoundNs());
            counts.addLast(count);
            debt.counts.addLast(count);
        }
    }

    private Owed owed() {
        return spare.isEmpty() ? new Owed() : spare.pollLast();
    }

    private void acknowledged(final Observation o) {
        final MaethFlyweight a = o.packet().extensions().maeth();
        final MprtDirection d = o.mprtAnswered();
        final PathRecord path = o.mprtPath();
        if (path == null) {
            return;
        }
        final PathDebt debt = debts.of(d, path);
        debt.sinceAck = 0;
        final int cack = o.psn();
        a.sackBitmap(words);
        settle(debt.reports, cack, true);
        settle(debt.counts, cack, false);
    }

    private void settle(final ArrayDeque<Owed> queue, final int cack, final boolean mustCover) {
        for (final Iterator<Owed> i = queue.iterator(); i.hasNext(); ) {
            final Owed w = i.next();
            if (!mustCover || PathRecord.acknowledges(cack, words, w.psn)) {
                evidence.of(w.direction).conforming(w.frame);
                w.settled = true;
                i.remove();
            }
        }
    }

    private void nakked(final Observation o) {
        final MprtDirection d = o.mprtAnswered();
        final PathRecord path = o.mprtPath();
        final PathDebt debt = path == null ? null : debts.find(d, path);
        if (debt == null) {
            return;
        }
        for (final Owed w : debt.reports) {
            if (w.psn == o.psn()) {
                w.nakked = true;
            }
        }
        for (final Owed w : debt.counts) {
            w.nakked = true;
        }
    }

    @Override
    protected String passText(final long checked) {
        return checked + " arrivals and arrival counts were acknowledged within ACK_COALESCE_DELAY and ACK_REQ_DELAY";
    }

    @Override
    protected String notApplicableText() {
        return "no data packet arrived in the capture";
    }
}
