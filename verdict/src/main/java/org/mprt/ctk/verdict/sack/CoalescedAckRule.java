package org.mprt.ctk.verdict.sack;

import java.util.ArrayDeque;
import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.rule.PerPath;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.PathRecord;
import org.mprt.ctk.verdict.state.RingSlots;
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

    /** An ACK owed for a count of arrivals that reached ACK_COALESCE_COUNT: one at most per path at a time. */
    private static final class Owed {
        final PathDebt debt;
        final int psn;
        final long frame;
        final long deadlineNs;
        boolean nakked;
        /** Acknowledged in time: counted, and passed over when its deadline comes. */
        boolean settled;

        Owed(final PathDebt debt, final int psn, final long frame, final long deadlineNs) {
            this.debt = debt;
            this.psn = psn;
            this.frame = frame;
            this.deadlineNs = deadlineNs;
        }
    }

    /**
     * What one path owes: its arrivals count since its last ACK, its arrivals not reported yet (oldest
     * first, each with the number {@link #arrivals} gave it), and its counts owed an ACK. The arrivals
     * are kept in primitive rings rather than as an object each: every data packet owes a report, and
     * an object per packet, touched again only at an ACK or at its deadline, would be a cache miss there.
     */
    private static final class PathDebt {
        final MprtDirection direction;
        final PathRecord path;
        int sinceAck;
        long[] number = new long[16];
        int[] psn = new int[16];
        long[] frame = new long[16];
        boolean[] nakked = new boolean[16];
        int head;
        int size;
        final ArrayDeque<Owed> counts = new ArrayDeque<>();

        PathDebt(final MprtDirection direction, final PathRecord path) {
            this.direction = direction;
            this.path = path;
        }

        int at(final int k) {
            return (head + k) & (psn.length - 1);
        }

        void add(final long n, final int p, final long f) {
            if (size == psn.length) {
                final int length = size * 2;
                number = RingSlots.grown(number, head, size, length);
                psn = RingSlots.grown(psn, head, size, length);
                frame = RingSlots.grown(frame, head, size, length);
                nakked = RingSlots.grown(nakked, head, size, length);
            }
            final int i = at(size++);
            number[i] = n;
            psn[i] = p;
            frame[i] = f;
            nakked[i] = false;
        }

        void removeOldest() {
            head = at(1);
            size--;
        }
    }

    private final Timers timers;
    /**
     * Every arrival owed a report, in arrival order, which is deadline order: its path's debt, its
     * number and its deadline. An arrival reported in time has left its path's ring and is passed
     * over here when its deadline comes.
     */
    private PathDebt[] dueDebt = new PathDebt[64];
    private long[] dueNumber = new long[64];
    private long[] dueNs = new long[64];
    private int dueHead;
    private int dueSize;
    private long arrivals;
    /** Counts that reached ACK_COALESCE_COUNT, owed an ACK, in deadline order. */
    private final ArrayDeque<Owed> counts = new ArrayDeque<>();
    private final PerPath<PathDebt> debts = new PerPath<>();
    private final long[] words = new long[MaethFlyweight.SACK_BITMAP_WORDS];

    public CoalescedAckRule(final Timers timers) {
        super("MPRT-SACK-007", JudgedAt.RECEIVER, false, false);
        this.timers = timers;
    }

    @Override
    public void observe(final Observation o) {
        expireReports(o);
        expireCounts(o);
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

    private void expireReports(final Observation o) {
        while (dueSize > 0 && o.timestampNs() > dueNs[dueHead]) {
            final PathDebt debt = dueDebt[dueHead];
            final long number = dueNumber[dueHead];
            dueDebt[dueHead] = null;
            dueHead = (dueHead + 1) & (dueDebt.length - 1);
            dueSize--;
            // Unreported, it is the oldest its path still owes: every older arrival's deadline came first.
            if (debt.size == 0 || debt.number[debt.head] != number) {
                continue;
            }
            final int psn = debt.psn[debt.head];
            final long frame = debt.frame[debt.head];
            final boolean nakked = debt.nakked[debt.head];
            debt.removeOldest();
            if (nakked || o.state().isInError(debt.direction, o.timestampNs())) {
                continue;
            }
            violationUnlessCut(o.state(), debt.direction, frame, () -> "bth.psn: PSN " + psn + " arrived on path "
                + debt.path.pathId() + " and no ACK for the path reported it within ACK_COALESCE_DELAY ("
                + timers.ackCoalesceBoundNs() + " ns with the judging tolerance)");
        }
    }

    private void expireCounts(final Observation o) {
        while (!counts.isEmpty() && o.timestampNs() > counts.peekFirst().deadlineNs) {
            final Owed w = counts.pollFirst();
            if (w.settled) {
                continue;
            }
            w.debt.counts.remove(w);
            if (w.nakked || o.state().isInError(w.debt.direction, o.timestampNs())) {
                continue;
            }
            violationUnlessCut(o.state(), w.debt.direction, w.frame, () -> "mprt.maeth.path_id: the "
                + timers.ackCoalesceCount() + "th data packet on path " + w.debt.path.pathId()
                + " since its previous ACK arrived (PSN " + w.psn + "), and no ACK for path " + w.debt.path.pathId()
                + " followed within ACK_REQ_DELAY (" + timers.ackReqBoundNs() + " ns with the judging tolerance)");
        }
    }

    private void arrived(final Observation o) {
        final MprtDirection d = o.mprtDirection();
        final PathRecord path = o.mprtPath();
        if (path == null || o.state().isInError(d, o.timestampNs())) {
            return;
        }
        final int psn = o.psn();
        final PathDebt debt = debt(d, path);
        final long number = arrivals++;
        debt.add(number, psn, o.frameNumber());
        due(debt, number, o.timestampNs() + timers.ackCoalesceBoundNs());
        if (++debt.sinceAck == timers.ackCoalesceCount()) {
            final Owed count = new Owed(debt, psn, o.frameNumber(), o.timestampNs() + timers.ackReqBoundNs());
            counts.addLast(count);
            debt.counts.addLast(count);
        }
    }

    private PathDebt debt(final MprtDirection d, final PathRecord path) {
        PathDebt debt = debts.find(d, path);
        if (debt == null) {
            debt = new PathDebt(d, path);
            debts.put(d, path, debt);
        }
        return debt;
    }

    private void due(final PathDebt debt, final long number, final long deadlineNs) {
        if (dueSize == dueDebt.length) {
            final int length = dueSize * 2;
            dueDebt = RingSlots.grown(dueDebt, dueHead, dueSize, length);
            dueNumber = RingSlots.grown(dueNumber, dueHead, dueSize, length);
            dueNs = RingSlots.grown(dueNs, dueHead, dueSize, length);
        }
        final int i = (dueHead + dueSize++) & (dueDebt.length - 1);
        dueDebt[i] = debt;
        dueNumber[i] = number;
        dueNs[i] = deadlineNs;
    }

    private void acknowledged(final Observation o) {
        final MaethFlyweight a = o.packet().extensions().maeth();
        final MprtDirection d = o.mprtAnswered();
        final PathRecord path = o.mprtPath();
        if (path == null) {
            return;
        }
        final PathDebt debt = debt(d, path);
        debt.sinceAck = 0;
        final int cack = o.psn();
        a.sackBitmap(words);
        settleReports(debt, cack);
        for (final Owed w : debt.counts) {
            evidence.of(debt.direction).conforming(w.frame);
            w.settled = true;
        }
        debt.counts.clear();
    }

    /** Counts each arrival the ACK reports, oldest first, and keeps the others in order. */
    private void settleReports(final PathDebt debt, final int cack) {
        int kept = 0;
        for (int k = 0; k < debt.size; k++) {
            final int i = debt.at(k);
            if (PathRecord.acknowledges(cack, words, debt.psn[i])) {
                evidence.of(debt.direction).conforming(debt.frame[i]);
                continue;
            }
            final int to = debt.at(kept++);
            debt.number[to] = debt.number[i];
            debt.psn[to] = debt.psn[i];
            debt.frame[to] = debt.frame[i];
            debt.nakked[to] = debt.nakked[i];
        }
        debt.size = kept;
    }

    private void nakked(final Observation o) {
        final MprtDirection d = o.mprtAnswered();
        final PathRecord path = o.mprtPath();
        final PathDebt debt = path == null ? null : debts.find(d, path);
        if (debt == null) {
            return;
        }
        for (int k = 0; k < debt.size; k++) {
            if (debt.psn[debt.at(k)] == o.psn()) {
                debt.nakked[debt.at(k)] = true;
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
