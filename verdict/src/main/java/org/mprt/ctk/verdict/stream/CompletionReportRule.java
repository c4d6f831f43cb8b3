package org.mprt.ctk.verdict.stream;

import java.util.ArrayDeque;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.Map;
import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.rule.PerStream;
import org.mprt.ctk.verdict.state.MessageRecord;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.StreamRecord;
import org.mprt.ctk.verdict.state.Timers;
import org.mprt.ctk.wire.mprt.MaethFlyweight;
import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * MPRT-STREAM-005 (mprt-v0.1.md sections 6.1 and 6.2): once accepted data packets have carried every
 * byte of every message with MSN up to m of stream s, the receiver sends, within ACK_DELAY after the
 * last of them arrived, an ACK on that connection whose record for s carries a CMSN beyond m, even if
 * other streams of the connection have incomplete messages. Judged at the receiver's port.
 *
 * <p>Reading for a capture: the messages of s are followed from MSN 0, or from the first CMSN a
 * captured ACK reports for s when the capture begins later ({@link StreamRecord#frontier()}); each
 * time the captured arrivals complete the messages up to m, an ACK reporting a CMSN beyond m is owed
 * within ACK_DELAY (= ACK_COALESCE_DELAY, widened by the judging tolerance). Not judged: a debt on a
 * connection in ERROR; a debt for a stream one of whose packets was answered by a NAK since its
 * oldest incomplete message began (the packet was not accepted); a debt during which the receiver
 * sent ACKs full of 16 stream records (section 6.2 lets the streams that do not fit wait); a debt
 * whose bound runs past the end of the capture.
 */
public final class CompletionReportRule extends BehaviourRule {

    private static final class Owed {
        final MprtDirection direction;
        final StreamRecord stream;
        final long frontier;
        final long since;
        final long frame;
        final long ns;
        /** Reported in time: left in {@link #owed} until its bound passes, and passed over then. */
        boolean settled;

        Owed(final MprtDirection direction, final StreamRecord stream, final long frontier, final long since,
             final long frame, final long ns) {
            this.direction = direction;
            this.stream = stream;
            this.frontier = frontier;
            this.since = since;
            this.frame = frame;
            this.ns = ns;
        }
    }

    private final Timers timers;
    /** Every debt, oldest first, for the deadlines. */
    private final ArrayDeque<Owed> owed = new ArrayDeque<>();
    /**
     * The same debts by stream, those not settled: an ACK's record looks only at its stream's, where a
     * pass over every debt would cost as much as the connections are many.
     */
    private final PerStream<ArrayDeque<Owed>> owedByStream = new PerStream<>();
    /** Per stream: the frontier already turned into a debt. */
    private final PerStream<long[]> seen = new PerStream<>();
    /** Per stream: the frame of the latest NAK naming it. */
    private final Map<StreamRecord, long[]> nakked = new IdentityHashMap<>();
    /** Per direction: when the receiver last sent an ACK with 16 stream records. */
    private final Map<MprtDirection, long[]> fullAcks = new IdentityHashMap<>();
    private MprtDirection lastDirection;
    private int lastStream = -1;

    public CompletionReportRule(final Timers timers) {
        super("MPRT-STREAM-005", JudgedAt.RECEIVER, false, false);
        this.timers = timers;
    }

    @Override
    public void observe(final Observation o) {
        collectDebt();
        expire(o);
        if (!o.isMprt() || !o.isAccountable()) {
            return;
        }
        if (o.isMprtData()) {
            lastDirection = o.mprtDirection();
            lastStream = o.packet().extensions().mdeth().streamId();
        } else if (o.isMprtAck()) {
            reported(o);
        } else if (o.isMprtNak()) {
            final StreamRecord s = o.mprtAnswered().stream(o.packet().extensions().mneth().streamId());
            if (s != null) {
                nakked.computeIfAbsent(s, k -> new long[1])[0] = o.frameNumber();
            }
        }
    }

    /** The data packet before this frame may have completed messages: now the state shows it. */
    private void collectDebt() {
        if (lastDirection == null) {
            return;
        }
        final StreamRecord s = lastDirection.stream(lastStream);
        final MprtDirection d = lastDirection;
        lastDirection = null;
        if (s == null || !s.isFrontierKnown()) {
            return;
        }
        long[] before = seen.find(d, s.streamId());
        if (before == null) {
            before = new long[] {s.frontierBase(), Long.MIN_VALUE};
            seen.put(d, s.streamId(), before);
        }
        if (!SerialNumber.precedes32(before[0], s.frontier())) {
            return;
        }
        if (s.frontierNs() <= before[1]) {
            // Moved by a CMSN the receiver reported, not by an arrival: nothing new is owed.
            before[0] = s.frontier();
            return;
        }
        before[1] = s.frontierNs();
        final MessageRecord oldest = s.message(before[0]);
        final long since = oldest == null ? 0 : oldest.firstFrame();
        before[0] = s.frontier();
        final MprtDirection.CmsnReport r = d.reported(s.streamId());
        if (r != null && !SerialNumber.precedes32(r.cmsn(), s.frontier())) {
            return;
        }
        final Owed w = new Owed(d, s, s.frontier(), since, s.frontierFrame(), s.frontierNs());
        owed.addLast(w);
        ArrayDeque<Owed> ofStream = owedByStream.find(d, s.streamId());
        if (ofStream == null) {
            ofStream = new ArrayDeque<>();
            owedByStream.put(d, s.streamId(), ofStream);
        }
        ofStream.addLast(w);
    }

    private void expire(final Observation o) {
        while (!owed.isEmpty() && o.timestampNs() - owed.peekFirst().ns > timers.ackCoalesceBoundNs()) {
            final Owed w = owed.pollFirst();
            if (w.settled) {
                continue;
            }
            // The oldest unsettled debt of its stream, so at the head of its queue.
            owedByStream.find(w.direction, w.stream.streamId()).remove(w);
            final long[] nak = nakked.get(w.stream);
            final long[] full = fullAcks.get(w.direction);
            if (nak != null && nak[0] > w.since || full != null && full[0] >= w.ns
                || o.state().isInError(w.direction, o.timestampNs())) {
                continue;
            }
            final MprtDirection.CmsnReport r = w.direction.reported(w.stream.streamId());
            violationUnlessCut(o.state(), w.direction, w.frame, () -> "mprt.maeth.record.cmsn: the packet of frame " + w.frame
                + " completed stream " + w.stream.streamId() + " up to MSN " + SerialNumber.add32(w.frontier, -1)
                + ", and no ACK reported a CMSN of " + w.frontier + " or more within ACK_DELAY ("
                + timers.ackCoalesceBoundNs() + " ns with the judging tolerance); the stream's latest record "
                + (r == null ? "had never been sent" : "carried CMSN " + r.cmsn() + " (frame " + r.frame() + ")"));
        }
    }

    private void reported(final Observation o) {
        final MaethFlyweight a = o.packet().extensions().maeth();
        final MprtDirection d = o.mprtAnswered();
        final int records = Math.min(a.recordCount(), MaethFlyweight.MAX_RECORDS);
        if (records == MaethFlyweight.MAX_RECORDS) {
            fullAcks.computeIfAbsent(d, k -> new long[1])[0] = o.timestampNs();
        }
        for (int k = 0; k < records; k++) {
            final int streamId = a.recordStreamId(k);
            final long cmsn = a.recordCmsn(k);
            final ArrayDeque<Owed> ofStream = owedByStream.find(d, streamId);
            if (ofStream == null) {
                continue;
            }
            for (final Iterator<Owed> i = ofStream.iterator(); i.hasNext(); ) {
                final Owed w = i.next();
                if (SerialNumber.precedesOrEquals32(w.frontier, cmsn)) {
                    evidence.of(d).conforming(w.frame);
                    w.settled = true;
                    i.remove();
                }
            }
        }
    }

    @Override
    protected void atEnd() {
        collectDebt();
    }

    @Override
    protected String passText(final long checked) {
        return checked + " completions were reported in a stream record within ACK_DELAY";
    }

    @Override
    protected String notApplicableText() {
        return "no message completed in the capture";
    }
}
