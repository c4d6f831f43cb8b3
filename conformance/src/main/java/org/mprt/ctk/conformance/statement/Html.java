package org.mprt.ctk.conformance.statement;

/** Escaping for the kit's HTML reports. */
public final class Html {

    private Html() {
    }

    public static String esc(final String s) {
        if (s == null) {
            return "";
        }
        final StringBuilder out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            final char c = s.charAt(i);
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}
