package org.mprt.ctk.verdict.rule;

import org.mprt.ctk.wire.Profile;
import org.mprt.ctk.wire.opcode.OpcodeTable;

/**
 * What a frame is, as the judge dispatches it: each rule names the kinds it looks at
 * ({@link Rule#kinds()}) and is shown only frames of those kinds, so that a frame costs only the
 * rules it concerns. A kind is a pre-filter; a rule still checks what it needs of the frame.
 */
public enum FrameKind {
    /** MPRT_WRITE or MPRT_SEND whose headers are readable. */
    MPRT_DATA,
    MPRT_ACK,
    MPRT_NAK,
    MPRT_PROBE,
    MPRT_PROBE_REPLY,
    /** An MPRT packet with readable headers but none of the six opcodes. */
    MPRT_OTHER,
    /** A RoCEv2 packet whose headers are readable. */
    ROCEV2,
    /** Anything else: not IP, not UDP port 4791, malformed, or cut before its headers ended. */
    OTHER;

    /** Every kind: the default of a rule. */
    public static final int ALL = (1 << values().length) - 1;
    /** Every MPRT packet with readable headers. */
    public static final int MPRT = of(MPRT_DATA, MPRT_ACK, MPRT_NAK, MPRT_PROBE, MPRT_PROBE_REPLY, MPRT_OTHER);
    /** MPRT ACKs, NAKs and PROBE_REPLYs: what a receiving node answers with. */
    public static final int MPRT_ANSWERS = of(MPRT_ACK, MPRT_NAK, MPRT_PROBE_REPLY);

    public int bit() {
        return 1 << ordinal();
    }

    public static int of(final FrameKind... kinds) {
        int bits = 0;
        for (final FrameKind k : kinds) {
            bits |= k.bit();
        }
        return bits;
    }

    /** The kind of an MPRT packet by its BTH opcode: MPRT_OTHER for the reserved ones. */
    public static FrameKind ofMprtOpcode(final int op) {
        if (op == OpcodeTable.MPRT_WRITE.code() || op == OpcodeTable.MPRT_SEND.code()) {
            return MPRT_DATA;
        }
        if (op == OpcodeTable.MPRT_ACK.code()) {
            return MPRT_ACK;
        }
        if (op == OpcodeTable.MPRT_NAK.code()) {
            return MPRT_NAK;
        }
        if (op == OpcodeTable.MPRT_PROBE.code()) {
            return MPRT_PROBE;
        }
        return op == OpcodeTable.MPRT_PROBE_REPLY.code() ? MPRT_PROBE_REPLY : MPRT_OTHER;
    }

    /** The kind of the frame an observation holds. */
    static FrameKind of(final Observation o) {
        if (!o.isTransport()) {
            return OTHER;
        }
        if (o.packet().profile() != Profile.MPRT) {
            return o.packet().profile() == Profile.ROCEV2 ? ROCEV2 : OTHER;
        }
        return o.packet().opcode() == null ? MPRT_OTHER : ofMprtOpcode(o.packet().opcodeValue());
    }
}
