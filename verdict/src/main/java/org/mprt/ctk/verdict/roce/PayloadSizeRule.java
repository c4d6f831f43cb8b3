package org.mprt.ctk.verdict.roce;

import org.mprt.ctk.verdict.Verdict;
import org.mprt.ctk.verdict.rule.EvidenceRule;
import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.IcrcWrong;
import org.mprt.ctk.verdict.rule.JudgedWithoutTime;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.wire.opcode.Opcode;
import org.mprt.ctk.wire.roce.RethFlyweight;

/**
 * ROCE-RETH-002: First and Middle packets carry exactly PMTU bytes, Last 1 to PMTU, Only 0 to PMTU,
 * and an RDMA WRITE's payloads add up to its RETH DMA length. Without a PICS the PMTU is learned per
 * QP from its first First or Middle packet, which must be a valid PMTU (256 to 4096, a power of 2);
 * until then Last and Only packets are held only to the largest PMTU.
 */
@JudgedWithoutTime
public final class PayloadSizeRule extends EvidenceRule {

    static final int MAX_PMTU = 4096;

    private static final class QueuePair {
        final RequestStream stream = new RequestStream();
        int pmtu;
        long pmtuFrame;
    }

    private final FollowedQueuePairs<QueuePair> queuePairs = new FollowedQueuePairs<>(QueuePair::new);

    public PayloadSizeRule() {
        super("ROCE-RETH-002");
    }

    @Override
    public int kinds() {
        return FrameKind.ROCEV2.bit();
    }

    @Override
    public void observe(final Observation o) {
        if (IcrcWrong.leftUnjudged(o, evidence)) {
            return;
        }
        final MessagePosition position = ConnectedServices.requestPosition(o);
        if (position == MessagePosition.NOT_A_REQUEST) {
            return;
        }
        final Opcode op = o.packet().opcode();
        final QueuePair qp = queuePairs.of(o, evidence);
        if (qp == null) {
            return;
        }
        final int payload = o.packet().payloadLength();
        final String sizeViolation = sizeViolation(qp, position, payload, o.frameNumber());
        final int psn = o.psn();
        final boolean inOrder = qp.stream.step(psn, position) == RequestStream.Step.IN_ORDER;
        String violation = sizeViolation;
        if (violation == null && inOrder && position.endsMessage() && "RDMA_WRITE".equals(qp.stream.openOperation())
            && qp.stream.openDmaLength() >= 0) {
            final long total = qp.stream.openBytes() + payload;
            if (total != qp.stream.openDmaLength()) {
                violation = "reth.dma_length: the RDMA WRITE begun at frame " + qp.stream.openFirstFrame() + " declares "
                    + qp.stream.openDmaLength() + " bytes, its packets carry " + total;
            }
        }
        if (violation != null) {
            evidence.violation(o.frameNumber(), violation);
        } else {
            evidence.conforming(o.frameNumber());
        }
        if (qp.stream.placeKnown()) {
            final long dma = o.packet().extensions().has(RethFlyweight.LAYOUT)
                ? o.packet().extensions().reth().dmaLength() : -1;
            qp.stream.advance(psn, position, MessagePosition.operation(op), payload, o.frameNumber(), dma);
        }
    }

    private static String sizeViolation(final QueuePair qp, final MessagePosition position, final int payload,
                                        final long frame) {
        if (position == MessagePosition.FIRST || position == MessagePosition.MIDDLE) {
            if (qp.pmtu == 0) {
                if (!isPmtu(payload)) {
                    return "payload: a " + position.name().toLowerCase(java.util.Locale.ROOT)
                        + " packet carries a whole PMTU (256, 512, 1024, 2048 or 4096 bytes), found " + payload;
                }
                qp.pmtu = payload;
                qp.pmtuFrame = frame;
                return null;
            }
            return payload == qp.pmtu ? null
                : "payload: expected the PMTU of " + qp.pmtu + " bytes (as on frame " + qp.pmtuFrame + ") in a "
                    + position.name().toLowerCase(java.util.Locale.ROOT) + " packet, found " + payload;
        }
        final int limit = qp.pmtu == 0 ? MAX_PMTU : qp.pmtu;
        if (payload > limit) {
            return "payload: expected at most the PMTU of " + limit + " bytes, found " + payload;
        }
        if (position == MessagePosition.LAST && payload == 0) {
            return "payload: expected 1 to " + limit + " bytes in a Last packet, found 0";
        }
        return null;
    }

    static boolean isPmtu(final int bytes) {
        return bytes >= 256 && bytes <= MAX_PMTU && Integer.bitCount(bytes) == 1;
    }

    @Override
    public Verdict verdict() {
        return evidence.verdict(evidence.checked() + " RC/UC request packets carry payloads of valid sizes",
            "no RC/UC request packets in the capture");
    }

}
