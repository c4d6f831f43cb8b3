package org.mprt.ctk.verdict.sack;

import java.util.ArrayDeque;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.Map;
import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.MprtOpcodes;
import org.mprt.ctk.verdict.state.PathRecord;
import org.mprt.ctk.verdict.state.Timers;
import org.mprt.ctk.wire.mprt.MaethFlyweight;
import org.mprt.ctk.wire.mprt.MnethFlyweight;

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

    private static final class Owed {
        final MprtDirection direction;
        final PathRecord path;
        final int psn;
        final boolean count;
        final long frame;
        final long deadlineNs;
        boolean nakked;

        Owed(final MprtDirection direction, final PathRecord path, final int psn, final boolean count, final long frame,
             final long deadlineNs) {
            this.direction = direction;
            this.path = path;
            this.psn = psn;
            this.count = count;
            this.frame = frame;
            this.deadlineNs = deadlineNs;
        }
    }

    private final Timers timers;
    /** Arrivals owed a report, in deadline order. */
    private final ArrayDeque<Owed> reports = new ArrayDeque<>();
    /** Counts that reached ACK_COALESCE_COUNT, owed an ACK, in deadline order. */
    private final ArrayDeque<Owed> counts = new ArrayDeque<>();
    private final Map<PathRecord, int[]> sinceAck = new IdentityHashMap<>();
    private final long[] words = new long[4];

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
        if (MprtOpcodes.isData(o.packet())) {
            arrived(o);
        } else if (MprtOpcodes.isAck(o.packet())) {
            acknowledged(o);
        } else if (MprtOpcodes.isNak(o.packet())) {
            nakked(o);
        }
    }

    private void expire(final Observation o, final ArrayDeque<Owed> queue) {
        while (!queue.isEmpty() && o.timestampNs() > queue.peekFirst().deadlineNs) {
            final Owed w = queue.pollFirst();
            if (w.nakked || o.state().isInError(w.direction, o.timestampNs())) {
                continue;
            }
            violationUnlessCut(o.state(), w.direction, w.frame, w.count
                ? "mprt.maeth.path_id: the " + timers.ackCoalesceCount() + "th data packet on path " + w.path.pathId()
                    + " since its previous ACK arrived (PSN " + w.psn + "), and no ACK for path " + w.path.pathId()
                    + " followed within ACK_REQ_DELAY (" + timers.ackReqBoundNs() + " ns with the judging tolerance)"
                : "bth.psn: PSN " + w.psn + " arrived on path " + w.path.pathId() + " and no ACK for the path reported it"
                    + " within ACK_COALESCE_DELAY (" + timers.ackCoalesceBoundNs() + " ns with the judging tolerance)");
        }
    }

    private void arrived(final Observation o) {
        final int pathId = o.packet().extensions().mdeth().pathId();
        final MprtDirection d = o.state().mprtDirectionOf(o.packet());
        final PathRecord path = d.path(pathId);
        if (path == null || o.state().isInError(d, o.timestampNs())) {
            return;
        }
        final int psn = o.packet().bth().psn();
        reports.addLast(new Owed(d, path, psn, false, o.frameNumber(), o.timestampNs() + timers.ackCoalesceBoundNs()));
        final int[] n = sinceAck.computeIfAbsent(path, p -> new int[1]);
        if (++n[0] == timers.ackCoalesceCount()) {
            counts.addLast(new Owed(d, path, psn, true, o.frameNumber(), o.timestampNs() + timers.ackReqBoundNs()));
        }
    }

    private void acknowledged(final Observation o) {
        final MaethFlyweight a = o.packet().extensions().maeth();
        final MprtDirection d = o.state().mprtAnswered(o.packet());
        final PathRecord path = d.path(a.pathId());
        if (path == null) {
            return;
        }
        sinceAck.computeIfAbsent(path, p -> new int[1])[0] = 0;
        final int cack = o.packet().bth().psn();
        for (int w = 0; w < words.length; w++) {
            words[w] = a.sackBitmapWord(w);
        }
        settle(reports, path, cack, true);
        settle(counts, path, cack, false);
    }

    private void settle(final ArrayDeque<Owed> queue, final PathRecord path, final int cack, final boolean mustCover) {
        for (final Iterator<Owed> i = queue.iterator(); i.hasNext(); ) {
            final Owed w = i.next();
            if (w.path == path && (!mustCover || PathRecord.acknowledges(cack, words, w.psn))) {
                evidence.of(w.direction).conforming(w.frame);
                i.remove();
            }
        }
    }

    private void nakked(final Observation o) {
        final MnethFlyweight n = o.packet().extensions().mneth();
        final MprtDirection d = o.state().mprtAnswered(o.packet());
        final PathRecord path = d.path(n.pathId());
        for (final Owed w : reports) {
            if (w.path == path && w.psn == o.packet().bth().psn()) {
                w.nakked = true;
            }
        }
        for (final Owed w : counts) {
            if (w.path == path) {
                w.nakked = true;
            }
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
