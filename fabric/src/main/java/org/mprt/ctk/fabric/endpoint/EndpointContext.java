package org.mprt.ctk.fabric.endpoint;

import java.util.List;
import org.mprt.ctk.fabric.time.NanoClock;
import org.mprt.ctk.fabric.time.Scheduler;

/**
 * What an endpoint gets when it attaches to a host: the host's identity, the scheduler for its
 * timers, and its ports in plane order.
 *
 * @param hostIndex the host's index in the topology, from 0
 * @param hostName  a readable name such as {@code h3}
 * @param scheduler virtual time and timers; the only source of time an endpoint may use
 * @param ports     the host's NIC ports, {@code ports.get(p)} on plane {@code p}
 */
public record EndpointContext(int hostIndex, String hostName, Scheduler scheduler, List<NicPort> ports) {

    public EndpointContext {
        ports = List.copyOf(ports);
    }

    /** The scheduler as a plain clock. */
    public NanoClock clock() {
        return scheduler;
    }

    /** The port on plane {@code plane}. */
    public NicPort port(final int plane) {
        return ports.get(plane);
    }
}
