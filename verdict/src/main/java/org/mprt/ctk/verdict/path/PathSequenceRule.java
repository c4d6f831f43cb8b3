package org.mprt.ctk.verdict.path;

import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.Evidence;
import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.JudgedWithoutTime;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.PathRecord;
import org.mprt.ctk.verdict.state.Presence;
import org.mprt.ctk.wire.mprt.MdethFlyweight;
import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * MPRT-PATH-001 (mprt-v0.1.md section 4.2): on every path the first data packet carries PSN 0, and
 * each later one either the PSN after the highest sent on the path or, with R=1, a PSN already sent
 * on it; no PSN is skipped. Judged at the sender's port: elsewhere a lost packet looks like a skip.
 *
 * <p>Reading for a capture: a path whose first captured data packet is not PSN 0 may have begun
 * before the capture did, so its start is judged only when the capture is declared to hold every
 * connection from its first packet; the PSNs after its first captured one are judged all the same.
 * A re-spray onto the path (R=1 with the path's next PSN) is a next PSN. A new data packet (R=0)
 * that repeats a PSN breaks this rule as well as MPRT-LOSS-002.
 */
@JudgedWithoutTime
public final class PathSequenceRule extends BehaviourRule {

    /** Returned by {@link #violation} for a packet that conforms; null there means "cannot tell". */
    private static final String VALID = "";

    public PathSequenceRule() {
        super("MPRT-PATH-001", JudgedAt.SENDER, false, false);
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
        if (path == null) {
            return;
        }
        final Evidence e = evidence.of(d);
        final int psn = o.psn();
        if (!path.hasData()) {
            judgeFirst(o, e, m.pathId(), psn);
            return;
        }
        final String v = violation(path, psn, m.r() == 1);
        if (v == VALID) {
            e.conforming(o.frameNumber());
        } else if (v != null) {
            e.violation(o.frameNumber(), v);
        }
    }

    private static void judgeFirst(final Observation o, final Evidence e, final int pathId, final int psn) {
        if (psn == 0) {
            e.conforming(o.frameNumber());
        } else if (o.state().isFromConnectionStart()) {
            e.violation(o.frameNumber(), () -> "bth.psn: expected 0 on the first data packet of path " + pathId
                + " (the capture holds the connection from its start), found " + psn);
        } else {
            e.inconclusive(o.frameNumber(), () -> "frame " + o.frameNumber() + ": path " + pathId + " is captured from PSN "
                + psn + "; whether it began at PSN 0 is not in the capture");
        }
    }

    private static String violation(final PathRecord path, final int psn, final boolean retransmission) {
        final int highest = path.highestPsn();
        final int next = SerialNumber.add24(highest, 1);
        if (psn == next) {
            return VALID;
        }
        if (!SerialNumber.precedesOrEquals24(psn, highest)) {
            final int last = SerialNumber.add24(psn, -1);
            return "bth.psn: expected " + next + " (one more than PSN " + highest + ", the highest sent on path "
                + path.pathId() + ") or an earlier PSN with R=1, found " + psn + ": "
                + (last == next ? "PSN " + next + " is" : "PSNs " + next + " to " + last + " are") + " skipped";
        }
        final Presence sent = path.captured(psn);
        if (sent == Presence.UNKNOWN) {
            return null;
        }
        final int slot = path.slot(psn);
        if (retransmission) {
            return sent == Presence.YES ? VALID : "bth.psn: a retransmission (R=1) carries PSN " + psn
                + ", which was never sent on path " + path.pathId() + " (highest sent: " + highest + ")";
        }
        return sent == Presence.YES
            ? "mprt.mdeth.r: PSN " + psn + " was sent on path " + path.pathId() + " before (frame " + path.firstFrame(slot)
                + "), so this copy must be a retransmission with R=1, found R=0"
            : "bth.psn: expected " + next + " on a new data packet of path " + path.pathId() + ", found " + psn
                + ", a PSN skipped earlier";
    }

    @Override
    protected String passText(final long checked) {
        return checked + " data packets carry the PSN after the highest sent on their path, or R=1 with a PSN already sent";
    }

    @Override
    protected String notApplicableText() {
        return "no MPRT data packet in the capture";
    }
}
