package org.mprt.ctk.wire.decode;

/**
 * The outcome of decoding one frame, in the shape of a decoder result: success, not ours, or
 * failure with a {@link DecodeError} value. Decoding never throws on wire data.
 */
public enum DecodeStatus {
    /** Every header is present and consistent, and the ICRC matches. */
    OK,
    /** Not a RoCEv2/MPRT packet (not IP, not UDP, not port 4791, a non-first IP fragment): count and skip. */
    NOT_ROCE,
    /** A structural error: the {@link DecodeError} names the field, the byte and both values. */
    MALFORMED,
    /**
     * Structurally complete, every header is readable, but the ICRC does not match
     * (MPRT-WIRE-007, MPRT-WIRE-008): the receiver discards such a packet silently.
     */
    ICRC_MISMATCH
}
