package org.mprt.ctk.fabric.address;

/**
 * The deterministic addresses of host {@code h} on plane {@code p} (both counted from 0):
 * <ul>
 *   <li>IPv4 {@code 10.p.(h / 254).(h % 254 + 1)}: host 0 is 10.p.0.1, host 253 is 10.p.0.254,
 *       host 254 is 10.p.1.1, so no host takes a .0 or .255 last octet;</li>
 *   <li>IPv6 {@code fd00:0:0:p::(h + 1)}: a unique local /64 per plane;</li>
 *   <li>MAC {@code 02:00:pp:00:hh:hh} with {@code hhhh = h + 1}: locally administered unicast.</li>
 * </ul>
 * A plane's second octet makes it readable in Wireshark which plane a frame crossed, and the
 * planes never share an address, as MPRT names a plane by its pair of IP addresses (mprt-v0.1.md
 * section 2).
 */
public final class AddressPlan {

    public static final int MAX_PLANES = 256;
    public static final int HOSTS_PER_THIRD_OCTET = 254;
    public static final int MAX_HOSTS = 0xFFFF;

    private static final long IPV6_PREFIX = 0xFD00_0000_0000_0000L;
    private static final long MAC_BASE = 0x02_00_00_00_00_00L;

    private AddressPlan() {
    }

    public static IpAddress ipv4(final int plane, final int host) {
        check(plane, host);
        return IpAddress.ipv4(10, plane, host / HOSTS_PER_THIRD_OCTET, host % HOSTS_PER_THIRD_OCTET + 1);
    }

    public static IpAddress ipv6(final int plane, final int host) {
        check(plane, host);
        return IpAddress.ipv6(IPV6_PREFIX | plane, host + 1L);
    }

    public static long mac(final int plane, final int host) {
        check(plane, host);
        return MAC_BASE | (long) plane << 24 | (host + 1L);
    }

    private static void check(final int plane, final int host) {
        if (plane < 0 || plane >= MAX_PLANES) {
            throw new IllegalArgumentException("plane " + plane + " outside 0-" + (MAX_PLANES - 1));
        }
        if (host < 0 || host >= MAX_HOSTS) {
            throw new IllegalArgumentException("host " + host + " outside 0-" + (MAX_HOSTS - 1));
        }
    }
}
