package org.mprt.ctk.fabric.node;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.mprt.ctk.fabric.address.IpAddress;
import org.mprt.ctk.fabric.endpoint.Endpoint;
import org.mprt.ctk.fabric.endpoint.EndpointContext;
import org.mprt.ctk.fabric.endpoint.NicPort;
import org.mprt.ctk.fabric.time.Scheduler;

/**
 * A node with one NIC port per plane and one transport {@link Endpoint} attached to it
 * (mprt-v0.1.md section 2). The host adds nothing of its own: the endpoint is the transport.
 * Frames that arrive before an endpoint is attached are counted as unclaimed.
 */
public final class Host {

    private final String name;
    private final int index;
    private final Scheduler scheduler;
    private final List<HostPort> ports = new ArrayList<>();
    private Endpoint endpoint;
    private long unclaimedFrames;

    public Host(final String name, final int index, final Scheduler scheduler) {
        this.name = name;
        this.index = index;
        this.scheduler = scheduler;
    }

    /** Adds the port of the next plane (planes are added in order from 0); either address may be null, not both. */
    public HostPort addPort(final int plane, final long mac, final IpAddress ipv4, final IpAddress ipv6) {
        if (plane != ports.size()) {
            throw new IllegalArgumentException(name + ": ports are added plane by plane; next is " + ports.size()
                + ", got " + plane);
        }
        final HostPort port = new HostPort(this, plane, mac, ipv4, ipv6);
        ports.add(port);
        return port;
    }

    /** Attaches the transport endpoint, once, and hands it its context. */
    public void attach(final Endpoint transport) {
        if (endpoint != null) {
            throw new IllegalStateException(name + " already has an endpoint");
        }
        endpoint = transport;
        transport.onAttach(new EndpointContext(index, name, scheduler, List.<NicPort>copyOf(ports)));
    }

    public String name() {
        return name;
    }

    public int index() {
        return index;
    }

    public List<HostPort> ports() {
        return Collections.unmodifiableList(ports);
    }

    public HostPort port(final int plane) {
        return ports.get(plane);
    }

    public Endpoint endpoint() {
        return endpoint;
    }

    /** Frames that arrived while no endpoint was attached. */
    public long unclaimedFrames() {
        return unclaimedFrames;
    }

    @Override
    public String toString() {
        return name;
    }

    void deliver(final HostPort port, final byte[] frame, final int length) {
        if (endpoint == null) {
            unclaimedFrames++;
            return;
        }
        endpoint.onFrame(port, frame, length);
    }
}
