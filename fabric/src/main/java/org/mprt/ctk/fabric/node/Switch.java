package org.mprt.ctk.fabric.node;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.mprt.ctk.fabric.address.FiveTuple;
import org.mprt.ctk.fabric.address.IpAddress;
import org.mprt.ctk.fabric.address.MacAddress;
import org.mprt.ctk.fabric.frame.FrameHeaders;
import org.mprt.ctk.fabric.link.Link;
import org.mprt.ctk.wire.ethernet.EthernetFlyweight;
import org.mprt.ctk.wire.ip.UdpFlyweight;

/**
 * A store-and-forward switch with ECMP (htsim's switch role): a frame that has fully arrived on
 * a port is put at once on the egress queue of the port its forwarding decision names.
 *
 * <ul>
 *   <li>IP frames (IPv4, IPv6, after up to two VLAN tags) are forwarded by destination address
 *       through a table of host routes. Among several equal-cost ports, {@link EcmpHash} of the
 *       5-tuple with this switch's seed picks one, so the UDP source port picks the path and one
 *       5-tuple always takes the same one. Frames are routed but not rewritten: MAC addresses and
 *       TTL stay as the sender wrote them, so a frame is byte-identical at both ends of the
 *       fabric unless a queue marked ECN or a link corrupted it.</li>
 *   <li>Non-IP frames: IEEE 802.1 link-local destinations (01-80-C2-00-00-0X: PAUSE and PFC
 *       frames, EtherType 0x8808; LLDP) are consumed, as a bridge never forwards them; a known
 *       destination MAC is forwarded like an IP destination; anything else is flooded to every
 *       host-facing port but the one it came in on (never toward other switches, so no loop).</li>
 *   <li>Nothing is dropped without a count: no route, consumed link-local, unknown destination
 *       with nowhere to flood, a frame too short for its headers.</li>
 * </ul>
 */
public final class Switch {

    private final String name;
    private final int plane;
    private final long ecmpSeed;
    private final List<SwitchPort> ports = new ArrayList<>();
    private final ForwardingTable routes = new ForwardingTable();
    private final ForwardingTable macs = new ForwardingTable();

    private long forwarded;
    private long noRouteDrops;
    private long linkLocalConsumed;
    private long flooded;
    private long unknownDrops;
    private long malformedDrops;

    public Switch(final String name, final int plane, final long ecmpSeed) {
        this.name = name;
        this.plane = plane;
        this.ecmpSeed = ecmpSeed;
    }

    public SwitchPort addPort(final PortRole role) {
        final SwitchPort port = new SwitchPort(this, ports.size(), role);
        ports.add(port);
        return port;
    }

    /** Installs a host route: frames to {@code destination} leave by one of {@code egressPorts}. */
    public void addRoute(final IpAddress destination, final int... egressPorts) {
        routes.put(destination.high(), destination.low(), checkPorts(egressPorts));
    }

    /** Installs a MAC entry for non-IP frames. */
    public void addMac(final long mac, final int... egressPorts) {
        macs.put(0, mac, checkPorts(egressPorts));
    }

    /** The port a packet with this 5-tuple leaves by, or -1 when there is no route. */
    public int selectEgressPort(final FiveTuple tuple) {
        final IpAddress source = tuple.source();
        final IpAddress destination = tuple.destination();
        final int[] candidates = routes.lookup(destination.high(), destination.low());
        if (candidates == null) {
            return -1;
        }
        return pick(candidates, source.high(), source.low(), destination.high(), destination.low(),
            tuple.protocol(), tuple.sourcePort(), tuple.destinationPort());
    }

    public String name() {
        return name;
    }

    public int plane() {
        return plane;
    }

    public long ecmpSeed() {
        return ecmpSeed;
    }

    public List<SwitchPort> ports() {
        return Collections.unmodifiableList(ports);
    }

    public SwitchPort port(final int index) {
        return ports.get(index);
    }

    /** Frames put on an egress queue (each flood copy counts once). */
    public long forwarded() {
        return forwarded;
    }

    public long noRouteDrops() {
        return noRouteDrops;
    }

    /** Link-local frames (PAUSE, PFC, LLDP) taken off the network. */
    public long linkLocalConsumed() {
        return linkLocalConsumed;
    }

    /** Non-IP frames with an unknown destination that were flooded. */
    public long flooded() {
        return flooded;
    }

    /** Non-IP frames with an unknown destination and no other host-facing port to flood to. */
    public long unknownDrops() {
        return unknownDrops;
    }

    public long malformedDrops() {
        return malformedDrops;
    }

    @Override
    public String toString() {
        return name;
    }

    void forward(final SwitchPort ingress, final byte[] frame, final int length) {
        final int network = FrameHeaders.networkOffset(frame, length);
        if (network != FrameHeaders.NOT_IP) {
            forwardIp(frame, length, network);
        } else {
            forwardByMac(ingress, frame, length);
        }
    }

    private void forwardIp(final byte[] frame, final int length, final int network) {
        final long destinationHigh = FrameHeaders.destinationHigh(frame, network);
        final long destinationLow = FrameHeaders.destinationLow(frame, network);
        final int[] candidates = routes.lookup(destinationHigh, destinationLow);
        if (candidates == null) {
            noRouteDrops++;
            return;
        }
        if (candidates.length == 1) {
            send(candidates[0], frame, length);
            return;
        }
        final int protocol = FrameHeaders.protocol(frame, network);
        final int transport = FrameHeaders.transportOffset(frame, network);
        final boolean hasPorts = FrameHeaders.hasPorts(protocol) && transport + 4 <= length;
        send(pick(candidates, FrameHeaders.sourceHigh(frame, network), FrameHeaders.sourceLow(frame, network),
            destinationHigh, destinationLow, protocol,
            hasPorts ? FrameHeaders.u16(frame, transport + UdpFlyweight.SOURCE_PORT_FIELD_OFFSET) : 0,
            hasPorts ? FrameHeaders.u16(frame, transport + UdpFlyweight.DESTINATION_PORT_FIELD_OFFSET) : 0),
            frame, length);
    }

    private void forwardByMac(final SwitchPort ingress, final byte[] frame, final int length) {
        if (length < EthernetFlyweight.ETHERNET_LENGTH) {
            malformedDrops++;
            return;
        }
        final long destination = FrameHeaders.u48(frame, EthernetFlyweight.DESTINATION_FIELD_OFFSET);
        if (MacAddress.isLinkLocal(destination)) {
            linkLocalConsumed++;
            return;
        }
        final int[] candidates = macs.lookup(0, destination);
        if (candidates != null) {
            final long source = FrameHeaders.u48(frame, EthernetFlyweight.SOURCE_FIELD_OFFSET);
            send(candidates.length == 1 ? candidates[0]
                : candidates[EcmpHash.choose(EcmpHash.hash(ecmpSeed, 0, source, 0, destination, 0, 0, 0),
                    candidates.length)], frame, length);
            return;
        }
        flood(ingress, frame, length);
    }

    private void flood(final SwitchPort ingress, final byte[] frame, final int length) {
        SwitchPort last = null;
        for (final SwitchPort port : ports) {
            if (port.role() != PortRole.HOST || port == ingress || port.egressLink() == null) {
                continue;
            }
            if (last != null) {
                send(last.index(), frame.clone(), length);
            }
            last = port;
        }
        if (last == null) {
            unknownDrops++;
            return;
        }
        flooded++;
        send(last.index(), frame, length);
    }

    private int pick(
        final int[] candidates, final long sourceHigh, final long sourceLow, final long destinationHigh,
        final long destinationLow, final int protocol, final int sourcePort, final int destinationPort) {
        if (candidates.length == 1) {
            return candidates[0];
        }
        final long hash = EcmpHash.hash(ecmpSeed, sourceHigh, sourceLow, destinationHigh, destinationLow,
            protocol, sourcePort, destinationPort);
        return candidates[EcmpHash.choose(hash, candidates.length)];
    }

    private void send(final int egressPort, final byte[] frame, final int length) {
        final Link egress = ports.get(egressPort).egressLink();
        forwarded++;
        egress.receive(frame, length);
    }

    private int[] checkPorts(final int[] egressPorts) {
        for (final int port : egressPorts) {
            if (port < 0 || port >= ports.size()) {
                throw new IllegalArgumentException(name + " has no port " + port + " (ports 0-" + (ports.size() - 1) + ")");
            }
        }
        return egressPorts;
    }
}
