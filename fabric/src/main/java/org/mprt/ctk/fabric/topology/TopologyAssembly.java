package org.mprt.ctk.fabric.topology;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mprt.ctk.fabric.address.AddressPlan;
import org.mprt.ctk.fabric.address.IpAddress;
import org.mprt.ctk.fabric.link.Link;
import org.mprt.ctk.fabric.link.LinkSettings;
import org.mprt.ctk.fabric.node.Host;
import org.mprt.ctk.fabric.node.HostPort;
import org.mprt.ctk.fabric.node.PortRole;
import org.mprt.ctk.fabric.node.Switch;
import org.mprt.ctk.fabric.node.SwitchPort;
import org.mprt.ctk.fabric.queue.EcnProfile;
import org.mprt.ctk.fabric.seed.RunSeed;
import org.mprt.ctk.fabric.time.Scheduler;

/**
 * Builds what a {@link TopologyBuilder} describes, always in the same order, because that order
 * decides which generator each component gets: hosts; then plane by plane, leaves, spines
 * (one split each, for the ECMP seed), host cables by host, leaf-spine cables by leaf, spine and
 * parallel index (two splits per link direction: queue, then wire); then the routes.
 */
final class TopologyAssembly {

    private final TopologyBuilder spec;
    private final Scheduler scheduler;
    private final RunSeed seed;
    private final int leafCount;
    private final List<Host> hosts = new ArrayList<>();
    private final List<Link> links = new ArrayList<>();
    private final Map<IpAddress, HostPort> portsByAddress = new HashMap<>();
    private final Switch[][] leaves;
    private final Switch[][] spines;
    private final Link[][] hostUplinks;
    private final Link[][] hostDownlinks;
    private final Link[][][][] leafToSpine;
    private final Link[][][][] spineToLeaf;

    TopologyAssembly(final TopologyBuilder spec, final Scheduler scheduler) {
        if (scheduler.now() != 0 || scheduler.pendingEvents() != 0) {
            throw new IllegalStateException("a topology is built on a fresh scheduler (now " + scheduler.now()
                + " ns, " + scheduler.pendingEvents() + " events pending)");
        }
        this.spec = spec;
        this.scheduler = scheduler;
        this.seed = new RunSeed(spec.seed);
        this.leafCount = spec.leafCount();
        this.leaves = new Switch[spec.planes][leafCount];
        this.spines = new Switch[spec.planes][spec.spinesPerPlane];
        this.hostUplinks = new Link[spec.planes][spec.hosts];
        this.hostDownlinks = new Link[spec.planes][spec.hosts];
        this.leafToSpine = new Link[spec.planes][leafCount][spec.spinesPerPlane][spec.parallelLinks];
        this.spineToLeaf = new Link[spec.planes][spec.spinesPerPlane][leafCount][spec.parallelLinks];
    }

    Topology assemble() {
        for (int h = 0; h < spec.hosts; h++) {
            hosts.add(new Host("h" + h, h, scheduler));
        }
        for (int p = 0; p < spec.planes; p++) {
            buildPlane(p);
        }
        return new Topology(this);
    }

    private void buildPlane(final int plane) {
        for (int l = 0; l < leafCount; l++) {
            leaves[plane][l] = new Switch("p" + plane + "/leaf" + l, plane, seed.split().nextLong());
        }
        for (int s = 0; s < spec.spinesPerPlane; s++) {
            spines[plane][s] = new Switch("p" + plane + "/spine" + s, plane, seed.split().nextLong());
        }
        final int[] hostFacingPort = new int[spec.hosts];
        final LinkSettings hostSettings = spec.linkSettings.withEcn(EcnProfile.DISABLED);
        for (int h = 0; h < spec.hosts; h++) {
            final HostPort nic = hosts.get(h).addPort(plane, AddressPlan.mac(plane, h),
                spec.ipv4 ? AddressPlan.ipv4(plane, h) : null, spec.ipv6 ? AddressPlan.ipv6(plane, h) : null);
            final SwitchPort leafPort = leaves[plane][leafOf(h)].addPort(PortRole.HOST);
            hostUplinks[plane][h] = link(nic.name(), leafPort.name(), hostSettings);
            hostDownlinks[plane][h] = link(leafPort.name(), nic.name(), spec.linkSettings);
            nic.attach(hostUplinks[plane][h], hostDownlinks[plane][h]);
            leafPort.attach(hostDownlinks[plane][h], hostUplinks[plane][h]);
            hostFacingPort[h] = leafPort.index();
            register(nic);
        }
        final int[][] uplinkPorts = new int[leafCount][spec.spinesPerPlane * spec.parallelLinks];
        final int[][][] spinePortsToLeaf = new int[spec.spinesPerPlane][leafCount][spec.parallelLinks];
        for (int l = 0; l < leafCount; l++) {
            for (int s = 0; s < spec.spinesPerPlane; s++) {
                for (int k = 0; k < spec.parallelLinks; k++) {
                    final SwitchPort up = leaves[plane][l].addPort(PortRole.FABRIC);
                    final SwitchPort down = spines[plane][s].addPort(PortRole.FABRIC);
                    leafToSpine[plane][l][s][k] = link(up.name(), down.name(), spec.linkSettings);
                    spineToLeaf[plane][s][l][k] = link(down.name(), up.name(), spec.linkSettings);
                    up.attach(leafToSpine[plane][l][s][k], spineToLeaf[plane][s][l][k]);
                    down.attach(spineToLeaf[plane][s][l][k], leafToSpine[plane][l][s][k]);
                    uplinkPorts[l][s * spec.parallelLinks + k] = up.index();
                    spinePortsToLeaf[s][l][k] = down.index();
                }
            }
        }
        for (int h = 0; h < spec.hosts; h++) {
            installRoutes(plane, h, hostFacingPort[h], uplinkPorts, spinePortsToLeaf);
        }
    }

    private void installRoutes(
        final int plane, final int host, final int hostFacingPort, final int[][] uplinkPorts,
        final int[][][] spinePortsToLeaf) {
        final HostPort nic = hosts.get(host).port(plane);
        for (int l = 0; l < leafCount; l++) {
            final int[] egress = l == leafOf(host) ? new int[] {hostFacingPort} : uplinkPorts[l];
            if (egress.length > 0) {
                route(leaves[plane][l], nic, egress);
            }
        }
        for (int s = 0; s < spec.spinesPerPlane; s++) {
            route(spines[plane][s], nic, spinePortsToLeaf[s][leafOf(host)]);
        }
    }

    private static void route(final Switch node, final HostPort nic, final int[] egress) {
        if (nic.hasIpv4()) {
            node.addRoute(nic.ipv4(), egress);
        }
        if (nic.hasIpv6()) {
            node.addRoute(nic.ipv6(), egress);
        }
        node.addMac(nic.mac(), egress);
    }

    private Link link(final String from, final String to, final LinkSettings settings) {
        final Link link = new Link(from + " -> " + to, scheduler, settings, seed.split(), seed.split());
        links.add(link);
        return link;
    }

    private void register(final HostPort nic) {
        if (nic.hasIpv4()) {
            portsByAddress.put(nic.ipv4(), nic);
        }
        if (nic.hasIpv6()) {
            portsByAddress.put(nic.ipv6(), nic);
        }
    }

    int leafOf(final int host) {
        return host / spec.hostsPerLeaf;
    }

    // Read by Topology's constructor.
    TopologyBuilder spec() {
        return spec;
    }

    Scheduler scheduler() {
        return scheduler;
    }

    RunSeed seed() {
        return seed;
    }

    int leafCount() {
        return leafCount;
    }

    List<Host> hosts() {
        return hosts;
    }

    List<Link> links() {
        return links;
    }

    Map<IpAddress, HostPort> portsByAddress() {
        return portsByAddress;
    }

    Switch[][] leaves() {
        return leaves;
    }

    Switch[][] spines() {
        return spines;
    }

    Link[][] hostUplinks() {
        return hostUplinks;
    }

    Link[][] hostDownlinks() {
        return hostDownlinks;
    }

    Link[][][][] leafToSpine() {
        return leafToSpine;
    }

    Link[][][][] spineToLeaf() {
        return spineToLeaf;
    }
}
