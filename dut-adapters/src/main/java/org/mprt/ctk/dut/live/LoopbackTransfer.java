package org.mprt.ctk.dut.live;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.mprt.ctk.dut.PicsDocument;
import org.mprt.ctk.dut.fabric.FabricNode;
import org.mprt.ctk.reference.attachment.IpAddress;
import org.mprt.ctk.reference.mprt.Deviation;
import org.mprt.ctk.reference.mprt.MprtConfig;
import org.mprt.ctk.reference.mprt.MprtNode;
import org.mprt.ctk.reference.verbs.Connection;
import org.mprt.ctk.reference.verbs.ConnectionDescriptor;
import org.mprt.ctk.reference.verbs.MemoryRegion;
import org.mprt.ctk.reference.verbs.OutOfBand;
import org.mprt.ctk.reference.verbs.WorkCompletion;

/**
 * One RDMA WRITE transfer between two MPRT nodes on this host's loopback interface, two planes
 * (127.77.1.0/24 and 127.77.2.0/24) and four paths, in real time, captured live on {@code lo}: what
 * a software implementation puts on a real interface, with real timestamps. Node A (127.77.x.1)
 * writes seeded random bytes into a region of node B (127.77.x.2), in messages on one stream.
 * Needs libpcap and root or CAP_NET_RAW ({@link LiveCapture}).
 */
public final class LoopbackTransfer {

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
     * kept busy by other processes, the first ACKs of a fresh JVM left 50 to 200 ms late.
     */
    public static final long JUDGING_TOLERANCE_NS = 200_000_000;
    /** The line rate of every port, which the nodes pace their data to. */
    public static final long LINE_RATE_BPS = 1_000_000_000L;
    /** The most bytes one transfer may move: at the line rate, half a second. */
    public static final int MAX_BYTES = 64 << 20;
    /** What the capture keeps of {@code lo}: the transfer's frames, nothing of other traffic. */
    public static final String FILTER = "udp port 4791 and net 127.77.0.0/16";
    static final Duration PATIENCE = Duration.ofSeconds(30);
    private static final int PATHS = 4;

    /** What a run did: whether every message completed, whether B's region holds A's bytes, and the capture. */
    public record Result(boolean completed, boolean intact, long framesSent, LiveCapture.Summary capture) {
    }

    private int bytes = 1 << 20;
    private int messageBytes = 256 * 1024;
    private MprtConfig senderConfig = SOFTWARE_TIMERS;
    private FabricNode.DeviceFactory<?> receiverFactory =
        (ports, timers) -> new MprtNode(ports, timers, new SplittableRandom(2), SOFTWARE_TIMERS);

    /**
     * Moves {@code total} bytes in messages of {@code perMessage} (the last one shorter if need be).
     *
     * @throws IllegalArgumentException when either is below 1, {@code perMessage} exceeds {@code total},
     *                                  or {@code total} exceeds {@link #MAX_BYTES}
     */
    public LoopbackTransfer bytes(final int total, final int perMessage) {
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

    /** Node A's configuration: {@link #SOFTWARE_TIMERS}, or those with a mutant's deviation. */
    public LoopbackTransfer sender(final MprtConfig config) {
        this.senderConfig = config;
        return this;
    }

    /**
     * Both nodes deviate from the spec as the reference's mutant {@code deviation} does: a sender's
     * deviation shows in node A, a receiver's in node B.
     */
    public LoopbackTransfer deviating(final Deviation deviation) {
        final MprtConfig config = SOFTWARE_TIMERS.toBuilder().deviate(deviation).build();
        return sender(config).receiver((ports, timers) -> new MprtNode(ports, timers, new SplittableRandom(2), config));
    }

    /** Node B's device, a reference MPRT node with {@link #SOFTWARE_TIMERS} unless told otherwise. */
    public LoopbackTransfer receiver(final FabricNode.DeviceFactory<?> factory) {
        this.receiverFactory = factory;
        return this;
    }

    /**
     * The PICS of the nodes: the reference's, with {@link #SOFTWARE_TIMERS} and
     * {@link #JUDGING_TOLERANCE_NS}, for the judge of the capture.
     */
    public static String pics() {
        final Map<String, Number> defaults = MprtConfig.defaults().specTable();
        final Map<String, Number> timers = new LinkedHashMap<>();
        SOFTWARE_TIMERS.specTable().forEach((name, value) -> {
            if (!value.equals(defaults.get(name))) {
                timers.put(name, value);
            }
        });
        return PicsDocument.fromClasspath(PicsDocument.REFERENCE_MPRT).withTimers(timers)
            .withJudgingToleranceNs(JUDGING_TOLERANCE_NS).yaml()
            .replace("run in the kit's emulated fabric.", "run on one host's loopback interface, in real time.");
    }

    /**
     * Runs the transfer, capturing it into {@code capture}.
     *
     * @throws LiveCaptureException when libpcap cannot capture or send on {@code lo} here
     * @throws LoopFailure          when a node failed (its {@link org.mprt.ctk.dut.DeviceFailure} is the cause)
     *                              or did not answer in time; the capture is then not written
     */
    public Result run(final Path capture) {
        final RealTimeLoop loop = new RealTimeLoop("loopback transfer");
        final List<InterfaceNode> nodes = new ArrayList<>();
        try (LiveCapture live = LiveCapture.start("lo", FILTER, capture)) {
            final InterfaceNode sender = InterfaceNode.start(loop, "node A", "lo", addresses(1), LINE_RATE_BPS,
                (ports, timers) -> new MprtNode(ports, timers, new SplittableRandom(1), senderConfig));
            nodes.add(sender);
            final InterfaceNode receiver = InterfaceNode.start(loop, "node B", "lo", addresses(2), LINE_RATE_BPS,
                receiverFactory);
            nodes.add(receiver);
            final Transfer transfer = loop.call(() -> Transfer.post(sender, receiver, bytes, messageBytes, PATHS),
                RealTimeLoop.STARTING);
            final boolean completed = loop.await(transfer::completed, PATIENCE);
            final boolean intact = loop.call(transfer::intact, RealTimeLoop.STARTING);
            loop.call(() -> {
                nodes.forEach(InterfaceNode::close);
                return null;
            }, RealTimeLoop.STARTING);
            loop.close();
            final long sent = nodes.stream().mapToLong(InterfaceNode::sent).sum();
            live.awaitFrames(sent, PATIENCE);
            return new Result(completed, intact, sent, live.stop());
        } finally {
            loop.close();
            for (final InterfaceNode node : nodes) {
                try {
                    node.close();
                } catch (final RuntimeException e) {
                    // Closed already on the way out, or closing after the failure that is being thrown.
                }
            }
        }
    }

    /** Node {@code n}'s address on each of the two planes. */
    private static List<IpAddress> addresses(final int n) {
        return List.of(IpAddress.ipv4("127.77.1." + n), IpAddress.ipv4("127.77.2." + n));
    }

    /** The transfer's memory and connection; its methods run on the loop's thread. */
    private record Transfer(MemoryRegion source, MemoryRegion target, Connection sending, int messages,
                            List<WorkCompletion> done) {

        static Transfer post(final InterfaceNode sender, final InterfaceNode receiver, final int bytes, final int messageBytes,
                             final int paths) {
            final MemoryRegion source = sender.device().registerRegion(bytes);
            final byte[] content = new byte[bytes];
            new SplittableRandom(3).nextBytes(content);
            source.put(0, content);
            final MemoryRegion target = receiver.device().registerRegion(bytes);
            final Connection sending = OutOfBand.<Connection, Connection>connect(
                sender.device(), ConnectionDescriptor.spread(0x101, sender.ports(), paths, 1, 4096, List.of()),
                receiver.device(), ConnectionDescriptor.spread(0x201, receiver.ports(), paths, 1, 4096, List.of(target)))
                .first();
            int messages = 0;
            for (int offset = 0; offset < bytes; offset += messageBytes) {
                final int length = Math.min(messageBytes, bytes - offset);
                sending.postWrite(messages++, 0, source, offset, length, target.baseAddress() + offset, target.rkey());
            }
            return new Transfer(source, target, sending, messages, new ArrayList<>());
        }

        boolean completed() {
            done.addAll(sending.completionQueue().drain());
            return done.size() >= messages;
        }

        boolean intact() {
            return source.checksum() == target.checksum();
        }
    }
}
