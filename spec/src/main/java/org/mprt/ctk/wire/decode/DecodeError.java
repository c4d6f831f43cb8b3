package org.mprt.ctk.wire.decode;

import org.mprt.ctk.wire.FieldSpec;
import org.mprt.ctk.wire.HeaderLayout;

/**
 * Why a frame did not decode: the field, the byte offset within the frame, the expected and the
 * found value, as a reusable value. The one-line message is built only when asked for, so a
 * malformed frame costs no allocation until someone reports it.
 *
 * <p>Message forms, e.g. {@code bth.tver: expected 0, found 3 at byte 43}, or for truncation
 * {@code mprt.mdeth.msn: expected 36 bytes of MDETH (WRITE), found 10 at byte 54}. When the
 * header runs past what a snap length let the capture keep, rather than past the frame on the
 * wire ({@link #isCutByCapture()}), the message says so: {@code mprt.mdeth.virtual_address: the
 * capture kept 74 of the frame's 1118 bytes (snap length): 20 bytes of MDETH (WRITE) present, 36
 * needed, at byte 74}.
 */
public final class DecodeError {

    /** What kind of expectation failed; it decides how the message reads. */
    public enum Kind {
        /** A header or record runs past the end of the data; expected and found are byte counts. */
        TRUNCATED,
        /** The field must hold exactly the expected value. */
        VALUE,
        /** The field must be at most the expected value. */
        AT_MOST,
        /** The field must be at least the expected value. */
        AT_LEAST,
        /** The BTH opcode is not one the kit knows. */
        UNKNOWN_OPCODE,
        /** The BTH opcode is in 0xC0-0xDF but not an MPRT v0.1 opcode (MPRT-WIRE-021). */
        RESERVED_OPCODE,
        /** The ICRC differs from the one computed over the packet. */
        ICRC_MISMATCH
    }

    private Kind kind;
    private FieldSpec field;
    private HeaderLayout header;
    private int frameOffset;
    private long expected;
    private long actual;
    private String reason;
    private int capturedLength = -1;
    private long originalLength = -1;

    void set(
        final Kind kind,
        final FieldSpec field,
        final HeaderLayout header,
        final int frameOffset,
        final long expected,
        final long actual,
        final String reason) {
        this.kind = kind;
        this.field = field;
        this.header = header;
        this.frameOffset = frameOffset;
        this.expected = expected;
        this.actual = actual;
        this.reason = reason;
        this.capturedLength = -1;
        this.originalLength = -1;
    }

    /** Marks the TRUNCATED error just set as the capture's doing: it kept {@code captured} of {@code original} bytes. */
    void cutByCapture(final int captured, final long original) {
        capturedLength = captured;
        originalLength = original;
    }

    void clear() {
        set(null, null, null, -1, 0, 0, null);
    }

    /** True when an error is recorded. */
    public boolean isSet() {
        return kind != null;
    }

    public Kind kind() {
        return kind;
    }

    public FieldSpec field() {
        return field;
    }

    /** The field ID, e.g. {@code bth.tver}. */
    public String fieldId() {
        return field == null ? null : field.id();
    }

    /** The header the field belongs to. */
    public HeaderLayout header() {
        return header;
    }

    /** Offset from the first byte of the frame of the byte holding the field. */
    public int frameOffset() {
        return frameOffset;
    }

    public long expected() {
        return expected;
    }

    public long actual() {
        return actual;
    }

    /** A short constant explanation, or null. */
    public String reason() {
        return reason;
    }

    /**
     * True for a TRUNCATED error caused by the capture's snap length: the header is whole in the
     * frame on the wire (its lengths say so) but the capture kept only the bytes before the cut.
     * The sender is not at fault; {@link #expected()} is the bytes the header needs and
     * {@link #actual()} the bytes of it present.
     */
    public boolean isCutByCapture() {
        return capturedLength >= 0;
    }

    /** Bytes of the frame the capture kept, when {@link #isCutByCapture()}; else -1. */
    public int capturedLengthBytes() {
        return capturedLength;
    }

    /** Length of the frame on the wire, when {@link #isCutByCapture()}; else -1. */
    public long originalLengthBytes() {
        return originalLength;
    }

    /** An independent copy, for keeping an error beyond the next decode. */
    public DecodeError copy() {
        final DecodeError copy = new DecodeError();
        copy.set(kind, field, header, frameOffset, expected, actual, reason);
        copy.cutByCapture(capturedLength, originalLength);
        return copy;
    }

    /** One line naming the field, both values and the byte. */
    public String message() {
        if (kind == null) {
            return "no error";
        }
        final StringBuilder out = new StringBuilder(128).append(field.id()).append(": ");
        if (isCutByCapture()) {
            out.append("the capture kept ").append(capturedLength).append(" of the frame's ").append(originalLength)
                .append(" bytes (snap length): ").append(actual).append(" bytes of ").append(header.name())
                .append(" present, ").append(expected).append(" needed, at byte ").append(frameOffset);
            return out.toString();
        }
        out.append("expected ");
        switch (kind) {
            case TRUNCATED:
                out.append(expected).append(" bytes of ").append(header.name())
                    .append(", found ").append(actual);
                break;
            case AT_MOST:
                field.appendValue(expected, out.append("at most ")).append(", found ");
                field.appendValue(actual, out);
                break;
            case AT_LEAST:
                field.appendValue(expected, out.append("at least ")).append(", found ");
                field.appendValue(actual, out);
                break;
            case UNKNOWN_OPCODE:
                out.append("a known opcode, found unknown opcode ");
                field.appendValue(actual, out);
                break;
            case RESERVED_OPCODE:
                out.append("an MPRT opcode of mprt-v0.1.md section 3.3, found reserved MPRT opcode ");
                field.appendValue(actual, out);
                break;
            default:
                field.appendValue(expected, out).append(", found ");
                field.appendValue(actual, out);
                break;
        }
        out.append(" at byte ").append(frameOffset);
        if (reason != null) {
            out.append(" (").append(reason).append(')');
        }
        return out.toString();
    }

    @Override
    public String toString() {
        return message();
    }
}
