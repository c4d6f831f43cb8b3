package org.mprt.ctk.verdict.rule;

import org.mprt.ctk.verdict.state.CaptureSide;

/**
 * Where a capture must be taken for a rule to judge a connection direction (mprt-v0.1.md section
 * 16.3, "Capture point by requirement"; rocev2-baseline.md section 13).
 */
public enum JudgedAt {
    /** At the ports of the node that sends the data (RoCEv2: the requester). */
    SENDER,
    /** At the ports of the node that receives it (RoCEv2: the responder). */
    RECEIVER,
    /** Anywhere: the fields judged do not change between the nodes. */
    ANYWHERE;

    boolean accepts(final CaptureSide side) {
        return this == ANYWHERE || side == CaptureSide.BOTH_ENDS || this == SENDER && side == CaptureSide.SENDER
            || this == RECEIVER && side == CaptureSide.RECEIVER;
    }

    String description() {
        return this == SENDER ? "the sender's port" : this == RECEIVER ? "the receiver's port" : "any point";
    }
}
