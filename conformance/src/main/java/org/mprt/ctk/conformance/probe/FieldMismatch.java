package org.mprt.ctk.conformance.probe;

/**
 * The text of a probe mismatch, in packetdrill's form (STYLE.md section 4):
 * {@code <field id>: expected X vs actual Y}, numbers in decimal and hex.
 */
public final class FieldMismatch {

    private FieldMismatch() {
    }

    /** {@code mprt.mneth.nak_code: expected 2 (0x2) vs actual 1 (0x1)}. */
    public static String of(final String fieldId, final long expected, final long actual) {
        return fieldId + ": expected " + number(expected) + " vs actual " + number(actual);
    }

    /** For values that are not single numbers: {@code mprt.maeth.sack_bitmap: expected PSNs [1] vs actual PSNs []}. */
    public static String of(final String fieldId, final String expected, final String actual) {
        return fieldId + ": expected " + expected + " vs actual " + actual;
    }

    /** Null when the field has its expected value. */
    public static String unless(final String fieldId, final long expected, final long actual) {
        return expected == actual ? null : of(fieldId, expected, actual);
    }

    static String number(final long value) {
        return value + " (0x" + Long.toHexString(value) + ")";
    }
}
