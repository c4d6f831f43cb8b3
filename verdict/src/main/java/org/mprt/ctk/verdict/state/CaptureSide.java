package org.mprt.ctk.verdict.state;

/**
 * Where a capture stands relative to one connection direction (mprt-v0.1.md section 16.3): the
 * rules of a sender are judged at the sender's ports, the rules of a receiver at the receiver's.
 */
public enum CaptureSide {
    /** At the ports of the node that sends the direction's data (RoCEv2: the requester). */
    SENDER("the sender's port"),
    /** At the ports of the node that receives it (RoCEv2: the responder). */
    RECEIVER("the receiver's port"),
    /**
     * At both nodes' ports at once: both run on the host where the capture was taken and talk over
     * its loopback interface (or to themselves), so each frame is captured as sent and as received.
     */
    BOTH_ENDS("both ends at once (a capture on the one host of both nodes, as on loopback)"),
    /** Between the two nodes, as at a mirror port inside the fabric. */
    BETWEEN("a point between the nodes"),
    /** Not stated, and the capture holds too little to tell. */
    UNKNOWN("an unknown point");

    private final String description;

    CaptureSide(final String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }
}
