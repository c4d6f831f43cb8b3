package org.mprt.ctk.verdict.state;

import org.mprt.ctk.wire.decode.DecodedPacket;

/**
 * The IP address pair a packet travels between, source first: for MPRT the plane and direction a
 * path uses (mprt-v0.1.md section 10.1). An IPv4 address is held as {@code (0, address)}.
 */
public record Plane(long sourceHigh, long sourceLow, long destinationHigh, long destinationLow, boolean ipv6) {

    public static Plane of(final DecodedPacket p) {
        if (p.hasIpv4()) {
            return new Plane(0, p.ipv4().source() & 0xFFFF_FFFFL, 0, p.ipv4().destination() & 0xFFFF_FFFFL, false);
        }
        return new Plane(p.ipv6().sourceHigh(), p.ipv6().sourceLow(), p.ipv6().destinationHigh(),
            p.ipv6().destinationLow(), true);
    }

    /**
     * Writes the packet's address pair into {@code key} from {@code at} as four words (source high,
     * low, destination high, low; swapped when {@code reversed}), allocating nothing; returns 1 for
     * IPv6, 0 for IPv4, for the caller to fold into a word of its own.
     */
    public static int words(final DecodedPacket p, final boolean reversed, final long[] key, final int at) {
        final int source = reversed ? at + 2 : at;
        final int destination = reversed ? at : at + 2;
        if (p.hasIpv4()) {
            key[source] = 0;
            key[source + 1] = p.ipv4().source() & 0xFFFF_FFFFL;
            key[destination] = 0;
            key[destination + 1] = p.ipv4().destination() & 0xFFFF_FFFFL;
            return 0;
        }
        key[source] = p.ipv6().sourceHigh();
        key[source + 1] = p.ipv6().sourceLow();
        key[destination] = p.ipv6().destinationHigh();
        key[destination + 1] = p.ipv6().destinationLow();
        return 1;
    }

    @Override
    public int hashCode() {
        final long h = (sourceHigh * 31 + sourceLow) * 0x9E3779B97F4A7C15L
            + (destinationHigh * 31 + destinationLow) * 0xC2B2AE3D27D4EB4FL;
        return (int) (h ^ h >>> 32) ^ (ipv6 ? 1 : 0);
    }

    @Override
    public boolean equals(final Object other) {
        return other instanceof Plane o && sourceLow == o.sourceLow && destinationLow == o.destinationLow
            && sourceHigh == o.sourceHigh && destinationHigh == o.destinationHigh && ipv6 == o.ipv6;
    }

    public Plane reversed() {
        return new Plane(destinationHigh, destinationLow, sourceHigh, sourceLow, ipv6);
    }

    public CapturePoint.Address source() {
        return new CapturePoint.Address(sourceHigh, sourceLow);
    }

    public CapturePoint.Address destination() {
        return new CapturePoint.Address(destinationHigh, destinationLow);
    }

    @Override
    public String toString() {
        return format(sourceHigh, sourceLow, ipv6) + " -> " + format(destinationHigh, destinationLow, ipv6);
    }

    static String format(final long high, final long low, final boolean ipv6) {
        if (!ipv6) {
            return ((low >>> 24) & 0xFF) + "." + ((low >>> 16) & 0xFF) + "." + ((low >>> 8) & 0xFF) + "." + (low & 0xFF);
        }
        final StringBuilder b = new StringBuilder(39);
        for (int i = 0; i < 8; i++) {
            final long word = i < 4 ? high >>> (48 - 16 * i) : low >>> (48 - 16 * (i - 4));
            if (i > 0) {
                b.append(':');
            }
            b.append(Long.toHexString(word & 0xFFFF));
        }
        return b.toString();
    }
}
