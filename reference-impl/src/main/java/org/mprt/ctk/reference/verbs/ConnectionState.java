package org.mprt.ctk.reference.verbs;

/** The states of a connection the application can see (mprt-v0.1.md section 5.3). */
public enum ConnectionState {
    /** Set up and exchanging packets. */
    READY,
    /** A fatal NAK was sent or received (or RoCE retries ran out); only teardown ends it. */
    ERROR,
    /** Torn down out of band; the connection number no longer names anything. */
    CLOSED
}
