package org.mprt.ctk.fabric.node;

import org.mprt.ctk.fabric.address.IpAddress;
import org.mprt.ctk.fabric.address.MacAddress;
import org.mprt.ctk.fabric.endpoint.NicPort;
import org.mprt.ctk.fabric.link.Link;
import org.mprt.ctk.fabric.link.LinkPort;
import org.mprt.ctk.wire.ethernet.EthernetFlyweight;

/** A NIC port of a {@link Host}, on one plane: the endpoint's {@link NicPort}, the fabric's {@link LinkPort}. */
public final class HostPort implements NicPort, LinkPort {

    private final Host host;
    private final int plane;
    private final long mac;
    private final IpAddress ipv4;
    private final IpAddress ipv6;
    private Link egress;
    private Link ingress;
    private long framesSent;
    private long framesReceived;

    HostPort(final Host host, final int plane, final long mac, final IpAddress ipv4, final IpAddress ipv6) {
        if (ipv4 == null && ipv6 == null) {
            throw new IllegalArgumentException("a port needs an IPv4 or an IPv6 address");
        }
        if (ipv4 != null && !ipv4.isIpv4() || ipv6 != null && ipv6.isIpv4()) {
            throw new IllegalArgumentException("address family mismatch: ipv4 " + ipv4 + ", ipv6 " + ipv6);
        }
        this.host = host;
        this.plane = plane;
        this.mac = mac;
        this.ipv4 = ipv4;
        this.ipv6 = ipv6;
    }

    /** Wiring, done once by the topology. */
    public void attach(final Link egressLink, final Link ingressLink) {
        if (egress != null) {
            throw new IllegalStateException(name() + " is already attached");
        }
        egress = egressLink;
        ingress = ingressLink;
        ingressLink.connect(this);
    }

    @Override
    public void send(final byte[] frame, final int length) {
        if (length < EthernetFlyweight.ETHERNET_LENGTH || length > frame.length) {
            throw new IllegalArgumentException(name() + ": frame length " + length + " must be between "
                + EthernetFlyweight.ETHERNET_LENGTH + " and the array's " + frame.length + " bytes");
        }
        if (egress == null) {
            throw new IllegalStateException(name() + " is not attached to a link");
        }
        framesSent++;
        // A copy, since the fabric marks and corrupts frames in place and the sender reuses its buffer.
        final byte[] copy = new byte[length];
        System.arraycopy(frame, 0, copy, 0, length);
        egress.receive(copy, length);
    }

    @Override
    public void receive(final byte[] frame, final int length) {
        framesReceived++;
        host.deliver(this, frame, length);
    }

    public Host host() {
        return host;
    }

    @Override
    public int plane() {
        return plane;
    }

    @Override
    public long mac() {
        return mac;
    }

    @Override
    public boolean hasIpv4() {
        return ipv4 != null;
    }

    @Override
    public IpAddress ipv4() {
        if (ipv4 == null) {
            throw new IllegalStateException(name() + " has no IPv4 address");
        }
        return ipv4;
    }

    @Override
    public boolean hasIpv6() {
        return ipv6 != null;
    }

    @Override
    public IpAddress ipv6() {
        if (ipv6 == null) {
            throw new IllegalStateException(name() + " has no IPv6 address");
        }
        return ipv6;
    }

    @Override
    public long egressBacklogBytes() {
        return egress == null ? 0 : egress.queue().occupancyBytes();
    }

    /** Frames the endpoint handed to {@link #send}. */
    public long framesSent() {
        return framesSent;
    }

    /** Frames that arrived at this port. */
    public long framesReceived() {
        return framesReceived;
    }

    @Override
    public String name() {
        return "p" + plane + "/" + host.name();
    }

    @Override
    public Link egressLink() {
        return egress;
    }

    @Override
    public Link ingressLink() {
        return ingress;
    }

    @Override
    public String toString() {
        return name() + " " + MacAddress.format(mac) + (ipv4 != null ? " " + ipv4 : "") + (ipv6 != null ? " " + ipv6 : "");
    }
}
