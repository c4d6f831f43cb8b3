package org.mprt.ctk.reference.verbs;

/** What a work completion completes. */
public enum WorkOpcode {
    /** Requester side: an RDMA WRITE this node posted. */
    RDMA_WRITE,
    /** Requester side: a SEND this node posted. */
    SEND,
    /** Responder side: a SEND that arrived into a posted receive buffer. */
    RECV,
    /** Responder side: a WRITE message from the peer that completed (in stream order for MPRT). */
    RECV_RDMA_WRITE
}
