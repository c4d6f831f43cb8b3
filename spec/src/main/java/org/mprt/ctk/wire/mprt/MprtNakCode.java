package org.mprt.ctk.wire.mprt;

/** The nak_code values of an MNETH, value for value from mprt-v0.1.md section 3.6 (MPRT-WIRE-050). */
public enum MprtNakCode {
    /** A WRITE names an rkey that is not valid for this connection. */
    RKEY_VIOLATION(0x01, true),
    /** A WRITE's bytes fall outside the region its rkey names. */
    BOUNDS_VIOLATION(0x02, true),
    /** stream_id is not less than the connection's stream count. */
    UNKNOWN_STREAM(0x03, true),
    /** A SEND names an RSN for which no receive buffer is posted yet. */
    NO_RECEIVE_BUFFER(0x04, false),
    /** A SEND's message_length exceeds the receive buffer's length. */
    RECEIVE_OVERFLOW(0x05, true),
    /** The PSN lies outside the path's receive window. */
    PSN_OUT_OF_WINDOW(0x06, false),
    /** A reserved field is not zero or a field holds an invalid value (section 3.8). */
    INVALID_HEADER(0x07, true);

    private static final MprtNakCode[] BY_CODE = new MprtNakCode[8];

    static {
        for (final MprtNakCode code : values()) {
            BY_CODE[code.code] = code;
        }
    }

    private final int code;
    private final boolean fatal;

    MprtNakCode(final int code, final boolean fatal) {
        this.code = code;
        this.fatal = fatal;
    }

    public int code() {
        return code;
    }

    /** A fatal NAK ends the connection (section 5). */
    public boolean isFatal() {
        return fatal;
    }

    /** The code with this value, or null for a reserved code. */
    public static MprtNakCode of(final int code) {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }
}
