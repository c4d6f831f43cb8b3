package org.mprt.ctk.wire.vector;

import java.util.Locale;
import org.mprt.ctk.wire.decode.DecodeStatus;

/**
 * A vector's {@code # expect:} line: the decode status and, for MALFORMED and ICRC_MISMATCH, the
 * field ID and frame byte offset the error must name.
 *
 * @param status  expected status
 * @param fieldId field the error names, or null
 * @param offset  byte offset within the frame the error names, or -1
 */
public record Expectation(DecodeStatus status, String fieldId, int offset) {

    /**
     * Parses {@code ok}, {@code not_roce}, {@code snapped}, {@code unidentified},
     * {@code malformed field=<id> offset=<n>}, {@code icrc_mismatch field=roce.icrc offset=<n>}.
     */
    public static Expectation parse(final String text) {
        final String[] words = text.trim().split("\\s+");
        final DecodeStatus status = DecodeStatus.valueOf(words[0].toUpperCase(Locale.ROOT));
        String fieldId = null;
        int offset = -1;
        for (int i = 1; i < words.length; i++) {
            if (words[i].startsWith("field=")) {
                fieldId = words[i].substring("field=".length());
            } else if (words[i].startsWith("offset=")) {
                offset = Integer.parseInt(words[i].substring("offset=".length()));
            } else {
                throw new IllegalArgumentException("unknown word in expect: " + words[i]);
            }
        }
        final boolean error = status == DecodeStatus.MALFORMED || status == DecodeStatus.ICRC_MISMATCH;
        if (error != (fieldId != null && offset >= 0)) {
            throw new IllegalArgumentException("malformed and icrc_mismatch need field= and offset=, other statuses neither: " + text);
        }
        return new Expectation(status, fieldId, offset);
    }

    @Override
    public String toString() {
        final String name = status.name().toLowerCase(Locale.ROOT);
        return fieldId == null ? name : name + " field=" + fieldId + " offset=" + offset;
    }
}
