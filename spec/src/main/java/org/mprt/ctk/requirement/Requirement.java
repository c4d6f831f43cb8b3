package org.mprt.ctk.requirement;

import java.util.Objects;

/**
 * One testable statement of a profile, as written on one line of the spec
 * ({@code - **MPRT-SACK-003** (MUST, capture): text}).
 *
 * @param id         the requirement ID, e.g. {@code MPRT-SACK-003}
 * @param keyword    the strongest RFC 2119 key word of the statement
 * @param verifiable how the kit can decide it
 * @param text       the statement itself
 * @param document   the spec file it comes from, e.g. {@code mprt-v0.1.md}
 * @param section    the heading of the section it stands in
 */
public record Requirement(String id, Keyword keyword, Verifiable verifiable, String text,
                          String document, String section) {

    public Requirement {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(keyword, "keyword");
        Objects.requireNonNull(verifiable, "verifiable");
        Objects.requireNonNull(text, "text");
    }

    /** The profile prefix: {@code MPRT} or {@code ROCE}. */
    public String profile() {
        return id.substring(0, id.indexOf('-'));
    }

    /** The area, e.g. {@code SACK} for {@code MPRT-SACK-003}. */
    public String area() {
        return id.substring(id.indexOf('-') + 1, id.lastIndexOf('-'));
    }

    /** RFC 2119 key words, strongest first. */
    public enum Keyword {
        MUST, MUST_NOT, SHOULD, SHOULD_NOT, MAY;

        public static Keyword parse(final String word) {
            return valueOf(word.replace(' ', '_'));
        }

        /** MUST and MUST NOT are absolute: failing one means not conforming. */
        public boolean absolute() {
            return this == MUST || this == MUST_NOT;
        }

        @Override
        public String toString() {
            return name().replace('_', ' ');
        }
    }

    /** How a requirement can be decided (spec section 1). */
    public enum Verifiable {
        CAPTURE, PROBE, DECLARATION;

        public static Verifiable parse(final String word) {
            return valueOf(word.toUpperCase(java.util.Locale.ROOT));
        }

        @Override
        public String toString() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }
}
