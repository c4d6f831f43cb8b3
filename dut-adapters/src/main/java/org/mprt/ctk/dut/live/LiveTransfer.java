package org.mprt.ctk.dut.live;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.SplittableRandom;
import org.mprt.ctk.dut.PicsDocument;
import org.mprt.ctk.dut.fabric.FabricNode;
import org.mprt.ctk.reference.attachment.IpAddress;
import org.mprt.ctk.reference.mprt.Deviation;
import org.mprt.ctk.reference.mprt.MprtConfig;
import org.mprt.ctk.reference.mprt.MprtNode;
import org.mprt.ctk.reference.verbs.ConnectionDescriptor;
import org.mprt.ctk.reference.verbs.MemoryRegion;
import org.mprt.ctk.reference.verbs.OutOfBand;

/**
 * One RDMA WRITE transfer between two MPRT nodes of this host, two planes and four paths, in real time,
 * captured live: what a software implementation puts on a real interface, with real timestamps. Node A
 * writes seeded random bytes into a region of node B, in messages spread over the streams. The nodes
 * meet on the loopback interface (127.77.1.0/24 and 127.77.2.0/24, captured at both ends at once) or
 * over a veth pair made for the run (captured at one end, with losses at the other if asked); either
 * node may be an external device ({@link ExternalDevice}). Needs libpcap and root or CAP_NET_RAW
 * ({@link LiveCapture}), and iproute2 for a veth pair ({@link VethPair}).
 */
public final class LiveTransfer {

    /**
     * The nodes' timers, at the slow end of mprt-v0.1.md section 14: a JVM on a shared host is not a
     * NIC. RTO_INIT at its largest, 100 ms, so that the first timeout of a path, before it has an RTT
     * sample, does not fire while the JVM still compiles the code that handles the first ACKs.
     */
    public static final MprtConfig SOFTWARE_TIMERS = MprtConfig.builder().ackReqDelayNs(10_000)
        .ackCoalesceDelayNs(64_000).rtoInitNs(100_000_000).rtoMinNs(1_000_000).rtoMaxNs(100_000_000).failRtoCount(16)
        .probeIntervalNs(10_000_000).probeTimeoutNs(100_000_000).rnrDelayNs(1_000_000).guidanceWindowNs(1_000_000)
        .guidanceReactionNs(100_000).build();
    /**
     * JUDGING_TOLERANCE for the capture: how late a JVM may act. On this 2-core machine with both cores
     * kept busy by other processes, the first ACKs of a fresh JVM left 50 to 200 ms late; since each node
     * runs a {@link Rehearsal} first, they leave 4 to 6 ms late, and no wait in the transfer is over 35 ms.
     */
    public static final long JUDGING_TOLERANCE_NS = 200_000_000;
    /** The line rate of every port, which the nodes pace their data to. */
    public static final long LINE_RATE_BPS = 1_000_000_000L;
    /** The most bytes one transfer may move: at the line rate, half a second. */
    public static final int MAX_BYTES = 64 << 20;
    /** What the capture keeps of {@code lo}: the transfer's frames, nothing of other traffic. */
    static final Duration PATIENCE = Duration.ofSeconds(30);
    /** The paths and planes the connection spreads over, and its PMTU: what a device must be capable of. */
    public static final int PATHS = 4;
    public static final int PLANES = 2;
    /** The most streams a transfer may spread its messages over: the reference's declared capability. */
    public static final int MAX_STREAMS = 64;
    public static final int PMTU = 4096;
    /** The nodes' numbers for the connection (mprt-v0.1.md section 5.1): A's is B's SCN, B's is A's. */
    private static final int SENDER_NUMBER = 0x101;
    private static final int RECEIVER_NUMBER = 0x201;
    /** The seed of the bytes the kit's node A writes. */
    private static final long CONTENT_SEED = 3;
    /** The seeds of the losses and of the CE marks of the kit's node. */
    private static final long LOSS_SEED = 5;
    private static final long MARK_SEED = 7;
    /** The most a port may lose: beyond it, the nodes spend the run in their timeouts. */
    public static final double MAX_LOSS = 0.5;

    /**
     * What a run did: where it ran ({@link LiveLink#name}), whether every message completed, whether B's
     * region holds A's bytes, the frames the capture must hold (every frame the kit's nodes put on the
     * interface; with an external node, also those the kit's node received from it), the frames the kit's
     * node lost and marked CE on purpose, where the capture stood (the addresses of the node at whose port it was taken;
     * empty on {@code lo}, where it holds both ends), the capture, the longest this host kept the kit's
     * process from running during the transfer ({@link StallWatch}; a host that stalls the kit may stall a
     * device too), and the longest an external device says its own process was kept so, when it says.
     */
    public record Result(String link, boolean completed, boolean intact, long framesExpected, long framesLost,
                         long framesMarked, List<IpAddress> capturedAt, LiveCapture.Summary capture, long hostStallNs,
                         OptionalLong deviceStallNs) {
    }

    private int bytes = 1 << 20;
    private int messageBytes = 256 * 1024;
    private int streams = 1;
    private MprtConfig senderConfig = SOFTWARE_TIMERS;
    private FabricNode.DeviceFactory<?> receiverFactory =
        (ports, timers) -> new MprtNode(ports, timers, new SplittableRandom(2), SOFTWARE_TIMERS);
    /** The node that is an external device, or null when both are the kit's. */
    private External external;
    private boolean overVeth;
    private double lossProbability;
    private double markProbability;
    /** The section 14 table the setup line tells an external device: {@link #SOFTWARE_TIMERS}', or its own ({@link #declaring}). */
    private Map<String, Number> deviceTimers = SOFTWARE_TIMERS.specTable();
    /** Where the running transfer runs. */
    private LiveLink link = LiveLink.LOOPBACK;
    /** How long the host stalls the kit's process, watched from the running transfer's first WRITE. */
    private StallWatch stalls;

    /** An external device: its role, its command, where its standard error goes, how long it may take to start. */
    private record External(ExternalDevice.Role role, String command, Path errorLog, Duration readyTimeout) {
    }

    /**
     * What moved: whether every message completed, whether B's region holds what A wrote, and the longest
     * stall an external device said its process had.
     */
    private record Moved(boolean completed, boolean intact, OptionalLong deviceStallNs) {
    }

    /**
     * Moves {@code total} bytes in messages of {@code perMessage} (the last one shorter if need be).
     *
     * @throws IllegalArgumentException when either is below 1, {@code perMessage} exceeds {@code total},
     *                                  or {@code total} exceeds {@link #MAX_BYTES}
     */
    public LiveTransfer bytes(final int total, final int perMessage) {
        if (total < 1 || total > MAX_BYTES) {
            throw new IllegalArgumentException("bytes " + total + ": expected 1 to " + MAX_BYTES);
        }
        if (perMessage < 1 || perMessage > total) {
            throw new IllegalArgumentException("message bytes " + perMessage + ": expected 1 to the transfer's " + total);
        }
        this.bytes = total;
        this.messageBytes = perMessage;
        return this;
    }

    /**
     * Spreads the messages over {@code count} streams, message i on stream i mod {@code count}; the
     * connection carries that many.
     *
     * @throws IllegalArgumentException when {@code count} is below 1 or above {@link #MAX_STREAMS}
     */
    public LiveTransfer streams(final int count) {
        if (count < 1 || count > MAX_STREAMS) {
            throw new IllegalArgumentException("streams " + count + ": expected 1 to " + MAX_STREAMS);
        }
        this.streams = count;
        return this;
    }

    /**
     * The nodes meet over a veth pair made for the run ({@link VethPair}, {@link LiveLink#veth}) instead
     * of {@code lo}; the capture is taken at one end only: the external device's, or node B's.
     */
    public LiveTransfer overVeth() {
        this.overVeth = true;
        return this;
    }

    /**
     * The kit's node at the other end from the capture loses each frame it sends, before the capture
     * sees it, and each it receives, after the capture saw it, with {@code probability} (seeded): as
     * a network between them would. Only over a veth pair: on {@code lo} the capture holds both ends, and
     * a frame lost so would look sent or received there.
     *
     * @throws IllegalArgumentException when {@code probability} is not from 0 to 0.5
     */
    public LiveTransfer losing(final double probability) {
        if (!(probability >= 0 && probability <= MAX_LOSS)) {
            throw new IllegalArgumentException("loss " + probability + ": expected 0 to " + MAX_LOSS);
        }
        this.lossProbability = probability;
        return this;
    }

    /**
     * The kit's node at the other end from the capture marks CE each ECN-capable frame it receives, after
     * the capture saw it, with {@code probability} (seeded): as a congested switch between them would, so
     * that the node's ACKs echo congestion to the node at the capture. Only over a veth pair: on {@code lo}
     * the capture would show the packet unmarked where its receiver saw CE.
     *
     * @throws IllegalArgumentException when {@code probability} is not from 0 to 1
     */
    public LiveTransfer marking(final double probability) {
        if (!(probability >= 0 && probability <= 1)) {
            throw new IllegalArgumentException("CE marks " + probability + ": expected 0 to 1");
        }
        this.markProbability = probability;
        return this;
    }

    /** Node A's configuration: {@link #SOFTWARE_TIMERS}, or those with a mutant's deviation. */
    public LiveTransfer sender(final MprtConfig config) {
        this.senderConfig = config;
        return this;
    }

    /**
     * Both nodes deviate from the spec as the reference's mutant {@code deviation} does: a sender's
     * deviation shows in node A, a receiver's in node B.
     */
    public LiveTransfer deviating(final Deviation deviation) {
        final MprtConfig config = SOFTWARE_TIMERS.toBuilder().deviate(deviation).build();
        return sender(config).receiver((ports, timers) -> new MprtNode(ports, timers, new SplittableRandom(2), config));
    }

    /** Node B's device, a reference MPRT node with {@link #SOFTWARE_TIMERS} unless told otherwise. */
    public LiveTransfer receiver(final FabricNode.DeviceFactory<?> factory) {
        this.receiverFactory = factory;
        return this;
    }

    /**
     * Node A ({@link ExternalDevice.Role#SENDER}) or node B ({@link ExternalDevice.Role#RECEIVER}) is the
     * external device {@code command} starts (dut-adapters/README.md, "An external device"), its standard
     * error written to {@code errorLog}; it has {@code readyTimeout} to say it is ready.
     */
    public LiveTransfer external(final ExternalDevice.Role role, final String command, final Path errorLog,
                                 final Duration readyTimeout) {
        this.external = new External(role, command, errorLog, readyTimeout);
        return this;
    }

    /**
     * The external device declares timers of its own (its PICS's timers block): the setup line tells it
     * the section 14 table with those in place of the defaults, instead of {@link #SOFTWARE_TIMERS}. The
     * kit's node keeps {@link #SOFTWARE_TIMERS}: a capture judged by the device's PICS judges the device only.
     *
     * @throws IllegalArgumentException for a name that is not in the section 14 table
     */
    public LiveTransfer declaring(final Map<String, ? extends Number> declared) {
        final Map<String, Number> table = MprtConfig.defaults().specTable();
        declared.forEach((name, value) -> {
            if (!table.containsKey(name)) {
                throw new IllegalArgumentException(name + ": not a name of the section 14 table");
            }
            table.put(name, value);
        });
        this.deviceTimers = table;
        return this;
    }

    /**
     * The PICS of the nodes: the reference's, with {@link #SOFTWARE_TIMERS} and
     * {@link #JUDGING_TOLERANCE_NS}, for the judge of the capture.
     */
    public static String pics() {
        return pics(JUDGING_TOLERANCE_NS);
    }

    /** {@link #pics()} with a JUDGING_TOLERANCE of {@code judgingToleranceNs}: how late the nodes may act on this host. */
    public static String pics(final long judgingToleranceNs) {
        final Map<String, Number> defaults = MprtConfig.defaults().specTable();
        final Map<String, Number> timers = new LinkedHashMap<>();
        SOFTWARE_TIMERS.specTable().forEach((name, value) -> {
            if (!value.equals(defaults.get(name))) {
                timers.put(name, value);
            }
        });
        return PicsDocument.fromClasspath(PicsDocument.REFERENCE_MPRT).withTimers(timers)
            .withJudgingToleranceNs(judgingToleranceNs).yaml()
            .replace("run in the kit's emulated fabric.", "run on one host's loopback interface, in real time.");
    }

    /**
     * The PICS the capture of a run is judged by, with a JUDGING_TOLERANCE of {@code judgingToleranceNs}:
     * {@link #pics(long)} on {@code lo} between the kit's nodes;
     * over a veth pair it says so, and with an external device (its command, else null) it names the
     * device under test beside the kit's node. The capabilities and timers are those the transfer uses,
     * which the setup line tells the device.
     */
    public static String picsOf(final boolean overVeth, final String externalCommand, final long judgingToleranceNs) {
        final String where = overVeth ? "over a veth pair of one host" : "on one host's loopback interface";
        final String pics = pics(judgingToleranceNs).replace("on one host's loopback interface", where);
        if (externalCommand == null) {
            return pics;
        }
        // A JSON string is a YAML scalar too, whatever the command holds.
        return pics.replace("  name: mprt-ctk reference implementation\n",
                "  name: a device under test and the mprt-ctk reference implementation\n")
            .replace("  description: MPRT endpoints of the conformance kit, run " + where + ", in real time.\n",
                "  description: " + JsonNodeFactory.instance.textNode("The device under test started by "
                    + externalCommand + ", and the kit's reference node, " + where + ", in real time; the capabilities"
                    + " and timers are those the transfer uses.") + "\n");
    }

    /**
     * Runs the transfer, capturing it into {@code capture}.
     *
     * @throws LiveCaptureException    when libpcap cannot capture or send on the link here, or a veth pair
     *                                 cannot be made
     * @throws IllegalStateException   when frames are to be lost on {@code lo}
     * @throws LoopFailure             when a node of the kit failed (its {@link org.mprt.ctk.dut.DeviceFailure} is
     *                                 the cause) or did not answer in time; the capture is then not written
     * @throws ExternalDeviceException when the external device broke the contract; the capture is then not written
     */
    public Result run(final Path capture) {
        if ((lossProbability > 0 || markProbability > 0) && !overVeth) {
            throw new IllegalStateException("losing or marking frames needs a veth pair: on lo the capture holds both"
                + " ends, where a frame a port lost would look sent or received, and one it marked unmarked");
        }
        if (!overVeth) {
            return runOn(LiveLink.LOOPBACK, capture);
        }
        try (VethPair pair = VethPair.ofThisProcess(LiveLink.VETH_A, LiveLink.VETH_B)) {
            return runOn(LiveLink.veth(pair.a(), pair.b()), capture);
        }
    }

    /** True when the capture is taken at node A's port: an external sender's (on lo, both ends). */
    private boolean capturesA() {
        return external != null && external.role() == ExternalDevice.Role.SENDER;
    }

    private Result runOn(final LiveLink on, final Path capture) {
        this.link = on;
        this.stalls = null;
        // The kit's node is judged in real time too: its code is loaded and compiled before the capture starts.
        Rehearsal.run(senderConfig, PATHS, streams);
        final RealTimeLoop loop = new RealTimeLoop("live transfer");
        final List<InterfaceNode> nodes = new ArrayList<>();
        ExternalDevice device = null;
        try (LiveCapture live = LiveCapture.start(capturesA() ? link.aInterface() : link.bInterface(), link.filter(),
            capture)) {
            final Moved moved;
            if (external == null) {
                moved = betweenKitNodes(loop, nodes);
            } else {
                device = ExternalDevice.start(external.command(), external.errorLog());
                moved = external.role() == ExternalDevice.Role.RECEIVER ? toExternalReceiver(loop, nodes, device)
                    : fromExternalSender(loop, nodes, device);
            }
            loop.call(() -> {
                nodes.forEach(InterfaceNode::close);
                return null;
            }, RealTimeLoop.STARTING);
            loop.close();
            if (stalls != null) {
                stalls.close();
            }
            // An external node's frames are counted as the kit's node received them: the capture holds at least those.
            final long expected = nodes.stream().mapToLong(n -> n.sent() + (external != null ? n.received() : 0)).sum();
            live.awaitFrames(expected, PATIENCE);
            final List<IpAddress> capturedAt = link.isLoopback() ? List.of()
                : capturesA() ? link.aAddresses() : link.bAddresses();
            return new Result(link.name(), moved.completed(), moved.intact(), expected,
                nodes.stream().mapToLong(InterfaceNode::lost).sum(), nodes.stream().mapToLong(InterfaceNode::marked).sum(),
                capturedAt, live.stop(), stalls == null ? 0 : stalls.longestNs(), moved.deviceStallNs());
        } finally {
            loop.close();
            if (stalls != null) {
                stalls.close();
            }
            if (device != null) {
                device.close();
            }
            for (final InterfaceNode node : nodes) {
                try {
                    node.close();
                } catch (final RuntimeException e) {
                    // Closed already on the way out, or closing after the failure that is being thrown.
                }
            }
        }
    }

    private Moved betweenKitNodes(final RealTimeLoop loop, final List<InterfaceNode> nodes) {
        final InterfaceNode a = startSender(loop, nodes);
        final InterfaceNode b = startReceiver(loop, nodes);
        final ConnectionDescriptor senderEnd = loop.call(() -> senderEnd(a), RealTimeLoop.STARTING);
        final ReceiverEnd receiverEnd = loop.call(() -> ReceiverEnd.register(b, bytes, streams).open(b, senderEnd),
            RealTimeLoop.STARTING);
        stalls = StallWatch.start();
        final SeededWrites transfer = loop.call(() -> post(a, senderEnd, receiverEnd.descriptor()), RealTimeLoop.STARTING);
        final boolean completed = loop.await(transfer::completed, PATIENCE);
        return new Moved(completed, transfer.sentDigest().equals(
            loop.call(() -> RegionDigest.of(receiverEnd.region()), RealTimeLoop.STARTING)), OptionalLong.empty());
    }

    private Moved toExternalReceiver(final RealTimeLoop loop, final List<InterfaceNode> nodes, final ExternalDevice device) {
        final InterfaceNode a = startSender(loop, nodes);
        final ConnectionDescriptor senderEnd = loop.call(() -> senderEnd(a), RealTimeLoop.STARTING);
        final ConnectionDescriptor receiverEnd = accepted(device, device.setUp(setupLine(ExternalDevice.Role.RECEIVER,
            senderEnd), external.readyTimeout()), senderEnd);
        stalls = StallWatch.start();
        final SeededWrites transfer = loop.call(() -> post(a, senderEnd, receiverEnd), RealTimeLoop.STARTING);
        final boolean completed = loop.await(transfer::completed, PATIENCE);
        final ExternalDevice.Finished received = device.finish(ExternalDevice.FINISH_TIMEOUT);
        return new Moved(completed, transfer.sentDigest().equals(received.regionSha256()), received.longestStallNs());
    }

    private Moved fromExternalSender(final RealTimeLoop loop, final List<InterfaceNode> nodes, final ExternalDevice device) {
        final InterfaceNode b = startReceiver(loop, nodes);
        final ReceiverEnd receiverEnd = loop.call(() -> ReceiverEnd.register(b, bytes, streams), RealTimeLoop.STARTING);
        final ConnectionDescriptor senderEnd = accepted(device, device.setUp(setupLine(ExternalDevice.Role.SENDER,
            receiverEnd.descriptor()), external.readyTimeout()), receiverEnd.descriptor());
        loop.call(() -> receiverEnd.open(b, senderEnd), RealTimeLoop.STARTING);
        stalls = StallWatch.start();
        device.start();
        final boolean completed = device.awaitCompleted(PATIENCE);
        final ExternalDevice.Finished sent = device.finish(ExternalDevice.FINISH_TIMEOUT);
        return new Moved(completed, sent.regionSha256().equals(loop.call(() -> RegionDigest.of(receiverEnd.region()),
            RealTimeLoop.STARTING)), sent.longestStallNs());
    }

    /** Opens the kit's node A's end of the connection and posts its WRITEs; on the loop's thread. */
    private SeededWrites post(final InterfaceNode a, final ConnectionDescriptor senderEnd,
                              final ConnectionDescriptor receiverEnd) {
        return SeededWrites.post(a.device(), a.device().openConnection(senderEnd, receiverEnd), receiverEnd.regions().get(0),
            bytes, messageBytes, streams, CONTENT_SEED);
    }

    private InterfaceNode startSender(final RealTimeLoop loop, final List<InterfaceNode> nodes) {
        final InterfaceNode a = InterfaceNode.start(loop, "node A", link.aInterface(), link.aAddresses(), LINE_RATE_BPS,
            (ports, timers) -> new MprtNode(ports, timers, new SplittableRandom(1), senderConfig));
        nodes.add(a);
        // The capture is at B's port (or, on lo, at both): A is the far end, where losses are the network's.
        if (!capturesA()) {
            impair(loop, a);
        }
        return a;
    }

    private InterfaceNode startReceiver(final RealTimeLoop loop, final List<InterfaceNode> nodes) {
        final InterfaceNode b = InterfaceNode.start(loop, "node B", link.bInterface(), link.bAddresses(), LINE_RATE_BPS,
            receiverFactory);
        nodes.add(b);
        if (capturesA()) {
            impair(loop, b);
        }
        return b;
    }

    /** The far node's ports lose and mark frames as the network between it and the capture would. */
    private void impair(final RealTimeLoop loop, final InterfaceNode far) {
        loop.call(() -> {
            far.losing(lossProbability, LOSS_SEED);
            far.marking(markProbability, MARK_SEED);
            return null;
        }, RealTimeLoop.STARTING);
    }

    /** Node A's end of the connection when it is the kit's own; on the loop's thread. */
    private ConnectionDescriptor senderEnd(final InterfaceNode a) {
        return ConnectionDescriptor.spread(SENDER_NUMBER, a.ports(), PATHS, streams, PMTU, List.of());
    }

    /**
     * The external device's descriptor, when it can make the connection with the kit's node's: it
     * attaches to the same planes, and a receiver exposes a region the transfer fits in; else the
     * device's failure ({@link ExternalDevice#refused}).
     */
    private ConnectionDescriptor accepted(final ExternalDevice device, final ConnectionDescriptor deviceEnd,
                                          final ConnectionDescriptor kitEnd) {
        try {
            OutOfBand.checkPlanes(deviceEnd, kitEnd);
        } catch (final IllegalArgumentException e) {
            throw device.refused(e.getMessage());
        }
        if (external.role() == ExternalDevice.Role.RECEIVER
            && (deviceEnd.regions().isEmpty() || deviceEnd.regions().get(0).lengthBytes() < bytes)) {
            throw device.refused("it exposes " + (deviceEnd.regions().isEmpty() ? "no region"
                : "a region of " + deviceEnd.regions().get(0).lengthBytes() + " bytes") + "; expected one of"
                + " region_bytes, " + bytes);
        }
        return deviceEnd;
    }

    /**
     * The line that tells an external node what to set up (dut-adapters/README.md, "An external
     * device"): its role, its addresses, the connection's parameters, the size of the region to write
     * or expose (and, for a sender, of each message), the timers the capture's PICS declares (those of the
     * device's own PICS when it has one), and the kit's node's descriptor.
     */
    ObjectNode setupLine(final ExternalDevice.Role role, final ConnectionDescriptor peer) {
        final boolean sends = role == ExternalDevice.Role.SENDER;
        final ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("contract", ExternalDevice.CONTRACT).put("role", role.word())
            .put("interface", sends ? link.aInterface() : link.bInterface());
        final ArrayNode addressList = o.putArray("addresses");
        (sends ? link.aAddresses() : link.bAddresses()).forEach(a -> addressList.add(a.toString()));
        o.put("line_rate_bps", LINE_RATE_BPS).put("connection_number", sends ? SENDER_NUMBER : RECEIVER_NUMBER)
            .put("paths", PATHS).put("streams", streams).put("pmtu", PMTU).put("region_bytes", bytes);
        if (sends) {
            o.put("message_bytes", messageBytes);
        }
        final ObjectNode timers = o.putObject("timers");
        deviceTimers.forEach(timers::putPOJO);
        o.set("peer", DescriptorJson.write(peer));
        return o;
    }

    /** Node B's end of the connection when it is the kit's own: the region A writes into, and B's descriptor. */
    private record ReceiverEnd(ConnectionDescriptor descriptor, MemoryRegion region) {

        /** Registers B's region and makes B's descriptor; on the loop's thread. */
        static ReceiverEnd register(final InterfaceNode node, final int bytes, final int streams) {
            final MemoryRegion target = node.device().registerRegion(bytes);
            return new ReceiverEnd(ConnectionDescriptor.spread(RECEIVER_NUMBER, node.ports(), PATHS, streams, PMTU,
                List.of(target)), target);
        }

        /** Opens B's end towards {@code senderEnd}; on the loop's thread. */
        ReceiverEnd open(final InterfaceNode node, final ConnectionDescriptor senderEnd) {
            node.device().openConnection(descriptor, senderEnd);
            return this;
        }
    }
}
