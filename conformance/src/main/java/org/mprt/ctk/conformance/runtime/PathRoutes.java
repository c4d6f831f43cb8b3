package org.mprt.ctk.conformance.runtime;

import org.mprt.ctk.fabric.address.FiveTuple;
import org.mprt.ctk.fabric.address.IpAddress;
import org.mprt.ctk.fabric.node.HostPort;
import org.mprt.ctk.fabric.topology.Route;
import org.mprt.ctk.fabric.topology.Topology;
import org.mprt.ctk.reference.verbs.ConnectionDescriptor;

/**
 * Where a path of the scenario's first connection runs: path k of a sender goes over plane
 * k mod planes with UDP source port 0xC000 + k, as {@link ConnectionDescriptor#spread} assigns
 * paths, from the device (host 0) to the first tester (host 1) or back.
 */
public final class PathRoutes {

    private final Topology topology;
    private final int pathCount;

    public PathRoutes(final Topology topology, final int pathCount) {
        this.topology = topology;
        this.pathCount = pathCount;
    }

    /** The links and switches the data of {@code end}'s path {@code pathId} crosses. */
    public Route route(final Impairment.PathEnd end, final int pathId) {
        if (pathId < 0 || pathId >= pathCount) {
            throw new ScenarioInputException("path " + pathId + ": expected a path from 0 to " + (pathCount - 1)
                + " of the connection's " + pathCount);
        }
        final int plane = pathId % topology.planeCount();
        final HostPort device = topology.host(0).port(plane);
        final HostPort tester = topology.host(1).port(plane);
        final HostPort from = end == Impairment.PathEnd.DEVICE ? device : tester;
        final HostPort to = end == Impairment.PathEnd.DEVICE ? tester : device;
        return topology.route(FiveTuple.rocev2(address(from), address(to), ConnectionDescriptor.FIRST_ENTROPY_PORT + pathId));
    }

    private static IpAddress address(final HostPort port) {
        return port.hasIpv4() ? port.ipv4() : port.ipv6();
    }
}
