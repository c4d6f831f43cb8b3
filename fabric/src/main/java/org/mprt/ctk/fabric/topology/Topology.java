package org.mprt.ctk.fabric.topology;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.mprt.ctk.fabric.address.FiveTuple;
import org.mprt.ctk.fabric.address.IpAddress;
import org.mprt.ctk.fabric.frame.FrameSink;
import org.mprt.ctk.fabric.link.Link;
import org.mprt.ctk.fabric.node.Host;
import org.mprt.ctk.fabric.node.HostPort;
import org.mprt.ctk.fabric.node.Switch;
import org.mprt.ctk.fabric.node.SwitchPort;
import org.mprt.ctk.fabric.seed.RunSeed;
import org.mprt.ctk.fabric.time.Scheduler;

/**
 * A built fabric: N hosts, P independent leaf-spine planes, the scheduler that runs it and the
 * seed it was built from. Addresses follow {@link org.mprt.ctk.fabric.address.AddressPlan}.
 *
 * <p>Every link is reachable by name of its role (host uplink and downlink, leaf-to-spine and
 * spine-to-leaf by index) and by {@link #route(FiveTuple)}, so a scenario can impair exactly the
 * links one path uses.
 */
public final class Topology {

    private static final int MAX_HOPS = 8;

    private final Scheduler scheduler;
    private final RunSeed seed;
    private final int planeCount;
    private final int leafCount;
    private final int spinesPerPlane;
    private final int hostsPerLeaf;
    private final List<Host> hosts;
    private final List<Link> links;
    private final Map<IpAddress, HostPort> portsByAddress;
    private final Switch[][] leaves;
    private final Switch[][] spines;
    private final Link[][] hostUplinks;
    private final Link[][] hostDownlinks;
    private final Link[][][][] leafToSpine;
    private final Link[][][][] spineToLeaf;

    Topology(final TopologyAssembly assembly) {
        scheduler = assembly.scheduler();
        seed = assembly.seed();
        planeCount = assembly.spec().planes;
        leafCount = assembly.leafCount();
        spinesPerPlane = assembly.spec().spinesPerPlane;
        hostsPerLeaf = assembly.spec().hostsPerLeaf;
        hosts = List.copyOf(assembly.hosts());
        links = List.copyOf(assembly.links());
        portsByAddress = Map.copyOf(assembly.portsByAddress());
        leaves = assembly.leaves();
        spines = assembly.spines();
        hostUplinks = assembly.hostUplinks();
        hostDownlinks = assembly.hostDownlinks();
        leafToSpine = assembly.leafToSpine();
        spineToLeaf = assembly.spineToLeaf();
    }

    public static TopologyBuilder builder() {
        return new TopologyBuilder();
    }

    public Scheduler scheduler() {
        return scheduler;
    }

    /** The run seed; {@code seed().split()} gives endpoints their generators, after the fabric's. */
    public RunSeed seed() {
        return seed;
    }

    public int hostCount() {
        return hosts.size();
    }

    public int planeCount() {
        return planeCount;
    }

    public int leafCount() {
        return leafCount;
    }

    public int spinesPerPlane() {
        return spinesPerPlane;
    }

    public List<Host> hosts() {
        return hosts;
    }

    public Host host(final int index) {
        return hosts.get(index);
    }

    /** Index of the leaf host {@code host} is attached to, the same on every plane. */
    public int leafOf(final int host) {
        return host / hostsPerLeaf;
    }

    public Switch leaf(final int plane, final int leaf) {
        return leaves[plane][leaf];
    }

    public Switch spine(final int plane, final int spine) {
        return spines[plane][spine];
    }

    /** Every switch, plane by plane, leaves before spines. */
    public List<Switch> switches() {
        final List<Switch> all = new ArrayList<>();
        for (int p = 0; p < planeCount; p++) {
            all.addAll(Arrays.asList(leaves[p]));
            all.addAll(Arrays.asList(spines[p]));
        }
        return Collections.unmodifiableList(all);
    }

    /** Every link direction, in the order they were built. */
    public List<Link> links() {
        return links;
    }

    /** From host {@code host}'s NIC port on {@code plane} to its leaf. */
    public Link hostUplink(final int host, final int plane) {
        return hostUplinks[plane][host];
    }

    /** From the leaf to host {@code host}'s NIC port on {@code plane}. */
    public Link hostDownlink(final int host, final int plane) {
        return hostDownlinks[plane][host];
    }

    /** The parallel links from {@code leaf} up to {@code spine} on {@code plane}. */
    public List<Link> leafToSpine(final int plane, final int leaf, final int spine) {
        return List.of(leafToSpine[plane][leaf][spine]);
    }

    /** The parallel links from {@code spine} down to {@code leaf} on {@code plane}. */
    public List<Link> spineToLeaf(final int plane, final int spine, final int leaf) {
        return List.of(spineToLeaf[plane][spine][leaf]);
    }

    /** The host port that owns {@code address}, or null. */
    public HostPort portOf(final IpAddress address) {
        return portsByAddress.get(address);
    }

    /**
     * The links a packet with {@code tuple} crosses, found by asking each switch on the way the
     * same question its forwarding asks, so the answer is the route frames take.
     */
    public Route route(final FiveTuple tuple) {
        final HostPort source = portOf(tuple.source());
        final HostPort destination = portOf(tuple.destination());
        if (source == null || destination == null) {
            throw new IllegalArgumentException("no host port has " + (source == null ? tuple.source() : tuple.destination()));
        }
        if (source.plane() != destination.plane()) {
            throw new IllegalArgumentException(tuple + " joins planes " + source.plane() + " and "
                + destination.plane() + ", which are independent networks");
        }
        final List<Link> path = new ArrayList<>();
        final List<Switch> switches = new ArrayList<>();
        Link link = source.egressLink();
        for (int hop = 0; hop < MAX_HOPS; hop++) {
            path.add(link);
            final FrameSink end = link.farEnd();
            if (end == destination) {
                return new Route(tuple, path, switches);
            }
            if (!(end instanceof SwitchPort port)) {
                throw new IllegalStateException(tuple + " reached " + end + " instead of " + destination);
            }
            final Switch node = port.owner();
            switches.add(node);
            final int egress = node.selectEgressPort(tuple);
            if (egress < 0) {
                throw new IllegalStateException(node + " has no route for " + tuple);
            }
            link = node.port(egress).egressLink();
        }
        throw new IllegalStateException(tuple + " did not arrive within " + MAX_HOPS + " hops: " + path);
    }

    @Override
    public String toString() {
        return hosts.size() + " hosts x " + planeCount + " planes, " + leafCount + " leaves and " + spinesPerPlane
            + " spines per plane, " + seed;
    }
}
