package org.mprt.ctk.verdict.failure;

import java.util.HashSet;
import java.util.Set;
import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.state.CaptureState;
import org.mprt.ctk.verdict.state.MessageRecord;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.StreamRecord;
import org.mprt.ctk.verdict.state.Timers;
import org.mprt.ctk.wire.mprt.MnethFlyweight;
import org.mprt.ctk.wire.mprt.MprtNakCode;
import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * MPRT-FAIL-008 (mprt-v0.1.md section 10.7): every message whose data a sender has begun to send on a
 * connection that does not enter ERROR is reported complete by the receiver (a stream record with a
 * CMSN beyond its MSN) by the end of the capture, provided some path of the connection made ACK
 * progress during the last (FAIL_RTO_COUNT + 2) x RTO_MAX of the capture and a receive buffer was
 * posted for each SEND; inconclusive when the capture ends less than (FAIL_RTO_COUNT + 2) x RTO_MAX
 * after the last transmission of a data packet of that message. Judged at the receiver's port.
 *
 * <p>Reading for a capture: judged after the last frame, on every message a captured data packet
 * carried; the last CMSN captured for its stream must be beyond it. A SEND answered by NAK
 * NO_RECEIVE_BUFFER may lack its receive buffer, and is not judged. The bound is widened by the
 * judging tolerance. Messages before the stream's first captured one are not judged.
 */
public final class NoDataLostRule extends BehaviourRule {

    private record Unposted(MprtDirection direction, int streamId, long msn) {
    }

    private final Timers timers;
    private final long boundNs;
    private final Set<Unposted> unposted = new HashSet<>();
    private CaptureState state;
    private long lastNs;

    public NoDataLostRule(final Timers timers) {
        super("MPRT-FAIL-008", JudgedAt.RECEIVER, false, false);
        this.timers = timers;
        this.boundNs = (timers.failRtoCount() + 2L) * timers.rtoMaxNs() + timers.judgingToleranceNs();
    }

    @Override
    public void observe(final Observation o) {
        state = o.state();
        lastNs = o.timestampNs();
        if (o.isMprtNak() && o.isAccountable() && unposted.size() < 4096) {
            final MnethFlyweight n = o.packet().extensions().mneth();
            if (n.nakCode() == MprtNakCode.NO_RECEIVE_BUFFER.code()) {
                unposted.add(new Unposted(o.mprtAnswered(), n.streamId(), n.msn()));
            }
        }
    }

    @Override
    protected void atEnd() {
        if (state == null) {
            return;
        }
        for (final MprtDirection d : state.mprtDirections()) {
            if (state.errorSinceNs(d) != Long.MIN_VALUE) {
                continue;
            }
            final boolean alive = d.lastProgressNs() != Long.MIN_VALUE && lastNs - d.lastProgressNs() <= boundNs;
            for (final StreamRecord s : d.streams()) {
                judge(d, s, alive);
            }
        }
    }

    private void judge(final MprtDirection d, final StreamRecord s, final boolean alive) {
        final MprtDirection.CmsnReport r = d.reported(s.streamId());
        final long cmsn = r == null ? 0 : r.cmsn();
        for (final MessageRecord m : s.messages()) {
            if (SerialNumber.precedes32(m.msn(), cmsn)) {
                evidence.of(d).conforming(m.firstFrame());
                continue;
            }
            if (unposted.contains(new Unposted(d, s.streamId(), m.msn()))) {
                continue;
            }
            final long quietNs = lastNs - m.lastNs();
            if (quietNs < boundNs) {
                evidence.of(d).inconclusive(m.firstFrame(), () -> "frame " + m.firstFrame() + ": the capture ends " + quietNs
                    + " ns after the last packet of stream " + s.streamId() + " MSN " + m.msn() + ", less than"
                    + " (FAIL_RTO_COUNT + 2) x RTO_MAX (" + boundNs + " ns)");
            } else if (!alive) {
                evidence.of(d).inconclusive(m.firstFrame(), () -> "frame " + m.firstFrame() + ": stream " + s.streamId()
                    + " MSN " + m.msn() + " is not reported complete, but no path of the connection made ACK progress"
                    + " during the last (FAIL_RTO_COUNT + 2) x RTO_MAX of the capture");
            } else {
                violationUnlessCut(state, d, m.firstFrame(), () -> "mprt.maeth.record.cmsn: stream " + s.streamId() + " MSN " + m.msn()
                    + ", begun at frame " + m.firstFrame() + " and last sent " + quietNs + " ns before the end of the"
                    + " capture, is never reported complete (latest CMSN " + (r == null ? "none" : cmsn + ", frame "
                    + r.frame()) + ") although the connection goes on making ACK progress");
            }
        }
    }

    @Override
    protected String passText(final long checked) {
        return checked + " messages begun in the capture were reported complete";
    }

    @Override
    protected String notApplicableText() {
        return "no MPRT message in the capture";
    }
}
