package org.mprt.ctk.verdict.cc;

import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.PathRecord;
import org.mprt.ctk.verdict.state.Timers;
import org.mprt.ctk.wire.mprt.MdethFlyweight;

/**
 * MPRT-CC-001 (mprt-v0.1.md section 11.1): until the first ACK progress on a path, at the start of the
 * connection and again after the path is readmitted (section 10.6), the bytes in flight on that path
 * never exceed INIT_CWND. Judged at the sender's port.
 *
 * <p>Reading for a capture: bytes in flight as {@link PathRecord#inFlightBytes()} counts them, with
 * the packet being sent. The start is judged on a path captured from PSN 0, the readmission on a
 * path whose data the capture shows abandoned (a PROBE, or its data re-sprayed). INIT_CWND is in
 * PMTU, and the connection's PMTU is not on the wire: the rule takes the PMTU the PICS declares (the
 * largest the connection can have), or 4096 without one, so that it never holds a sender to a
 * smaller window than its own.
 */
public final class InitialWindowRule extends BehaviourRule {

    private final long initCwndBytes;
    private final Timers timers;

    /**
     * @param pmtuBytes the largest PMTU the connection can have
     */
    public InitialWindowRule(final Timers timers, final int pmtuBytes) {
        super("MPRT-CC-001", JudgedAt.SENDER, false, false);
        this.timers = timers;
        this.initCwndBytes = (long) timers.initCwndPmtu() * pmtuBytes;
    }

    @Override
    public int kinds() {
        return FrameKind.MPRT_DATA.bit();
    }

    @Override
    public void observe(final Observation o) {
        if (!o.isMprtData() || !o.isAccountable()) {
            return;
        }
        final MdethFlyweight m = o.packet().extensions().mdeth();
        final MprtDirection d = o.mprtDirection();
        final PathRecord path = o.mprtPath();
        final int psn = o.psn();
        if (path == null || (path.hasData() ? !path.isAwaitingFirstProgress() : psn != 0)) {
            return;
        }
        final int slot = path.slot(psn);
        final boolean counted = slot >= 0 && path.isInFlight(slot);
        final long inFlight = path.inFlightBytes() + (counted ? 0 : o.packet().payloadLength());
        if (inFlight > initCwndBytes) {
            evidence.of(d).violation(o.frameNumber(), () -> "bth.psn: PSN " + psn + " brings the bytes in flight on path "
                + m.pathId() + " to " + inFlight + " before its " + (path.abandonedNs() == PathRecord.NEVER
                ? "first ACK progress" : "first ACK progress since it was readmitted") + ", more than INIT_CWND ("
                + timers.initCwndPmtu() + " PMTU = " + initCwndBytes + " bytes)");
        } else {
            evidence.of(d).conforming(o.frameNumber());
        }
    }

    @Override
    protected String passText(final long checked) {
        return checked + " data packets sent before their path's first ACK progress kept within INIT_CWND";
    }

    @Override
    protected String notApplicableText() {
        return "no data packet sent before its path's first ACK progress in the capture";
    }
}
