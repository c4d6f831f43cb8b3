package org.mprt.ctk.dut.live;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.mprt.ctk.dut.fabric.FabricNode;
import org.mprt.ctk.pics.Pics;
import org.mprt.ctk.reference.attachment.IpAddress;
import org.mprt.ctk.reference.mprt.MprtConfig;
import org.mprt.ctk.reference.mprt.MprtNode;
import org.mprt.ctk.reference.verbs.Connection;
import org.mprt.ctk.reference.verbs.ConnectionDescriptor;
import org.mprt.ctk.reference.verbs.MemoryRegion;
import org.mprt.ctk.reference.verbs.OutOfBand;
import org.mprt.ctk.reference.verbs.WorkCompletion;
import org.mprt.ctk.verdict.CaptureJudge;

/**
 * One RDMA WRITE transfer between two MPRT nodes on this host's loopback interface, two planes
 * (127.77.1.0/24 and 127.77.2.0/24), in real time, captured live on {@code lo}: what a software
 * implementation puts on a real interface, with real timestamps.
 */
final class LoopbackTransfer {

    /**
     * The nodes' timers, at the slow end of mprt-v0.1.md section 14: a JVM on a shared host is not a
     * NIC. RTO_INIT at its largest, 100 ms, so that the first timeout of a path, before it has an RTT
     * sample, does not fire while the JVM still compiles the code that handles the first ACKs.
     */
    static final MprtConfig SOFTWARE_TIMERS = MprtConfig.builder().ackReqDelayNs(10_000).ackCoalesceDelayNs(64_000)
        .rtoInitNs(100_000_000).rtoMinNs(1_000_000).rtoMaxNs(100_000_000).failRtoCount(16).probeIntervalNs(10_000_000)
        .probeTimeoutNs(100_000_000).rnrDelayNs(1_000_000).guidanceWindowNs(1_000_000).guidanceReactionNs(100_000)
        .build();
    /** JUDGING_TOLERANCE for the capture: how late a JVM's loop may act, GC pauses included. */
    static final long JUDGING_TOLERANCE_NS = 50_000_000;
    static final long LINE_RATE_BPS = 1_000_000_000L;
    static final Duration PATIENCE = Duration.ofSeconds(30);
    static final String FILTER = "udp port 4791 and net 127.77.0.0/16";

    record Result(boolean completed, boolean intact, long framesSent, LiveCapture.Summary capture) {
    }

    int bytes = 1 << 20;
    int messageBytes = 256 * 1024;
    int paths = 4;
    MprtConfig senderConfig = SOFTWARE_TIMERS;
    FabricNode.DeviceFactory<?> receiverFactory =
        (ports, timers) -> new MprtNode(ports, timers, new SplittableRandom(2), SOFTWARE_TIMERS);

    Result run(final Path capture) {
        final RealTimeLoop loop = new RealTimeLoop("loopback transfer");
        final List<InterfaceNode> nodes = new ArrayList<>();
        try (LiveCapture live = LiveCapture.start("lo", FILTER, capture)) {
            final InterfaceNode sender = InterfaceNode.start(loop, "node A", "lo", addresses(1), LINE_RATE_BPS,
                (ports, timers) -> new MprtNode(ports, timers, new SplittableRandom(1), senderConfig));
            nodes.add(sender);
            final InterfaceNode receiver = InterfaceNode.start(loop, "node B", "lo", addresses(2), LINE_RATE_BPS,
                receiverFactory);
            nodes.add(receiver);
            final Transfer transfer = loop.call(() -> Transfer.post(sender, receiver, bytes, messageBytes, paths),
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
            nodes.forEach(InterfaceNode::close);
        }
    }

    /** The judge of such a capture: the nodes' timers declared in a PICS written beside it. */
    static CaptureJudge judge(final Path capture) throws IOException {
        final Path pics = capture.resolveSibling(capture.getFileName() + ".pics.yaml");
        writePics(pics);
        return CaptureJudge.declaring(Pics.load(pics)).fromConnectionStart();
    }

    /** Writes the PICS of the nodes: the reference's, with their timers and the JUDGING_TOLERANCE of a JVM. */
    static void writePics(final Path pics) throws IOException {
        final StringBuilder timers = new StringBuilder("timers:\n");
        final Map<String, Number> defaults = MprtConfig.defaults().specTable();
        SOFTWARE_TIMERS.specTable().forEach((name, value) -> {
            if (!value.equals(defaults.get(name))) {
                timers.append("  ").append(name).append(": ").append(value).append('\n');
            }
        });
        Files.writeString(pics, Files.readString(Path.of("..", "spec", "pics", "reference-mprt.yaml"))
            .replace("run in the kit's emulated fabric.", "run on one host's loopback interface, in real time.")
            .replace("timers: {}\n", timers.toString())
            .replace("judgingToleranceNs: 10000", "judgingToleranceNs: " + JUDGING_TOLERANCE_NS));
    }

    /** Node {@code n}'s address on each of the two planes. */
    static List<IpAddress> addresses(final int n) {
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
