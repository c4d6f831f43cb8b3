package org.mprt.ctk.reference.attachment;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.util.Objects;
import org.mprt.ctk.wire.ip.NetworkKind;

/**
 * An IPv4 or IPv6 address of a port, held as numbers so that frames can be written without
 * allocation: IPv4 in {@code ipv4}, IPv6 as two 64-bit halves, first half first on the wire.
 */
public record IpAddress(NetworkKind kind, int ipv4, long ipv6High, long ipv6Low) {

    public IpAddress {
        Objects.requireNonNull(kind, "kind");
    }

    public static IpAddress ipv4(final int address) {
        return new IpAddress(NetworkKind.IPV4, address, 0, 0);
    }

    /** Parses a dotted quad such as {@code 10.0.1.2}. */
    public static IpAddress ipv4(final String dotted) {
        final String[] parts = dotted.split("\\.", -1);
        if (parts.length != 4) {
            throw new IllegalArgumentException("not a dotted quad: " + dotted);
        }
        int address = 0;
        for (final String part : parts) {
            final int octet = Integer.parseInt(part);
            if (octet < 0 || octet > 255) {
                throw new IllegalArgumentException("octet out of range in " + dotted);
            }
            address = address << 8 | octet;
        }
        return ipv4(address);
    }

    public static IpAddress ipv6(final long high, final long low) {
        return new IpAddress(NetworkKind.IPV6, 0, high, low);
    }

    /** The same address as Java's networking classes take it. */
    public InetAddress toInetAddress() {
        final ByteBuffer bytes = kind == NetworkKind.IPV4 ? ByteBuffer.allocate(4).putInt(ipv4)
            : ByteBuffer.allocate(16).putLong(ipv6High).putLong(ipv6Low);
        try {
            return InetAddress.getByAddress(bytes.array());
        } catch (final UnknownHostException e) {
            throw new IllegalStateException("4 or 16 bytes are always an address", e);
        }
    }

    @Override
    public String toString() {
        if (kind == NetworkKind.IPV4) {
            return (ipv4 >>> 24) + "." + (ipv4 >>> 16 & 0xFF) + "." + (ipv4 >>> 8 & 0xFF) + "." + (ipv4 & 0xFF);
        }
        return String.format("%016x%016x", ipv6High, ipv6Low);
    }
}
