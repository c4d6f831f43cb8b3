package org.mprt.ctk.verdict.rule;

/** The house form of a field mismatch: {@code <field id>: expected X, found Y (0x..)}. */
public final class Mismatch {

    private Mismatch() {
    }

    public static String of(final String fieldId, final String expected, final long actual) {
        return fieldId + ": expected " + expected + ", found " + actual + " (0x" + Long.toHexString(actual) + ")";
    }

    public static String of(final String fieldId, final long expected, final long actual) {
        return of(fieldId, expected + " (0x" + Long.toHexString(expected) + ")", actual);
    }

    /** Null when the field has its expected value, else the mismatch. */
    public static String unless(final String fieldId, final long expected, final long actual) {
        return expected == actual ? null : of(fieldId, expected, actual);
    }

    /** The first non-null of two checks; fixed arities spare the hot checks a varargs array per packet. */
    public static String first(final String a, final String b) {
        return a != null ? a : b;
    }

    public static String first(final String a, final String b, final String c) {
        return a != null ? a : first(b, c);
    }

    /** The first non-null of several checks, so that one packet yields one sentence. */
    public static String first(final String... violations) {
        for (final String v : violations) {
            if (v != null) {
                return v;
            }
        }
        return null;
    }
}
