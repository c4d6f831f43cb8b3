package org.mprt.ctk.fabric.endpoint;

import org.mprt.ctk.fabric.address.IpAddress;

/**
 * One NIC port of a host as its endpoint sees it: the plane it is on, its addresses, and a way to
 * transmit. One port per plane (mprt-v0.1.md section 2: a plane is reached through one NIC port
 * of each node).
 */
public interface NicPort {

    /** Index of the plane this port is attached to, from 0. */
    int plane();

    /** This port's MAC address, as a 48-bit value (the form the codec's FrameEncoder takes). */
    long mac();

    /** True when the port has an IPv4 address. */
    boolean hasIpv4();

    /** The IPv4 address; use {@link IpAddress#ipv4Bits()} for the FrameEncoder. */
    IpAddress ipv4();

    /** True when the port has an IPv6 address. */
    boolean hasIpv6();

    /** The IPv6 address; {@link IpAddress#high()} and {@link IpAddress#low()} for the FrameEncoder. */
    IpAddress ipv6();

    /**
     * Queues a complete Ethernet frame (no FCS; at least 14 bytes) on this port's egress. The
     * fabric copies the bytes, so the caller may reuse {@code frame} at once. A frame that does
     * not fit in the NIC's transmit buffer is dropped and counted on the port's egress link;
     * {@link #egressBacklogBytes()} lets an endpoint pace itself to avoid that.
     */
    void send(byte[] frame, int length);

    /** Bytes queued on this port's egress and not yet fully transmitted. */
    long egressBacklogBytes();
}
