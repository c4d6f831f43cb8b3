package org.mprt.ctk.conformance.runtime;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.mprt.ctk.dut.DeviceUnderTest;
import org.mprt.ctk.dut.ReferenceDut;
import org.mprt.ctk.fabric.address.IpAddress;
import org.mprt.ctk.fabric.node.HostPort;
import org.mprt.ctk.fabric.time.RunawayGuard;
import org.mprt.ctk.fabric.topology.Topology;
import org.mprt.ctk.reference.verbs.Connection;
import org.mprt.ctk.reference.verbs.ConnectionDescriptor;
import org.mprt.ctk.reference.verbs.ConnectionPair;
import org.mprt.ctk.reference.verbs.MemoryRegion;
import org.mprt.ctk.reference.verbs.OutOfBand;
import org.mprt.ctk.reference.verbs.RdmaDevice;

/**
 * A scenario's fabric, built: the topology, the device under test on host 0, its capture, and
 * either reference testers on hosts 1 to N (a conversational scenario) or nothing yet (a probe
 * scenario puts its scripted tester on host 1). Impairments act from virtual time 0.
 */
public final class Testbed {

    /** Size of every region the testbed registers, and so of the largest message. */
    public static final int REGION_BYTES = 1 << 20;
    /** The device's connection number towards tester k is DEVICE_NUMBER + k. */
    public static final int DEVICE_NUMBER = 0x1000;
    /** Tester k's connection number is TESTER_NUMBER + k. */
    public static final int TESTER_NUMBER = 0x2000;
    /** The connection numbers of cross traffic start here. */
    private static final int CROSS_NUMBER = 0x4000;
    /**
     * The wall-clock time one run of the fabric may take before it is given up as a runaway (a device
     * scheduling events without end): far above any scenario's (the slowest whole scenario, judging
     * included, takes 1.7 s here), and short enough that a device that runs away in every scenario
     * does not hold a CI job for hours.
     */
    static final long RUN_BUDGET_NS = 30_000_000_000L;

    private final Topology topology;
    private final DeviceUnderTest dut;
    private final CaptureSession capture;
    private final MemoryRegion deviceSource;
    private final List<Peer> peers = new ArrayList<>();
    /** What the first run that failed threw: the scenario then has no verdict. */
    private Throwable failure;

    private Testbed(final Topology topology, final DeviceUnderTest dut, final CaptureSession capture,
                    final MemoryRegion deviceSource) {
        this.topology = topology;
        this.dut = dut;
        this.capture = capture;
        this.deviceSource = deviceSource;
    }

    /**
     * Builds the fabric for {@code hosts} hosts, puts the device on host 0 and starts the capture.
     *
     * @param keepSentFrames keep copies of what the device sends, for a scripted probe
     */
    public static Testbed build(final FabricPlan fabric, final int hosts, final DeviceUnderTest dut, final long seed,
                                final Path captureFile, final boolean keepSentFrames) {
        final Topology topology = fabric.build(hosts, seed);
        topology.scheduler().guard(RunawayGuard.ofWallClock(RUN_BUDGET_NS));
        dut.attach(topology.host(0), fabric.linkRateBps(), topology.seed().split());
        final CaptureSession capture = CaptureSession.onDevice(topology.host(0), captureFile, keepSentFrames);
        final MemoryRegion source = dut.device().registerRegion(REGION_BYTES);
        fill(source, topology.seed().split());
        return new Testbed(topology, dut, capture, source);
    }

    /**
     * Runs the fabric ({@link WatchedRun}) and returns what the run returns; what it throws is kept as
     * the testbed's {@link #failure()} before it passes on.
     */
    public <T> T run(final Supplier<T> run) {
        try {
            return WatchedRun.of(run);
        } catch (final RuntimeException | Error e) {
            failure = failure == null ? e : failure;
            throw e;
        }
    }

    /**
     * What the first failed run threw, or null: after it the fabric must not run again (a stuck run may
     * still hold it), and the scenario has no verdict.
     */
    public Throwable failure() {
        return failure;
    }

    /** Connects a reference tester on each of hosts 1 to {@code plan.testers()} to the device. */
    public void connectTesters(final ConnectionPlan plan, final long lineRateBps) {
        connectTesters(plan, lineRateBps, () -> ReferenceDut.of(dut.profile()));
    }

    /** Connects a tester that {@code testers} makes on each of hosts 1 to {@code plan.testers()} to the device. */
    public void connectTesters(final ConnectionPlan plan, final long lineRateBps, final Supplier<DeviceUnderTest> testers) {
        for (int h = 1; h <= plan.testers(); h++) {
            final DeviceUnderTest tester = testers.get();
            tester.attach(topology.host(h), lineRateBps, topology.seed().split());
            peers.add(connect(h, tester, plan));
        }
    }

    private Peer connect(final int host, final DeviceUnderTest tester, final ConnectionPlan plan) {
        final RdmaDevice device = dut.device();
        final MemoryRegion deviceTarget = device.registerRegion(REGION_BYTES);
        final MemoryRegion deviceInbox = device.registerRegion(REGION_BYTES);
        final MemoryRegion testerTarget = tester.device().registerRegion(REGION_BYTES);
        final MemoryRegion testerInbox = tester.device().registerRegion(REGION_BYTES);
        final ConnectionDescriptor atDevice = ConnectionDescriptor.spread(DEVICE_NUMBER + host, dut.ports(), plan.paths(),
            plan.streams(), plan.pmtuBytes(), List.of(deviceTarget));
        final ConnectionDescriptor atTester = ConnectionDescriptor.spread(TESTER_NUMBER + host, tester.ports(),
            plan.paths(), plan.streams(), plan.pmtuBytes(), List.of(testerTarget));
        final ConnectionPair<Connection, Connection> pair = OutOfBand.connect(device, atDevice, tester.device(), atTester);
        return new Peer(host, tester, pair.first(), pair.second(), deviceTarget, deviceInbox, testerTarget, testerInbox);
    }

    /**
     * Cross traffic towards the first tester: a reference node on each of the {@code hosts} hosts after
     * the testers writes {@code bytes} to it on a connection of its own, from the start of the
     * traffic, so that the tester's links are an incast bottleneck that the device's data shares.
     * Its frames never reach the device's ports, and the traffic does not wait for it.
     */
    public void crossTrafficToFirstTester(final int hosts, final long bytes, final ConnectionPlan plan, final long lineRateBps) {
        final DeviceUnderTest tester = peers.get(0).tester();
        for (int k = 0; k < hosts; k++) {
            final int host = 1 + plan.testers() + k;
            final ReferenceDut sender = ReferenceDut.of(dut.profile());
            sender.attach(topology.host(host), lineRateBps, topology.seed().split());
            final MemoryRegion source = sender.device().registerRegion(REGION_BYTES);
            final MemoryRegion target = tester.device().registerRegion(REGION_BYTES);
            final ConnectionDescriptor atSender = ConnectionDescriptor.spread(CROSS_NUMBER + host, sender.ports(),
                plan.paths(), plan.streams(), plan.pmtuBytes(), List.of());
            final ConnectionDescriptor atTester = ConnectionDescriptor.spread(CROSS_NUMBER + 0x100 + host, tester.ports(),
                plan.paths(), plan.streams(), plan.pmtuBytes(), List.of(target));
            final Connection c = OutOfBand.connect(sender.device(), atSender, tester.device(), atTester).first();
            long left = bytes;
            for (long wr = 1; left > 0; wr++) {
                final int length = (int) Math.min(left, REGION_BYTES);
                c.postWrite(wr, (int) (wr % plan.streams()), source, 0, length, target.baseAddress(), target.rkey());
                left -= length;
            }
        }
    }

    /** A tester's source buffer: its own region of seeded bytes, registered on first use. */
    MemoryRegion testerSource(final Peer peer) {
        final MemoryRegion source = peer.tester().device().registerRegion(REGION_BYTES);
        fill(source, topology.seed().split());
        return source;
    }

    private static void fill(final MemoryRegion region, final SplittableRandom random) {
        final byte[] bytes = new byte[region.lengthBytes()];
        random.nextBytes(bytes);
        region.put(0, bytes);
    }

    public Topology topology() {
        return topology;
    }

    public DeviceUnderTest dut() {
        return dut;
    }

    public CaptureSession capture() {
        return capture;
    }

    public List<Peer> peers() {
        return peers;
    }

    MemoryRegion deviceSource() {
        return deviceSource;
    }

    /** The device's addresses on every plane, which name the capture point to the verdict engine. */
    public List<InetAddress> deviceAddresses() {
        return addressesOf(0);
    }

    /** The addresses of host {@code host} on every plane: 0 the device's, 1 the first tester's. */
    public List<InetAddress> addressesOf(final int host) {
        final List<InetAddress> addresses = new ArrayList<>();
        for (final HostPort port : topology.host(host).ports()) {
            if (port.hasIpv4()) {
                addresses.add(inet(port.ipv4()));
            }
            if (port.hasIpv6()) {
                addresses.add(inet(port.ipv6()));
            }
        }
        return addresses;
    }

    private static InetAddress inet(final IpAddress ip) {
        final ByteBuffer bytes = ip.isIpv4() ? ByteBuffer.allocate(4).putInt(ip.ipv4Bits())
            : ByteBuffer.allocate(16).putLong(ip.high()).putLong(ip.low());
        try {
            return InetAddress.getByAddress(bytes.array());
        } catch (final UnknownHostException e) {
            throw new IllegalStateException("a 4- or 16-byte address is always valid", e);
        }
    }

    public long nowNs() {
        return topology.scheduler().now();
    }
}
