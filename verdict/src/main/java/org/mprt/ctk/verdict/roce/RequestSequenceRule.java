package org.mprt.ctk.verdict.roce;

import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.Evidence;
import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.JudgedWithoutTime;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.state.QueuePairDirection;
import org.mprt.ctk.verdict.state.RoceOpcodes;
import org.mprt.ctk.wire.opcode.OpcodeTable;
import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * ROCE-PSN-001 (rocev2-baseline.md section 6): each new request packet of an RC or UC QP carries
 * the PSN after the previous new one, except that an RDMA READ request with PSN p reserves
 * max(1, ceil(DMA length / PMTU)) PSNs. Judged at the requester's port: at the responder a lost
 * request looks like a skip.
 *
 * <p>Reading for a capture: a request whose PSN is at or before the highest sent is a go-back-N
 * resend, not a new request, and is left to ROCE-GBN-001. The PMTU of a READ is not on the wire,
 * so the next PSN after a READ may lie anywhere from the count at the largest PMTU (4096, or the
 * PICS's) to the count at the smallest (256).
 */
@JudgedWithoutTime
public final class RequestSequenceRule extends BehaviourRule {

    private static final int SMALLEST_PMTU = 256;

    private final int largestPmtu;

    public RequestSequenceRule(final int largestPmtu) {
        super("ROCE-PSN-001", JudgedAt.SENDER, false, false);
        this.largestPmtu = largestPmtu;
    }

    @Override
    public int kinds() {
        return FrameKind.ROCEV2.bit();
    }

    @Override
    public void observe(final Observation o) {
        if (!o.isRocev2() || !o.isAccountable() || !RoceOpcodes.isRequest(o.packet().opcode())) {
            return;
        }
        final QueuePairDirection d = o.state().roceRequests(o.packet());
        if (!d.hasRequests()) {
            return;
        }
        final Evidence e = evidence.of(d);
        final int psn = o.psn();
        final int highest = d.highestPsn();
        if (SerialNumber.precedesOrEquals24(psn, highest)) {
            return;
        }
        final int slot = d.slot(highest);
        final long dma = slot >= 0 && d.opcode(slot) == OpcodeTable.RC_RDMA_READ_REQUEST.code() ? d.dmaLength(slot) : -1;
        final int fewest = dma < 0 ? 1 : reserved(dma, largestPmtu);
        final int most = dma < 0 ? 1 : reserved(dma, SMALLEST_PMTU);
        final int ahead = SerialNumber.distance24(highest, psn);
        if (ahead >= fewest && ahead <= most) {
            e.conforming(o.frameNumber());
        } else {
            e.violation(o.frameNumber(), () -> "bth.psn: expected " + SerialNumber.add24(highest, fewest)
                + (most > fewest ? " to " + SerialNumber.add24(highest, most) : "") + " after PSN " + highest
                + (slot >= 0 ? " (frame " + d.lastFrame(slot) + ")" : "") + ", found " + psn
                + (ahead > most ? ": " + (ahead - most) + (ahead - most == 1 ? " PSN" : " PSNs") + " skipped" : ""));
        }
    }

    private static int reserved(final long dmaLength, final int pmtu) {
        return (int) Math.max(1, (dmaLength + pmtu - 1) / pmtu);
    }

    @Override
    protected String passText(final long checked) {
        return checked + " new request packets carry the PSN after the previous new one";
    }

    @Override
    protected String notApplicableText() {
        return "no RC or UC QP with two new request packets in the capture";
    }
}
