package org.mprt.ctk.reference.mprt;

import java.util.List;

/**
 * Deliberate breakages of the reference implementation ("mutants"). The kit proves that each of
 * its verdict rules can fail by running an endpoint with one deviation switched on
 * ({@link MprtConfig.Builder#deviate}) and checking that the rule catches it. Each deviation is one
 * commented branch at the place where the correct behaviour lives; search for its name.
 */
public enum Deviation {
    /** A SACK-detected loss makes the sender resend the lost PSN and every later PSN of the path, SACKed or not. */
    GO_BACK_N_ON_LOSS("MPRT-LOSS-004", "MPRT-LOSS-005"),
    /** The sender reads only the cumulative PSN of ACKs, so it retransmits packets the bitmap acknowledged. */
    RETRANSMIT_SACKED("MPRT-LOSS-004", "MPRT-LOSS-005"),
    /** The receiver reports as cumulative PSN the highest PSN that arrived, claiming the holes before it. */
    SACK_UNRECEIVED_PSN("MPRT-SACK-003"),
    /** The receiver counts a message complete when its last packet (L=1) arrives, placed bytes or not. */
    CMSN_BEFORE_PLACED("MPRT-STREAM-003", "MPRT-STREAM-002"),
    /** The sender ignores E and ce_count: no multiplicative decrease, additive increase on marked ACKs. */
    IGNORE_ECN_ECHO("MPRT-CC-002", "MPRT-CC-003"),
    /** The sender ignores the receiver's guidance: no pacing, no 2 x G x SRTT connection window. */
    EXCEED_GUIDANCE("MPRT-RECV-003"),
    /** The sender puts new data on SUSPECT, FAILED and PROBING paths as if they were ACTIVE. */
    NEW_DATA_ON_FAILED_PATH("MPRT-PATH-005", "MPRT-FAIL-007"),
    /** A FAILED path's unacknowledged data is abandoned and never re-sprayed. */
    NO_RESPRAY("MPRT-FAIL-002", "MPRT-FAIL-008"),
    /** Data packets carry a PadCnt (and as many pad bytes) one more than payload alignment needs. */
    WRONG_PADCNT("MPRT-WIRE-012"),
    /** Data packets carry a non-zero MDETH resv5. */
    NON_ZERO_RESERVED("MPRT-WIRE-032"),
    /** Data packets carry a wrong ICRC. */
    BAD_ICRC("MPRT-WIRE-007"),
    /** The node sends an IEEE 802.3x PAUSE frame on the port where a CE-marked data packet arrived. */
    SEND_PAUSE_FRAMES("MPRT-CC-004"),
    /** The receiver skips the bounds check: no BOUNDS_VIOLATION, it writes the part that falls inside the region. */
    PLACE_OUT_OF_BOUNDS("MPRT-SEC-002", "MPRT-SEC-007"),
    /** The receiver ignores PROBEs: no PROBE_REPLY, no resynchronisation. */
    NO_PROBE_REPLY("MPRT-FAIL-006", "MPRT-WIRE-060"),
    /** An ACK answering a duplicate reports the duplicate's PSN as cumulative PSN, moving the cack back. */
    REVERSE_CACK("MPRT-SACK-004"),
    /** A stream's messages complete only while no other stream has an incomplete message. */
    STREAM_HEAD_OF_LINE_BLOCKING("MPRT-STREAM-005", "MPRT-STREAM-002"),
    /** Data packets are sent Not-ECT. */
    NOT_ECN_CAPABLE("MPRT-WIRE-006"),
    /** The sender skips one PSN on a path after every 64 new data packets. */
    SKIP_PSN("MPRT-PATH-001"),
    /** The sender ignores the 256-PSN send window of each path. */
    IGNORE_SEND_WINDOW("MPRT-PATH-002"),
    /** The receiver answers a duplicate data packet with NAK PSN_OUT_OF_WINDOW instead of an ACK. */
    NAK_DUPLICATE("MPRT-PLACE-006"),
    /** The receiver never answers a data packet at once: every ACK waits for the coalescing timer. */
    DELAY_EVERY_ACK("MPRT-SACK-006"),
    /** After sending a fatal NAK the node goes on acknowledging data. */
    ACK_AFTER_FATAL_NAK("MPRT-CONN-004");

    private final List<String> requirementIds;

    Deviation(final String... requirementIds) {
        this.requirementIds = List.of(requirementIds);
    }

    /** The requirements this deviation violates, the one its test targets first. */
    public List<String> requirementIds() {
        return requirementIds;
    }
}
