package org.mprt.ctk.dut.fabric;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import org.mprt.ctk.fabric.tap.PcapTap;
import org.mprt.ctk.fabric.topology.Topology;
import org.mprt.ctk.reference.mprt.MprtConfig;
import org.mprt.ctk.reference.mprt.MprtNode;
import org.mprt.ctk.reference.roce.RoceConfig;
import org.mprt.ctk.reference.roce.RoceNode;
import org.mprt.ctk.reference.verbs.CompletionStatus;
import org.mprt.ctk.reference.verbs.Connection;
import org.mprt.ctk.reference.verbs.ConnectionDescriptor;
import org.mprt.ctk.reference.verbs.ConnectionPair;
import org.mprt.ctk.reference.verbs.MemoryRegion;
import org.mprt.ctk.reference.verbs.OutOfBand;
import org.mprt.ctk.reference.verbs.RdmaDevice;
import org.mprt.ctk.reference.verbs.WorkCompletion;

/**
 * One transfer workload in the emulated fabric: N senders each RDMA WRITE a buffer of seeded random
 * bytes to one receiver, as messages on one stream, while the caller's impairments act on the
 * topology. Everything runs in virtual time; the result says whether every byte arrived intact and
 * how long it took.
 */
final class FabricTransfer {

    enum Transport { MPRT, ROCEV2 }

    static final long LINK_RATE_BPS = 100_000_000_000L;
    static final int MESSAGE_BYTES = 256 * 1024;

    /** What a run measured. {@code goodputBps} counts payload bytes of every sender. */
    record Result(boolean completed, boolean intact, long elapsedNs, long bytes, List<CompletionStatus> statuses) {
        double goodputBps() {
            return elapsedNs == 0 ? 0 : bytes * 8e9 / elapsedNs;
        }
    }

    Transport transport = Transport.MPRT;
    int senders = 1;
    int planes = 2;
    int spinesPerPlane = 4;
    int pathsPerConnection = 8;
    int bytesPerSender = 4 * 1024 * 1024;
    long seed = 1;
    long limitNs = 5_000_000_000L;
    MprtConfig mprtConfig = MprtConfig.defaults();
    Consumer<Topology> impairments = t -> { };
    Path capture;
    /** The host whose ports the capture records: 0 is the receiver, 1 the first sender. */
    int captureHost;

    Result run() {
        final Topology topology = Topology.builder().hosts(senders + 1).planes(planes).spinesPerPlane(spinesPerPlane)
            .hostsPerLeaf(1).linkRateBps(LINK_RATE_BPS).seed(seed).build();
        final SplittableRandom random = new SplittableRandom(seed);
        final List<FabricNode> nodes = new ArrayList<>();
        for (int h = 0; h <= senders; h++) {
            final SplittableRandom nodeRandom = random.split();
            final FabricNode node = new FabricNode((ports, timers) -> transport == Transport.MPRT
                ? new MprtNode(ports, timers, nodeRandom, mprtConfig)
                : new RoceNode(ports, timers, nodeRandom, RoceConfig.defaults()), LINK_RATE_BPS, "node " + h);
            topology.host(h).attach(node);
            nodes.add(node);
        }
        impairments.accept(topology);
        final PcapTap tap = capture == null ? null : PcapTap.onHost(topology.host(captureHost), capture);
        try {
            return transfer(topology, nodes, random);
        } finally {
            if (tap != null) {
                tap.close();
            }
        }
    }

    private Result transfer(final Topology topology, final List<FabricNode> nodes, final SplittableRandom random) {
        final RdmaDevice receiver = nodes.get(0).device();
        final List<MemoryRegion> sources = new ArrayList<>();
        final List<MemoryRegion> targets = new ArrayList<>();
        final List<Connection> sending = new ArrayList<>();
        final int paths = transport == Transport.MPRT ? pathsPerConnection : 1;
        for (int s = 1; s <= senders; s++) {
            final RdmaDevice sender = nodes.get(s).device();
            final MemoryRegion source = sender.registerRegion(bytesPerSender);
            final byte[] bytes = new byte[bytesPerSender];
            random.nextBytes(bytes);
            source.put(0, bytes);
            final MemoryRegion target = receiver.registerRegion(bytesPerSender);
            final ConnectionDescriptor atSender = ConnectionDescriptor.spread(0x100 + s, nodes.get(s).ports(), paths, 1,
                4096, List.of());
            final ConnectionDescriptor atReceiver = ConnectionDescriptor.spread(0x200 + s, nodes.get(0).ports(), paths, 1,
                4096, List.of(target));
            final ConnectionPair<Connection, Connection> pair = OutOfBand.connect(sender, atSender, receiver, atReceiver);
            sources.add(source);
            targets.add(target);
            sending.add(pair.first());
        }
        int messages = 0;
        for (int s = 0; s < senders; s++) {
            for (int offset = 0; offset < bytesPerSender; offset += MESSAGE_BYTES) {
                final int length = Math.min(MESSAGE_BYTES, bytesPerSender - offset);
                sending.get(s).postWrite(messages++, 0, sources.get(s), offset, length,
                    targets.get(s).baseAddress() + offset, targets.get(s).rkey());
            }
        }
        final List<WorkCompletion> done = new ArrayList<>();
        final int expected = messages;
        final long start = topology.scheduler().now();
        long lastCompletionNs = start;
        topology.scheduler().runUntil(start + limitNs, () -> {
            for (final Connection c : sending) {
                done.addAll(c.completionQueue().drain());
            }
            return done.size() >= expected;
        });
        for (final Connection c : sending) {
            done.addAll(c.completionQueue().drain());
        }
        lastCompletionNs = topology.scheduler().now();
        boolean intact = true;
        for (int s = 0; s < senders; s++) {
            intact &= sources.get(s).checksum() == targets.get(s).checksum();
        }
        final List<CompletionStatus> statuses = done.stream().map(WorkCompletion::status).distinct().toList();
        return new Result(done.size() == expected, intact, lastCompletionNs - start, (long) bytesPerSender * senders,
            statuses);
    }
}
