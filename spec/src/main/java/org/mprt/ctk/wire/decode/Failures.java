package org.mprt.ctk.wire.decode;

import org.mprt.ctk.wire.FieldSpec;
import org.mprt.ctk.wire.HeaderLayout;

/** Records a decode error in the packet's reusable {@link DecodeError}; shared by the layer decoders. */
final class Failures {

    private Failures() {
    }

    /** The header at {@code headerOffset} needs more than the {@code available} bytes left. */
    static DecodeStatus truncated(final DecodedPacket out, final HeaderLayout layout, final int headerOffset, final int available) {
        final int left = Math.max(available, 0);
        final FieldSpec field = layout.firstFieldBeyond(left);
        return fail(out, DecodeError.Kind.TRUNCATED, field, layout, headerOffset + field.byteOffset(), layout.length(), left, null);
    }

    /**
     * A header with records needs {@code needed} bytes but has {@code available}; the error names the
     * first record field that runs past the end.
     */
    static DecodeStatus truncatedRecords(
        final DecodedPacket out, final HeaderLayout layout, final int headerOffset, final int needed, final int available) {
        final int intoRecords = available - layout.length();
        final int record = intoRecords / layout.recordLength();
        final FieldSpec field = layout.firstRecordFieldBeyond(intoRecords - record * layout.recordLength());
        final int offset = headerOffset + layout.length() + record * layout.recordLength() + field.byteOffset();
        return fail(out, DecodeError.Kind.TRUNCATED, field, layout, offset, needed, available, null);
    }

    /**
     * The header at {@code headerOffset}, {@code needed} bytes long (records included) and whole in
     * the frame on the wire, runs past the bytes the capture kept: TRUNCATED, marked as the
     * capture's doing.
     */
    static DecodeStatus cutByCapture(final DecodedPacket out, final HeaderLayout layout, final int headerOffset, final int needed) {
        final int present = Math.max(out.capturedEnd() - headerOffset, 0);
        if (present < layout.length()) {
            final FieldSpec field = layout.firstFieldBeyond(present);
            fail(out, DecodeError.Kind.TRUNCATED, field, layout, headerOffset + field.byteOffset(), needed, present, null);
        } else {
            truncatedRecords(out, layout, headerOffset, needed, present);
        }
        out.mutableError().cutByCapture(out.capturedLengthBytes(), out.originalLengthBytes());
        return DecodeStatus.MALFORMED;
    }

    static DecodeStatus fail(
        final DecodedPacket out,
        final DecodeError.Kind kind,
        final FieldSpec field,
        final HeaderLayout layout,
        final int absoluteOffset,
        final long expected,
        final long actual,
        final String reason) {
        out.mutableError().set(kind, field, layout, absoluteOffset - out.frameOffset(), expected, actual, reason);
        out.status = DecodeStatus.MALFORMED;
        return DecodeStatus.MALFORMED;
    }

    static DecodeStatus notRoce(final DecodedPacket out) {
        out.status = DecodeStatus.NOT_ROCE;
        return DecodeStatus.NOT_ROCE;
    }

    /** The capture cut the frame before the bytes that tell whether it is RoCE (see {@link DecodeStatus#UNIDENTIFIED}). */
    static DecodeStatus unidentified(final DecodedPacket out) {
        out.status = DecodeStatus.UNIDENTIFIED;
        return DecodeStatus.UNIDENTIFIED;
    }
}
