package org.mprt.ctk.verdict.loss;

import java.util.HashSet;
import java.util.Set;
import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.PathRecord;
import org.mprt.ctk.verdict.state.Timers;
import org.mprt.ctk.wire.mprt.MdethFlyweight;
import org.mprt.ctk.wire.mprt.MnethFlyweight;
import org.mprt.ctk.wire.mprt.MprtNakCode;
import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * MPRT-LOSS-005 (mprt-v0.1.md sections 9.1 to 9.3): a sender retransmits a data packet on its path
 * only when an ACK that reached it detected the packet lost by SACK, or when the packet is the
 * oldest unacknowledged one of its path and at least RTO_MIN has passed since both its previous
 * transmission and the path's last ACK progress or NAK, or after a NAK NO_RECEIVE_BUFFER
 * (MPRT-PLACE-005). Judged at the sender's port, where the ACKs captured before a retransmission are
 * those that reached the sender before it.
 *
 * <p>Reading for a capture: a retransmission is a data packet with a PSN captured before on the
 * same path. Detected lost: the captured ACKs acknowledge at least LOSS_REORDER_THRESHOLD PSNs of the
 * path first sent after the packet's latest transmission (first transmissions on a path go out in
 * PSN order). Oldest: no older PSN of the path captured and neither acknowledged nor abandoned;
 * PSNs before the capture began count as acknowledged. RTO_MIN is shortened by the judging
 * tolerance. A packet the captured ACKs had already acknowledged is never due, unless its copy was
 * captured within the judging tolerance after the ACK: then it may have left before the sender had
 * processed that ACK (a software sender on a busy host does so milliseconds late), and it is not held
 * against the sender, as MPRT-LOSS-001 does not hold new data sent so soon after a detecting ACK.
 */
public final class RetransmissionCauseRule extends BehaviourRule {

    private record Nakked(PathRecord path, int psn) {
    }

    private final Timers timers;
    /** PSNs answered by NAK NO_RECEIVE_BUFFER since their latest transmission. */
    private final Set<Nakked> noReceiveBuffer = new HashSet<>();

    public RetransmissionCauseRule(final Timers timers) {
        super("MPRT-LOSS-005", JudgedAt.SENDER, false, false);
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
        if (o.isMprtNak()) {
            final MnethFlyweight n = o.packet().extensions().mneth();
            final PathRecord path = o.mprtPath();
            if (path != null && n.nakCode() == MprtNakCode.NO_RECEIVE_BUFFER.code() && noReceiveBuffer.size() < 4096) {
                noReceiveBuffer.add(new Nakked(path, o.psn()));
            }
            return;
        }
        if (!o.isMprtData()) {
            return;
        }
        final MdethFlyweight m = o.packet().extensions().mdeth();
        final MprtDirection d = o.mprtDirection();
        final PathRecord path = o.mprtPath();
        final int psn = o.psn();
        final int slot = path == null ? -1 : path.slot(psn);
        if (slot < 0) {
            return;
        }
        if (noReceiveBuffer.remove(new Nakked(path, psn))) {
            evidence.of(d).conforming(o.frameNumber());
            return;
        }
        final String why = unexplained(path, slot, psn, o.timestampNs());
        if (why == null) {
            evidence.of(d).conforming(o.frameNumber());
        } else {
            violationUnlessCut(o.state(), d, o.frameNumber(), () -> "bth.psn: PSN " + psn + " is retransmitted on path " + m.pathId()
                + " (previous transmission: frame " + path.lastFrame(slot) + "), but " + why);
        }
    }

    /** Null when the retransmission has a cause; otherwise why it has none. */
    private String unexplained(final PathRecord path, final int slot, final int psn, final long nowNs) {
        if (path.ackedFrame(slot) != 0 && !path.isAbandoned(slot)) {
            return nowNs - path.ackedNs(slot) > timers.judgingToleranceNs()
                ? "the ACK of frame " + path.ackedFrame(slot) + " had acknowledged it" : null;
        }
        final int later = acknowledgedLater(path, path.lastNs(slot));
        if (later >= timers.lossReorderThreshold()) {
            return null;
        }
        final int older = olderUnacknowledged(path, psn);
        final long sincePrevious = nowNs - path.lastNs(slot);
        final long sinceProgress = path.lastProgressOrNakNs() == PathRecord.NEVER ? Long.MAX_VALUE
            : nowNs - path.lastProgressOrNakNs();
        final long rtoMin = timers.rtoMinNs() - timers.judgingToleranceNs();
        final String notLost = "no captured ACK detected it lost (" + later + " PSNs first sent after its latest"
            + " transmission acknowledged, LOSS_REORDER_THRESHOLD " + timers.lossReorderThreshold() + ")";
        if (older >= 0) {
            return notLost + ", and it is not the oldest unacknowledged packet of its path (PSN " + older + " is)";
        }
        if (sincePrevious < rtoMin) {
            return notLost + ", and it follows its previous transmission by " + sincePrevious + " ns, less than RTO_MIN ("
                + timers.rtoMinNs() + " ns, " + timers.judgingToleranceNs() + " ns judging tolerance)";
        }
        if (sinceProgress < rtoMin) {
            return notLost + ", and it follows the path's last ACK progress or NAK by " + sinceProgress
                + " ns, less than RTO_MIN (" + timers.rtoMinNs() + " ns, " + timers.judgingToleranceNs()
                + " ns judging tolerance)";
        }
        return null;
    }

    /** Acknowledged, not abandoned PSNs of the path first sent after {@code afterNs}. */
    private static int acknowledgedLater(final PathRecord path, final long afterNs) {
        int found = 0;
        for (int back = 0, held = path.heldBack(path.highestPsn()); back < held; back++) {
            final int q = SerialNumber.add24(path.highestPsn(), -back);
            final int s = path.slot(q);
            if (s < 0) {
                continue;
            }
            if (path.firstNs(s) <= afterNs) {
                break;
            }
            if (path.ackedFrame(s) != 0 && !path.isAbandoned(s)) {
                found++;
            }
        }
        return found;
    }

    /** The oldest captured PSN before {@code psn} neither acknowledged nor abandoned, or -1. */
    private static int olderUnacknowledged(final PathRecord path, final int psn) {
        int oldest = -1;
        for (int back = 1, held = path.heldBack(psn); back < held; back++) {
            final int q = SerialNumber.add24(psn, -back);
            final int s = path.slot(q);
            if (s >= 0 && path.ackedFrame(s) == 0 && !path.isAbandoned(s)) {
                oldest = q;
            }
        }
        return oldest;
    }

    @Override
    protected String passText(final long checked) {
        return checked + " retransmissions follow a SACK loss detection, a timeout of the oldest packet or a NAK"
            + " NO_RECEIVE_BUFFER";
    }

    @Override
    protected String notApplicableText() {
        return "no retransmission on the same path in the capture";
    }
}
