package org.mprt.ctk.conformance.runtime;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.mprt.ctk.pics.Pics;

/**
 * A scenario's {@code @needs:} tag (mprt-v0.1.md section 15.2): {@code @needs:<key>} requires a
 * boolean capability to be true, {@code @needs:<key><op><n>} with {@code <op>} one of {@code >=},
 * {@code <=}, {@code ==} compares an integer capability. A key the PICS does not have makes the
 * scenario not applicable.
 *
 * @param key      the capability, e.g. {@code streams} or {@code ipv6}
 * @param operator {@code >=}, {@code <=} or {@code ==}; null for a boolean need
 * @param value    the number compared with
 */
public record PicsNeed(String key, String operator, long value) {

    private static final Pattern FORM = Pattern.compile("([a-z][A-Za-z0-9]*)(?:(>=|<=|==)(\\d+))?");

    /** Reads the text after {@code @needs:}. */
    public static PicsNeed parse(final String text) {
        final Matcher m = FORM.matcher(text);
        if (!m.matches()) {
            throw new ScenarioInputException("tag @needs:" + text + ": expected @needs:<capability> or "
                + "@needs:<capability><op><n> with <op> one of >=, <= and ==, e.g. @needs:probe or @needs:streams>=4");
        }
        return new PicsNeed(m.group(1), m.group(2), m.group(3) == null ? 0 : Long.parseLong(m.group(3)));
    }

    public boolean isMetBy(final Pics pics) {
        if (operator == null) {
            return pics.supports(key);
        }
        final Optional<Long> declared = pics.capability(key);
        if (declared.isEmpty()) {
            return false;
        }
        return switch (operator) {
            case ">=" -> declared.get() >= value;
            case "<=" -> declared.get() <= value;
            default -> declared.get() == value;
        };
    }
}
