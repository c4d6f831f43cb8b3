package org.mprt.ctk.reference.mprt.path;

/** The states of a path at its sender (mprt-v0.1.md section 10.4). */
public enum PathState {
    /** Carries new data. */
    ACTIVE,
    /** Had an RTO expiry without ACK progress since; carries retransmissions only. */
    SUSPECT,
    /** FAIL_RTO_COUNT consecutive RTO expiries: its data was re-sprayed; probed every PROBE_INTERVAL. */
    FAILED,
    /** Answered a PROBE; readmitted after READMIT_PROBES consecutive replies. */
    PROBING;

    /** New data may go only on an ACTIVE path (MPRT-PATH-005). */
    public boolean carriesNewData() {
        return this == ACTIVE;
    }

    /** FAILED and PROBING paths have abandoned their PSNs: nothing on them is unacknowledged. */
    public boolean isAbandoned() {
        return this == FAILED || this == PROBING;
    }
}
