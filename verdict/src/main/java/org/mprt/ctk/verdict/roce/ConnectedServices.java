package org.mprt.ctk.verdict.roce;

import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.rule.SidedEvidence;
import org.mprt.ctk.verdict.state.QueuePairDirection;
import org.mprt.ctk.wire.opcode.Opcode;
import org.mprt.ctk.wire.opcode.TransportService;

/** RoCEv2 packets of the connected services (RC and UC), whose rules speak of a QP's packet stream. */
final class ConnectedServices {

    private ConnectedServices() {
    }

    /**
     * Where the packet stands in its message when it is a SEND or RDMA WRITE request of an RC or UC
     * QP; NOT_A_REQUEST for every other packet.
     */
    static MessagePosition requestPosition(final Observation o) {
        return isConnected(o) ? MessagePosition.of(o.packet().opcode()) : MessagePosition.NOT_A_REQUEST;
    }

    /**
     * The requests an acknowledgement answers, or null. One the capture cannot bind (several QPs of its
     * address pair hold its PSN) leaves the rule's verdict INCONCLUSIVE, with why, should it judge nothing else.
     */
    static QueuePairDirection answered(final Observation o, final SidedEvidence evidence) {
        final QueuePairDirection d = o.state().roceAnswered(o.packet());
        if (d == null && o.state().isRoceAnswerAmbiguous(o.packet())) {
            evidence.inconclusiveAnywhere(o.frameNumber(),
                () -> "frame " + o.frameNumber() + ": " + o.state().roceUnboundReason(o.packet()));
        }
        return d;
    }

    static boolean isConnected(final Observation o) {
        if (!o.isRocev2()) {
            return false;
        }
        final Opcode op = o.packet().opcode();
        return op != null && (op.service() == TransportService.RC || op.service() == TransportService.UC);
    }
}
