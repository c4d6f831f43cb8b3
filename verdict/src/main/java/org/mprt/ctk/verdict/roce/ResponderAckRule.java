package org.mprt.ctk.verdict.roce;

import java.util.HashMap;
import java.util.Map;
import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.JudgedWithoutTime;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.state.QueuePairDirection;
import org.mprt.ctk.verdict.state.RoceOpcodes;
import org.mprt.ctk.wire.opcode.OpcodeTable;
import org.mprt.ctk.wire.roce.AethSyndrome;
import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * ROCE-PSN-002 (rocev2-baseline.md section 6): a responder's ePSN advances only over request packets
 * it accepts in PSN order, and every ACK carries a PSN at or before the last request PSN it accepted
 * in order. Judged at the responder's port.
 *
 * <p>Reading for a capture: the kit follows the ePSN from the QP's first request PSN, advancing it
 * over each captured request that carries it (an RDMA READ request by the most PSNs it can reserve,
 * at the smallest PMTU), so that the kit's ePSN is never behind the responder's: at the requester's
 * port it has seen every request the responder can have accepted, so an ACK beyond it is a
 * violation there too. It needs the QP's start (RoCEv2 QPs start at a PSN of their own choosing;
 * the first ACK's MSN tells whether the capture holds it).
 */
@JudgedWithoutTime
public final class ResponderAckRule extends BehaviourRule {

    private static final int SMALLEST_PMTU = 256;

    private final Map<QueuePairDirection, int[]> expected = new HashMap<>();

    public ResponderAckRule() {
        super("ROCE-PSN-002", JudgedAt.RECEIVER, true, true);
    }

    @Override
    public int kinds() {
        return FrameKind.ROCEV2.bit();
    }

    @Override
    public void observe(final Observation o) {
        if (!o.isRocev2() || !o.isAccountable()) {
            return;
        }
        if (RoceOpcodes.isRequest(o.packet().opcode())) {
            advance(o);
        } else if (RoceOpcodes.isAcknowledge(o.packet().opcode())
            && AethSyndrome.kind(o.packet().extensions().aeth().syndrome()) == AethSyndrome.Kind.ACK) {
            judge(o);
        }
    }

    private void advance(final Observation o) {
        final QueuePairDirection d = o.state().roceRequests(o.packet());
        final int psn = o.psn();
        final int[] ePsn = expected.computeIfAbsent(d, k -> new int[] {psn});
        if (psn == ePsn[0]) {
            final boolean read = o.packet().opcode() == OpcodeTable.RC_RDMA_READ_REQUEST;
            final long dma = read ? o.packet().extensions().reth().dmaLength() : 0;
            ePsn[0] = SerialNumber.add24(psn, read ? (int) Math.max(1, (dma + SMALLEST_PMTU - 1) / SMALLEST_PMTU) : 1);
        }
    }

    private void judge(final Observation o) {
        final QueuePairDirection d = ConnectedServices.answered(o, evidence);
        final int[] ePsn = d == null ? null : expected.get(d);
        if (ePsn == null) {
            return;
        }
        final int psn = o.psn();
        if (SerialNumber.precedes24(psn, ePsn[0])) {
            evidence.of(d).conforming(o.frameNumber());
        } else {
            evidence.of(d).violation(o.frameNumber(), () -> "bth.psn: the ACK acknowledges PSN " + psn + ", but the requests"
                + " accepted in order reach only PSN " + SerialNumber.add24(ePsn[0], -1) + " (PSN " + ePsn[0]
                + " has not arrived)");
        }
    }

    @Override
    protected String passText(final long checked) {
        return checked + " ACKs acknowledge only requests accepted in PSN order";
    }

    @Override
    protected String notApplicableText() {
        return "no RC ACK answering captured requests";
    }
}
