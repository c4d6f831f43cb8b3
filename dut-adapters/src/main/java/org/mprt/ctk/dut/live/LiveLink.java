package org.mprt.ctk.dut.live;

import java.util.List;
import org.mprt.ctk.reference.attachment.IpAddress;

/**
 * Where a live transfer runs: the interface and the addresses (one per plane, plane 0 first) of node A
 * and of node B, and the capture filter that keeps their frames and nothing else of the host's traffic.
 *
 * @param name a few words for messages, such as "lo"
 */
public record LiveLink(String name, String aInterface, List<IpAddress> aAddresses, String bInterface,
                       List<IpAddress> bAddresses, String filter) {

    /** Both nodes on this host's loopback interface, 127.77.1.0/24 and 127.77.2.0/24. */
    public static final LiveLink LOOPBACK = new LiveLink("lo", "lo", addresses("127.77", 1), "lo", addresses("127.77", 2),
        "udp port 4791 and net 127.77.0.0/16");

    /**
     * Node A's and node B's addresses over a veth pair: 198.18.1.0/24 and 198.18.2.0/24, of the range
     * RFC 2544 sets aside for benchmarking, which no network a host is on uses.
     */
    public static final List<IpAddress> VETH_A = addresses("198.18", 1);
    public static final List<IpAddress> VETH_B = addresses("198.18", 2);

    /**
     * Node A on end {@code a} of a veth pair ({@link VethPair}), node B on end {@code b}, at {@link #VETH_A}
     * and {@link #VETH_B}.
     */
    public static LiveLink veth(final String a, final String b) {
        return new LiveLink("a veth pair (" + a + ", " + b + ")", a, VETH_A, b, VETH_B, "udp port 4791 and net 198.18.0.0/15");
    }

    /** Node A's (1) or node B's (2) addresses on the two planes. */
    static List<IpAddress> addresses(final String prefix, final int node) {
        return List.of(IpAddress.ipv4(prefix + ".1." + node), IpAddress.ipv4(prefix + ".2." + node));
    }

    /** True on {@code lo}: a capture there holds both ends at once. */
    public boolean isLoopback() {
        return aInterface.equals("lo");
    }
}
