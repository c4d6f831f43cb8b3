package org.mprt.ctk.fabric.address;

/**
 * An IPv4 or IPv6 address as 128 bits in two longs, first half first on the wire. An IPv4
 * address is held in its IPv4-mapped form {@code ::ffff:a.b.c.d} (RFC 4291 section 2.5.5.2), so
 * that forwarding tables and the ECMP hash treat both families alike.
 */
public record IpAddress(long high, long low) {

    private static final long IPV4_MAPPED_PREFIX = 0x0000_FFFF_0000_0000L;
    private static final int IPV4_OCTETS = 4;
    private static final int IPV6_GROUPS = 8;

    /** An IPv4 address given as its 32 bits, most significant octet first on the wire. */
    public static IpAddress ipv4(final int address) {
        return new IpAddress(0, IPV4_MAPPED_PREFIX | (address & 0xFFFF_FFFFL));
    }

    public static IpAddress ipv4(final int a, final int b, final int c, final int d) {
        for (final int octet : new int[] {a, b, c, d}) {
            if ((octet & ~0xFF) != 0) {
                throw new IllegalArgumentException("IPv4 octet " + octet + " is outside 0-255");
            }
        }
        return ipv4(a << 24 | b << 16 | c << 8 | d);
    }

    public static IpAddress ipv6(final long high, final long low) {
        return new IpAddress(high, low);
    }

    /** Parses a dotted IPv4 address or an IPv6 address written as eight hex groups (no "::"). */
    public static IpAddress parse(final String text) {
        if (text.indexOf(':') < 0) {
            final String[] octets = text.split("\\.", -1);
            if (octets.length != IPV4_OCTETS) {
                throw new IllegalArgumentException("not an IPv4 address: " + text);
            }
            return ipv4(Integer.parseInt(octets[0]), Integer.parseInt(octets[1]),
                Integer.parseInt(octets[2]), Integer.parseInt(octets[3]));
        }
        final String[] groups = text.split(":", -1);
        if (groups.length != IPV6_GROUPS) {
            throw new IllegalArgumentException("expected eight hex groups: " + text);
        }
        long high = 0;
        long low = 0;
        for (int i = 0; i < IPV6_GROUPS; i++) {
            final long group = Integer.parseInt(groups[i], 16) & 0xFFFFL;
            if (i < IPV6_GROUPS / 2) {
                high = high << 16 | group;
            } else {
                low = low << 16 | group;
            }
        }
        return new IpAddress(high, low);
    }

    public boolean isIpv4() {
        return high == 0 && (low & 0xFFFF_FFFF_0000_0000L) == IPV4_MAPPED_PREFIX;
    }

    /** The 32 bits of an IPv4 address. */
    public int ipv4Bits() {
        if (!isIpv4()) {
            throw new IllegalStateException(this + " is not an IPv4 address");
        }
        return (int) low;
    }

    @Override
    public String toString() {
        if (isIpv4()) {
            final int a = (int) low;
            return (a >>> 24) + "." + (a >>> 16 & 0xFF) + "." + (a >>> 8 & 0xFF) + "." + (a & 0xFF);
        }
        final StringBuilder text = new StringBuilder();
        for (int i = 0; i < IPV6_GROUPS; i++) {
            final long half = i < IPV6_GROUPS / 2 ? high : low;
            final int shift = 48 - 16 * (i % (IPV6_GROUPS / 2));
            if (i > 0) {
                text.append(':');
            }
            text.append(Long.toHexString(half >>> shift & 0xFFFF));
        }
        return text.toString();
    }
}
