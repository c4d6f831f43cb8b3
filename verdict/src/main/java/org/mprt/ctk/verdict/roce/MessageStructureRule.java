package org.mprt.ctk.verdict.roce;

import org.mprt.ctk.verdict.Verdict;
import org.mprt.ctk.verdict.rule.EvidenceRule;
import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.IcrcWrong;
import org.mprt.ctk.verdict.rule.JudgedWithoutTime;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.wire.opcode.Opcode;

/**
 * ROCE-BTH-004: in PSN order, the request packets of an RC or UC QP form whole messages: Only, or
 * First, Middle*, Last of one operation, with nothing of another message in between.
 */
@JudgedWithoutTime
public final class MessageStructureRule extends EvidenceRule {

    private final FollowedQueuePairs<RequestStream> streams = new FollowedQueuePairs<>(RequestStream::new);

    public MessageStructureRule() {
        super("ROCE-BTH-004");
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
        final int psn = o.psn();
        final RequestStream stream = streams.of(o, evidence);
        if (stream == null) {
            return;
        }
        if (stream.step(psn, position) == RequestStream.Step.IN_ORDER) {
            final String violation = violation(stream, position, MessagePosition.operation(op), op);
            if (violation != null) {
                evidence.violation(o.frameNumber(), violation);
            } else {
                evidence.conforming(o.frameNumber());
            }
        }
        if (stream.placeKnown()) {
            stream.advance(psn, position, MessagePosition.operation(op), o.packet().payloadLength(), o.frameNumber(), -1);
        }
    }

    private static String violation(final RequestStream stream, final MessagePosition position, final String operation,
                                    final Opcode op) {
        final String open = stream.openOperation();
        if (open == null && !position.startsMessage()) {
            return "bth.opcode: expected a First or Only packet to start a message, found " + op.name();
        }
        if (open != null && position.startsMessage()) {
            return "bth.opcode: expected a Middle or Last packet of the " + open + " message begun at frame "
                + stream.openFirstFrame() + ", found " + op.name();
        }
        if (open != null && !open.equals(operation)) {
            return "bth.opcode: expected a Middle or Last packet of the " + open + " message begun at frame "
                + stream.openFirstFrame() + ", found " + op.name() + " of another operation";
        }
        return null;
    }

    @Override
    public Verdict verdict() {
        return evidence.verdict(evidence.checked() + " in-order RC/UC request packets form whole messages",
            "no in-order RC/UC request packets in the capture");
    }
}
