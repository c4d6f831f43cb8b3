package org.mprt.ctk.verdict.stream;

import java.util.IdentityHashMap;
import java.util.Map;
import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.MprtOpcodes;
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
 * answered by a NAK since its last report, and a connection in ERROR, are not judged.
 */
public final class RecordInclusionRule extends BehaviourRule {

    private final Timers timers;
    private final Map<StreamRecord, long[]> nakked = new IdentityHashMap<>();

    public RecordInclusionRule(final Timers timers) {
        super("MPRT-STREAM-006", JudgedAt.RECEIVER, false, false);
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
        if (MprtOpcodes.isNak(o.packet())) {
            final StreamRecord s = o.state().mprtAnswered(o.packet()).stream(o.packet().extensions().mneth().streamId());
            if (s != null) {
                nakked.computeIfAbsent(s, k -> new long[1])[0] = o.frameNumber();
            }
            return;
        }
        if (!MprtOpcodes.isAck(o.packet())) {
            return;
        }
        final MaethFlyweight a = o.packet().extensions().maeth();
        final int records = Math.min(a.recordCount(), MaethFlyweight.MAX_RECORDS);
        final MprtDirection d = o.state().mprtAnswered(o.packet());
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
            if (!SerialNumber.precedes32(last, owed) || nak != null && nak[0] > (r == null ? 0 : r.frame())) {
                continue;
            }
            final long carried = carried(a, records, s.streamId());
            if (carried != StreamRecord.UNKNOWN && SerialNumber.precedes32(last, carried)) {
                evidence.of(d).conforming(o.frameNumber());
            } else {
                violationUnlessCut(o.state(), d, o.frameNumber(), "mprt.maeth.record_count: " + records + " records, none reporting"
                    + " stream " + s.streamId() + (carried == StreamRecord.UNKNOWN ? "" : " beyond its CMSN " + carried)
                    + ", whose messages up to MSN " + SerialNumber.add32(owed, -1) + " had arrived whole (frame "
                    + s.frontierFrame() + ") more than ACK_REQ_DELAY before, while the last CMSN reported for it was "
                    + last + (r == null ? " (none reported yet)" : " (frame " + r.frame() + ")"));
                return;
            }
        }
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
