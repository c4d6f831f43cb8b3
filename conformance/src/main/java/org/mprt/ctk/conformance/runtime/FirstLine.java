package org.mprt.ctk.conformance.runtime;

/** The first line of a message, for a one-line report of what may span several (a stack of causes). */
public final class FirstLine {

    private FirstLine() {
    }

    /** Up to the first line break; empty for null. */
    public static String of(final String message) {
        if (message == null) {
            return "";
        }
        final int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }
}
