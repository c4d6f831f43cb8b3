package org.mprt.ctk.verdict.roce;

import java.util.HashMap;
import java.util.Map;
import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.Evidence;
import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.JudgedWithoutTime;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.state.QueuePairDirection;
import org.mprt.ctk.verdict.state.RoceOpcodes;
import org.mprt.ctk.wire.roce.AethSyndrome;
import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * ROCE-ACK-002 (rocev2-baseline.md section 7): on a QP that carries only SEND and RDMA WRITE
 * requests, the MSN of an ACK with PSN p counts, modulo 2^24, the request messages whose Last or
 * Only packet has a PSN at or before p, from the QP's start. Judged at the responder's port.
 *
 * <p>Reading for a capture: the count from the QP's start is known only when the capture is
 * declared to hold the connection from its start (the start being the lowest PSN of the requests it
 * holds at the first ACK: a first request lost or discarded comes again later); otherwise the first
 * ACK sets the count and every later ACK must add the messages that end between the two PSNs. Which packet ends a message is
 * fixed by its PSN, so a wrong count seen at the requester's port is a violation too. An ACK whose
 * PSN goes back, or that follows PSNs the capture lacks, is not judged; a QP that has carried an
 * RDMA READ or an atomic is judged no further.
 */
@JudgedWithoutTime
public final class AckMsnRule extends BehaviourRule {

    /** The last ACK judged or counted from: its PSN, MSN and frame. */
    private record Count(int psn, int msn, long frame) {
    }

    private final Map<QueuePairDirection, Count> counts = new HashMap<>();

    public AckMsnRule() {
        super("ROCE-ACK-002", JudgedAt.RECEIVER, true, false);
    }

    @Override
    public int kinds() {
        return FrameKind.ROCEV2.bit();
    }

    @Override
    public void observe(final Observation o) {
        if (!o.isRocev2() || !o.isAccountable() || !RoceOpcodes.isAcknowledge(o.packet().opcode())
            || AethSyndrome.kind(o.packet().extensions().aeth().syndrome()) != AethSyndrome.Kind.ACK) {
            return;
        }
        final QueuePairDirection d = ConnectedServices.answered(o, evidence);
        if (d == null || !d.hasRequests() || d.carriesReadOrAtomic()) {
            return;
        }
        final int psn = o.psn();
        final int msn = o.packet().extensions().aeth().msn();
        Count last = counts.get(d);
        if (last == null && o.state().isFromConnectionStart()) {
            last = new Count(SerialNumber.add24(startPsn(d), -1), 0, 0);
        }
        if (last == null || SerialNumber.precedes24(psn, last.psn())) {
            counts.put(d, new Count(psn, msn, o.frameNumber()));
            return;
        }
        final int ended = messagesEnded(d, last.psn(), psn);
        counts.put(d, new Count(psn, msn, o.frameNumber()));
        if (ended < 0) {
            return;
        }
        final Evidence e = evidence.of(d);
        final Count previous = last;
        final int expected = SerialNumber.add24(previous.msn(), ended);
        if (msn == expected) {
            e.conforming(o.frameNumber());
        } else {
            e.violation(o.frameNumber(), () -> "roce.aeth.msn: expected " + expected + " (" + ended
                + (ended == 1 ? " message ends" : " messages end") + " after PSN "
                + previous.psn() + (previous.frame() > 0 ? ", acknowledged by frame " + previous.frame() + " with MSN " + previous.msn()
                : ", before the QP's first request") + ", up to PSN " + psn + "), found " + msn);
        }
    }

    /**
     * The PSN the QP started from: that of the first request captured, or an earlier one a request
     * captured later carries, the first having been lost before the capture point or discarded for
     * its ICRC, then sent again (go-back-N resends from the PSN a NAK names).
     */
    private static int startPsn(final QueuePairDirection d) {
        int start = d.firstPsn();
        while (d.slot(SerialNumber.add24(start, -1)) >= 0) {
            start = SerialNumber.add24(start, -1);
        }
        return start;
    }

    /** Messages whose last packet lies in (from, to], or -1 when the capture lacks one of those PSNs. */
    private static int messagesEnded(final QueuePairDirection d, final int from, final int to) {
        int ended = 0;
        for (int p = SerialNumber.add24(from, 1); SerialNumber.precedesOrEquals24(p, to); p = SerialNumber.add24(p, 1)) {
            final int slot = d.slot(p);
            if (slot < 0) {
                return -1;
            }
            ended += d.endsMessage(slot) ? 1 : 0;
        }
        return ended;
    }

    @Override
    protected String passText(final long checked) {
        return checked + " ACKs count one MSN per request message completed";
    }

    @Override
    protected String notApplicableText() {
        return "no two ACKs of one SEND/WRITE QP in the capture";
    }
}
