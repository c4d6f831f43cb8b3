package org.mprt.ctk.reference.harness;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.mprt.ctk.reference.attachment.FrameSink;
import org.mprt.ctk.reference.attachment.IpAddress;
import org.mprt.ctk.reference.attachment.PortPacer;
import org.mprt.ctk.wire.decode.DecodedPacket;
import org.mprt.ctk.wire.decode.PacketDecoder;
import org.mprt.ctk.wire.ethernet.EthernetFlyweight;
import org.mprt.ctk.wire.icrc.Icrc;
import org.mprt.ctk.wire.ip.Ecn;

/**
 * A deterministic in-memory network for the endpoint tests: each plane is one switch that forwards
 * by destination MAC; each port has a link of its line rate and a propagation delay, and the switch
 * egress towards a port is a FIFO that serialises at the port's rate, can mark CE above a queue
 * threshold and drops above a buffer size. Impairments are predicates on frames plus a seeded
 * random loss. Every frame a port transmits is captured, dropped or not.
 */
public final class TestFabric {

    public static final long DEFAULT_RATE_BPS = 100_000_000_000L;
    public static final long DEFAULT_PROPAGATION_NS = 1_000;

    private final VirtualScheduler scheduler;
    private final SplittableRandom random;
    private final int planes;
    private final Map<String, List<TestPort>> nodes = new HashMap<>();
    private final Map<String, FrameSink> sinks = new HashMap<>();
    private final List<TestPort> allPorts = new ArrayList<>();
    private final List<Frame> captured = new ArrayList<>();
    private final List<Predicate<Frame>> dropRules = new ArrayList<>();
    private final List<Predicate<Frame>> markRules = new ArrayList<>();
    private final List<Predicate<Frame>> rewriteRules = new ArrayList<>();
    private final List<Consumer<DecodedPacket>> rewrites = new ArrayList<>();
    private Predicate<Frame> lossApplies = frame -> true;
    private double lossProbability;
    private long propagationNs = DEFAULT_PROPAGATION_NS;
    private long markThresholdBytes = Long.MAX_VALUE;
    private long bufferBytes = Long.MAX_VALUE;
    private int dropped;
    private boolean ipv6;

    public TestFabric(final VirtualScheduler scheduler, final long seed, final int planes) {
        this.scheduler = scheduler;
        this.random = new SplittableRandom(seed);
        this.planes = planes;
    }

    /** Adds a node with one port per plane at {@code rateBps}; node n, plane p has 10.p.0.n. */
    public List<TestPort> addNode(final String name, final long rateBps) {
        final int nodeNumber = nodes.size() + 1;
        final List<TestPort> ports = new ArrayList<>();
        for (int p = 0; p < planes; p++) {
            final long mac = 0x02_00_00_00_00_00L | (long) nodeNumber << 8 | p;
            final IpAddress ip = ipv6 ? IpAddress.ipv6(0xFD00_0000_0000_0000L | p, nodeNumber)
                : IpAddress.ipv4(10 << 24 | p << 16 | nodeNumber);
            final TestPort port = new TestPort(this, name, p, p, mac, ip, rateBps);
            ports.add(port);
            allPorts.add(port);
        }
        nodes.put(name, ports);
        return ports;
    }

    public List<TestPort> addNode(final String name) {
        return addNode(name, DEFAULT_RATE_BPS);
    }

    /** Nodes added from now on get IPv6 addresses fd00::p:0:0:0:n. */
    public void useIpv6() {
        ipv6 = true;
    }

    public void attach(final String node, final FrameSink sink) {
        sinks.put(node, sink);
    }

    public List<TestPort> ports(final String node) {
        return nodes.get(node);
    }

    public void propagationNs(final long ns) {
        propagationNs = ns;
    }

    /** Drops each frame that {@code applies} with probability {@code p}, from the fabric's seeded random source. */
    public void randomLoss(final double p, final Predicate<Frame> applies) {
        lossProbability = p;
        lossApplies = applies;
    }

    /** Drops every frame matching {@code rule} (checked when the frame leaves its port). */
    public void dropIf(final Predicate<Frame> rule) {
        dropRules.add(rule);
    }

    /** Marks CE on every ECN-capable IPv4 frame matching {@code rule}. */
    public void markCeIf(final Predicate<Frame> rule) {
        markRules.add(rule);
    }

    /** Rewrites every frame matching {@code rule} on its way (the capture keeps the original); the ICRC is recomputed. */
    public void rewriteIf(final Predicate<Frame> rule, final Consumer<DecodedPacket> rewrite) {
        rewriteRules.add(rule);
        rewrites.add(rewrite);
    }

    /** Switch egress queues mark CE above {@code markBytes} and drop above {@code bufferBytes} of backlog. */
    public void egressQueue(final long markBytes, final long buffer) {
        markThresholdBytes = markBytes;
        bufferBytes = buffer;
    }

    public void clearImpairments() {
        dropRules.clear();
        rewriteRules.clear();
        rewrites.clear();
        markRules.clear();
        lossProbability = 0;
    }

    public List<Frame> captured() {
        return captured;
    }

    public int dropped() {
        return dropped;
    }

    void onTransmit(final TestPort from, final byte[] bytes) {
        final Frame frame = new Frame(scheduler.nowNs(), from, bytes);
        captured.add(frame);
        if (isDropped(frame)) {
            dropped++;
            return;
        }
        final TestPort to = destination(from, bytes);
        if (to == null) {
            return;
        }
        final long arrivalNs = scheduler.nowNs() + propagationNs;
        final long backlogBytes = Math.max(0, to.egressFreeAtNs() - arrivalNs) * to.lineRateBps() / 8_000_000_000L;
        if (backlogBytes > bufferBytes) {
            dropped++;
            return;
        }
        byte[] delivered = frame.decoded().hasIpv4() && (backlogBytes > markThresholdBytes || matches(markRules, frame))
            ? markedCopy(bytes) : bytes;
        for (int i = 0; i < rewriteRules.size(); i++) {
            if (rewriteRules.get(i).test(frame)) {
                delivered = rewritten(delivered, rewrites.get(i));
            }
        }
        final long departNs = Math.max(arrivalNs, to.egressFreeAtNs())
            + new PortPacer(to.lineRateBps()).serialisationNs(bytes.length);
        to.egressFreeAtNs(departNs);
        final FrameSink sink = sinks.get(to.node());
        final byte[] arriving = delivered;
        scheduler.schedule(departNs + propagationNs, () -> sink.onFrame(to.index(), arriving, arriving.length));
    }

    private boolean isDropped(final Frame frame) {
        if (matches(dropRules, frame)) {
            return true;
        }
        return lossProbability > 0 && lossApplies.test(frame) && random.nextDouble() < lossProbability;
    }

    private static boolean matches(final List<Predicate<Frame>> rules, final Frame frame) {
        for (final Predicate<Frame> rule : rules) {
            if (rule.test(frame)) {
                return true;
            }
        }
        return false;
    }

    private static byte[] rewritten(final byte[] bytes, final Consumer<DecodedPacket> rewrite) {
        final byte[] copy = bytes.clone();
        final DecodedPacket decoded = new DecodedPacket();
        PacketDecoder.decodeEthernet(copy, 0, copy.length, decoded);
        rewrite.accept(decoded);
        Icrc.update(decoded.buffer(), decoded.networkOffset(), decoded.networkKind(), decoded.icrcOffset());
        return copy;
    }

    // The capture keeps what the sender sent; the receiver gets the marked copy.
    private static byte[] markedCopy(final byte[] bytes) {
        final byte[] copy = bytes.clone();
        final DecodedPacket decoded = new DecodedPacket();
        PacketDecoder.decodeEthernet(copy, 0, copy.length, decoded);
        final var ip = decoded.ipv4();
        if (Ecn.isEcnCapable(ip.ecn())) {
            ip.ecn(Ecn.CE).updateHeaderChecksum();
        }
        return copy;
    }

    private TestPort destination(final TestPort from, final byte[] bytes) {
        final long mac = new EthernetFlyweight().wrap(bytes, 0).destination();
        for (final TestPort port : allPorts) {
            if (port != from && port.planeIndex() == from.planeIndex() && port.macAddress() == mac) {
                return port;
            }
        }
        return null;
    }
}
