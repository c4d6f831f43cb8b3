package org.mprt.ctk.verdict.roce;

import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.state.RoceOpcodes;

/**
 * A RoCEv2 rule that follows a queue pair's requests and the acknowledgements (ACK, NAK) that answer
 * them: the judge hands it each accountable request and each acknowledgement, nothing else.
 */
abstract class QueuePairRule extends BehaviourRule {

    QueuePairRule(final String requirementId, final JudgedAt judgedAt, final boolean violationsCertainAnywhere,
                  final boolean needsStart) {
        super(requirementId, judgedAt, violationsCertainAnywhere, needsStart);
    }

    @Override
    public int kinds() {
        return FrameKind.ROCEV2.bit();
    }

    @Override
    public final void observe(final Observation o) {
        if (!o.isRocev2() || !o.isAccountable()) {
            return;
        }
        if (RoceOpcodes.isAcknowledge(o.packet().opcode())) {
            onAcknowledge(o);
        } else if (RoceOpcodes.isRequest(o.packet().opcode())) {
            onRequest(o);
        }
    }

    /** An ACK or NAK (an Acknowledge packet with its AETH). */
    protected abstract void onAcknowledge(Observation o);

    /** A request packet: SEND, RDMA WRITE, READ request or atomic. */
    protected abstract void onRequest(Observation o);
}
