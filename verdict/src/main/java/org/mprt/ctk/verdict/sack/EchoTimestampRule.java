package org.mprt.ctk.verdict.sack;

import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.Evidence;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.state.ArrivalLog;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.PathRecord;
import org.mprt.ctk.verdict.state.Timers;
import org.mprt.ctk.wire.mprt.MaethFlyweight;

/**
 * MPRT-SACK-005 (mprt-v0.1.md sections 3.5 and 9.2): the echo_timestamp of an ACK for path P is the
 * tx_timestamp of a data packet of P that the receiver accepted before sending the ACK, and of none
 * older than the most recent data packet of P it accepted more than ACK_REQ_DELAY before the ACK.
 * Judged at the receiver's port.
 *
 * <p>Reading for a capture: "older" is in order of arrival; ACK_REQ_DELAY is widened by the judging
 * tolerance. An echo that names no captured packet is a violation when some packet of P arrived
 * more than ACK_REQ_DELAY before the ACK (whatever it names is older), or when the capture holds
 * the path from its first PSN; otherwise the packet may have arrived before the capture began.
 */
public final class EchoTimestampRule extends BehaviourRule {

    private final Timers timers;

    public EchoTimestampRule(final Timers timers) {
        super("MPRT-SACK-005", JudgedAt.RECEIVER, false, false);
        this.timers = timers;
    }

    @Override
    public int kinds() {
        return FrameKind.MPRT_ACK.bit();
    }

    @Override
    public void observe(final Observation o) {
        if (!o.isMprtAck() || !o.isAccountable()) {
            return;
        }
        final MaethFlyweight a = o.packet().extensions().maeth();
        final MprtDirection d = o.mprtAnswered();
        final PathRecord path = o.mprtPath();
        if (path == null) {
            return;
        }
        final Evidence e = evidence.of(d);
        final ArrivalLog log = path.arrivals();
        final long echo = a.echoTimestamp();
        final long named = log.findTxTimestamp(echo);
        final long due = log.latestAtOrBefore(o.timestampNs() - timers.ackReqBoundNs() - 1);
        if (named >= 0 && (due < 0 || named >= due)) {
            e.conforming(o.frameNumber());
        } else if (due >= 0) {
            e.violation(o.frameNumber(), () -> field(echo) + (named >= 0 ? "names PSN " + log.psn(named) + " (frame " + log.frame(named)
                + ")" : "names no data packet of path " + a.pathId() + " captured") + ", older than PSN " + log.psn(due)
                + " (frame " + log.frame(due) + ", tx_timestamp " + log.txTimestamp(due) + "), which arrived "
                + (o.timestampNs() - log.ns(due)) + " ns before the ACK, more than ACK_REQ_DELAY");
        } else if (log.count() > 0 && !log.hasForgotten() && path.lowestPsn() == 0) {
            e.violation(o.frameNumber(), () -> field(echo) + "names no data packet of path " + a.pathId() + " that arrived before the ACK");
        } else {
            e.inconclusive(o.frameNumber(), () -> "frame " + o.frameNumber() + ": the echoed data packet of path " + a.pathId()
                + " is not in the capture");
        }
    }

    /** Built only for a violation. */
    private static String field(final long echo) {
        return "mprt.maeth.echo_timestamp: " + echo + " ";
    }

    @Override
    protected String passText(final long checked) {
        return checked + " ACKs echo the tx_timestamp of a recent data packet of their path";
    }

    @Override
    protected String notApplicableText() {
        return "no MPRT ACK in the capture";
    }
}
