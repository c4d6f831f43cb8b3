package org.mprt.ctk.verdict.path;

import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.PathRecord;
import org.mprt.ctk.verdict.state.Timers;
import org.mprt.ctk.wire.mprt.MdethFlyweight;

/**
 * MPRT-PATH-005 (mprt-v0.1.md sections 10.3 and 10.4): a sender sends no new data packet on a path
 * that has had unacknowledged data packets, and no ACK progress and no NAK for it, during the last
 * RTO_MAX: such a path has had an RTO expiry and is not ACTIVE. Judged at the sender's port.
 *
 * <p>Reading for a capture: the path has had unacknowledged data since the captured data packet
 * that found it with none acknowledged or abandoned ({@link PathRecord#unacknowledgedSinceNs()});
 * ACK progress and NAKs are the captured ones. A new data packet (R=0) is a violation when both
 * stretches exceed RTO_MAX widened by the judging tolerance. A stretch that began before the
 * capture is measured from the capture's first packet of the path, so it looks shorter, never
 * longer.
 */
public final class SilentPathRule extends BehaviourRule {

    private final Timers timers;

    public SilentPathRule(final Timers timers) {
        super("MPRT-PATH-005", JudgedAt.SENDER, false, false);
        this.timers = timers;
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
        if (m.r() == 1) {
            return;
        }
        final MprtDirection d = o.mprtDirection();
        final PathRecord path = o.mprtPath();
        if (path == null) {
            return;
        }
        final long bound = timers.rtoMaxNs() + timers.judgingToleranceNs();
        final long since = path.unacknowledgedSinceNs();
        final long silentNs = o.timestampNs() - Math.max(since, path.lastProgressOrNakNs());
        if (since != PathRecord.NEVER && silentNs > bound) {
            violationUnlessCut(o.state(), d, o.frameNumber(), () -> "mprt.mdeth.path_id: new data (PSN " + o.psn()
                + ") on path " + m.pathId() + ", which has had " + path.unacknowledged() + " unacknowledged data packets"
                + " and no ACK progress or NAK for " + silentNs + " ns, more than RTO_MAX (" + bound
                + " ns with the judging tolerance)" + (path.lastProgressNs() == PathRecord.NEVER ? ""
                : "; last ACK progress: frame " + path.lastProgressFrame()));
        } else {
            evidence.of(d).conforming(o.frameNumber());
        }
    }

    @Override
    protected String passText(final long checked) {
        return checked + " new data packets went to paths that had answered within RTO_MAX";
    }

    @Override
    protected String notApplicableText() {
        return "no new MPRT data packet in the capture";
    }
}
