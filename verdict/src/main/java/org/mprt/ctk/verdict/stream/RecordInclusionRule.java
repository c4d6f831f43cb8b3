package org.mprt.ctk.verdict.stream;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.function.Supplier;
import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.state.CaptureState;
import org.mprt.ctk.verdict.state.MessageRecord;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.Plane;
import org.mprt.ctk.verdict.state.StreamRecord;
import org.mprt.ctk.verdict.state.Timers;
import org.mprt.ctk.wire.mprt.MaethFlyweight;
import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * MPRT-STREAM-006 (mprt-v0.1.md section 6.2): an ACK that carries fewer than 16 stream records carries
 * a record for every stream of the connection whose CMSN has advanced beyond the value last reported
 * for it in an earlier ACK, counting only advances whose completing bytes arrived more than
 * ACK_REQ_DELAY before this ACK. Judged at the receiver's port.
 *
 * <p>Reading for a capture: a stream's CMSN is its completion frontier as the captured arrivals show
 * it ({@link StreamRecord#frontierAt(long)}), taken at the ACK's time minus ACK_REQ_DELAY (widened by
 * the judging tolerance); the value last reported is the latest captured record for the stream, or
 * 0 (section 5.1) when the capture holds the stream from MSN 0 and no record yet. The record must
 * report the advance: a CMSN beyond the value last reported. A stream one of whose packets was
 * answered by a NAK since its last report or since its oldest message not reported complete began
 * (the NAKed packet was not accepted, though the capture shows it arrive), and a connection in
 * ERROR, are not judged.
 *
 * <p>Answers sent at once on two planes reach the capture in an order the receiver did not choose
 * (mprt-v0.1.md section 16.3, simultaneous answers): an ACK that leaves a stream out is held against
 * the receiver only when no ACK of the connection on another plane, captured less than
 * SIMULTANEITY after it, carries the record.
 */
public final class RecordInclusionRule extends BehaviourRule {

    /** An ACK that left a stream's advance out, held until SIMULTANEITY has passed. */
    private record Omission(MprtDirection direction, Plane plane, int streamId, long lastCmsn, long frame, long ns,
                            CaptureState state, Supplier<String> message) {
    }

    private final Timers timers;
    private final long simultaneityNs;
    private final Map<StreamRecord, long[]> nakked = new IdentityHashMap<>();
    private final Deque<Omission> omissions = new ArrayDeque<>();

    public RecordInclusionRule(final Timers timers) {
        super("MPRT-STREAM-006", JudgedAt.RECEIVER, false, false);
        this.timers = timers;
        this.simultaneityNs = timers.simultaneityNs();
    }

    @Override
    public int kinds() {
        return FrameKind.ALL;
    }

    @Override
    public void observe(final Observation o) {
        settleBefore(o.timestampNs());
        if (!o.isMprt() || !o.isAccountable()) {
            return;
        }
        if (o.isMprtNak()) {
            final StreamRecord s = o.mprtAnswered().stream(o.packet().extensions().mneth().streamId());
            if (s != null) {
                nakked.computeIfAbsent(s, k -> new long[1])[0] = o.frameNumber();
            }
            return;
        }
        if (!o.isMprtAck()) {
            return;
        }
        final MaethFlyweight a = o.packet().extensions().maeth();
        final int records = Math.min(a.recordCount(), MaethFlyweight.MAX_RECORDS);
        final MprtDirection d = o.mprtAnswered();
        final Plane plane = o.state().planeOf(o.packet());
        excuse(d, plane, a, records, o.timestampNs());
        if (records == MaethFlyweight.MAX_RECORDS || o.state().isInError(d, o.timestampNs())) {
            return;
        }
        final long dueNs = o.timestampNs() - timers.ackReqBoundNs() - 1;
        for (final StreamRecord s : d.streams()) {
            final long owed = s.frontierAt(dueNs);
            final MprtDirection.CmsnReport r = d.reported(s.streamId());
            if (owed == StreamRecord.UNKNOWN || r == null && s.frontierBase() != 0) {
                continue;
            }
            final long last = r == null ? 0 : r.cmsn();
            final long[] nak = nakked.get(s);
            if (!SerialNumber.precedes32(last, owed) || nak != null && nak[0] > unreportedSince(s, last, r)) {
                continue;
            }
            final long carried = carried(a, records, s.streamId());
            if (carried != StreamRecord.UNKNOWN && SerialNumber.precedes32(last, carried)) {
                evidence.of(d).conforming(o.frameNumber());
            } else {
                // Most omissions are excused within SIMULTANEITY: the sentence is made only for one held against the receiver.
                final int streamId = s.streamId();
                final long frontierFrame = s.frontierFrame();
                omissions.addLast(new Omission(d, plane, streamId, last, o.frameNumber(), o.timestampNs(), o.state(),
                    () -> "mprt.maeth.record_count: " + records + " records, none reporting"
                    + " stream " + streamId + (carried == StreamRecord.UNKNOWN ? "" : " beyond its CMSN " + carried)
                    + ", whose messages up to MSN " + SerialNumber.add32(owed, -1) + " had arrived whole (frame "
                    + frontierFrame + ") more than ACK_REQ_DELAY before, while the last CMSN reported for it was "
                    + last + (r == null ? " (none reported yet)" : " (frame " + r.frame() + ")")));
                return;
            }
        }
    }

    /**
     * The frame since which a NAK naming the stream leaves it unjudged: the first captured packet of
     * its oldest message not yet reported complete (MSN {@code last}), or the last report when that is
     * earlier or the message is not held. A packet NAKed since then was not accepted (a SEND before its
     * receive buffer, say), though the capture shows its bytes arrive.
     */
    private static long unreportedSince(final StreamRecord s, final long last, final MprtDirection.CmsnReport r) {
        final long reportFrame = r == null ? 0 : r.frame();
        final MessageRecord oldest = s.message(last);
        return oldest == null ? reportFrame : Math.min(reportFrame, oldest.firstFrame());
    }

    /**
     * An omission is excused by an ACK of its connection on another plane, captured within
     * SIMULTANEITY of it, that carries the stream's advance: the two were sent at once.
     */
    private void excuse(final MprtDirection d, final Plane plane, final MaethFlyweight a, final int records,
                        final long ns) {
        for (final Iterator<Omission> i = omissions.iterator(); i.hasNext(); ) {
            final Omission m = i.next();
            if (m.direction() != d || m.plane() == plane || ns - m.ns() > simultaneityNs) {
                continue;
            }
            final long carried = carried(a, records, m.streamId());
            if (carried != StreamRecord.UNKNOWN && SerialNumber.precedes32(m.lastCmsn(), carried)) {
                evidence.of(d).conforming(m.frame());
                i.remove();
            }
        }
    }

    /** Holds against the receiver every omission that nothing captured within SIMULTANEITY excused. */
    private void settleBefore(final long ns) {
        while (!omissions.isEmpty() && ns - omissions.peekFirst().ns() > simultaneityNs) {
            final Omission m = omissions.removeFirst();
            violationUnlessCut(m.state(), m.direction(), m.frame(), m.message());
        }
    }

    @Override
    protected void atEnd() {
        settleBefore(Long.MAX_VALUE);
    }

    /** The CMSN this ACK carries for the stream, or UNKNOWN when it has no record for it. */
    private static long carried(final MaethFlyweight a, final int records, final int streamId) {
        for (int k = 0; k < records; k++) {
            if (a.recordStreamId(k) == streamId) {
                return a.recordCmsn(k);
            }
        }
        return StreamRecord.UNKNOWN;
    }

    @Override
    protected String passText(final long checked) {
        return checked + " ACKs with room for records carried the records of every stream whose CMSN had advanced";
    }

    @Override
    protected String notApplicableText() {
        return "no ACK in the capture was owed a stream record";
    }
}
