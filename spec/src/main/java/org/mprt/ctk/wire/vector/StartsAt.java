package org.mprt.ctk.wire.vector;

import java.util.Locale;

/** Where a vector's bytes begin: an Ethernet II header, or directly an IPv4 or IPv6 header. */
public enum StartsAt {
    ETHERNET,
    IPV4,
    IPV6;

    /** The spelling used in vector files: {@code ethernet}, {@code ipv4}, {@code ipv6}. */
    public String token() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static StartsAt parse(final String token) {
        for (final StartsAt value : values()) {
            if (value.token().equals(token)) {
                return value;
            }
        }
        throw new IllegalArgumentException("starts-at must be ethernet, ipv4 or ipv6: " + token);
    }
}
