package org.mprt.ctk.verdict.state;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Where a capture was taken, as far as the rules need to know it (mprt-v0.1.md section 16.3): at
 * the ports of a node, named by the node's IP addresses, or not stated, in which case the engine
 * infers it for each connection direction from the timing of the answers ({@link CaptureSide}).
 *
 * <p>A node is named by any of its addresses on the planes a connection uses; a direction whose
 * data leaves from one of them was captured at its sender, one whose data arrives at one of them at
 * its receiver, and any other direction elsewhere (between the nodes, as at a mirror port).
 */
public final class CapturePoint {

    private static final CapturePoint INFERRED = new CapturePoint(List.of());

    private final List<Address> addresses;

    private CapturePoint(final List<Address> addresses) {
        this.addresses = addresses;
    }

    /** Not stated: inferred per connection direction. */
    public static CapturePoint inferred() {
        return INFERRED;
    }

    /** Taken at the ports of the node that owns these addresses (one per plane is enough). */
    public static CapturePoint takenAt(final Collection<InetAddress> nodeAddresses) {
        if (nodeAddresses.isEmpty()) {
            throw new IllegalArgumentException("a capture point names at least one address of the node (expected 1 or more)");
        }
        final List<Address> out = new ArrayList<>(nodeAddresses.size());
        for (final InetAddress a : nodeAddresses) {
            out.add(Address.of(a));
        }
        return new CapturePoint(List.copyOf(out));
    }

    public boolean isStated() {
        return !addresses.isEmpty();
    }

    /** The stated node's addresses, as given; empty when not stated. */
    public List<Address> addresses() {
        return addresses;
    }

    /** True when the stated node owns this address. */
    public boolean owns(final Address address) {
        return addresses.contains(address);
    }

    @Override
    public String toString() {
        return isStated() ? "taken at " + addresses : "inferred";
    }

    /** One IPv4 or IPv6 address as two longs: an IPv4 address is {@code (0, address)}. */
    public record Address(long high, long low) {

        private static final long IPV4_LOOPBACK_NETWORK = 127;

        static Address of(final InetAddress a) {
            final byte[] bytes = a.getAddress();
            if (a instanceof Inet4Address) {
                return new Address(0, ByteBuffer.wrap(bytes).getInt() & 0xFFFF_FFFFL);
            }
            final ByteBuffer b = ByteBuffer.wrap(bytes);
            return new Address(b.getLong(), b.getLong());
        }

        /** 127.0.0.0/8 or ::1 (RFC 1122 section 3.2.1.3, RFC 4291 section 2.5.3). */
        public boolean isLoopback() {
            return high == 0 && (low >>> 24 == IPV4_LOOPBACK_NETWORK || low == 1);
        }

        @Override
        public String toString() {
            return Plane.format(high, low, high != 0 || (low >>> 32) != 0);
        }
    }
}
