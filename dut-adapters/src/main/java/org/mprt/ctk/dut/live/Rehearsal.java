package org.mprt.ctk.dut.live;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.IntSupplier;
import org.mprt.ctk.dut.fabric.FabricNode;
import org.mprt.ctk.fabric.impairment.LossModel;
import org.mprt.ctk.fabric.topology.Topology;
import org.mprt.ctk.reference.mprt.MprtConfig;
import org.mprt.ctk.reference.mprt.MprtNode;
import org.mprt.ctk.reference.verbs.Connection;
import org.mprt.ctk.reference.verbs.ConnectionDescriptor;
import org.mprt.ctk.reference.verbs.ConnectionPair;
import org.mprt.ctk.reference.verbs.MemoryRegion;
import org.mprt.ctk.reference.verbs.OutOfBand;

/**
 * A transfer between two reference nodes in the emulated fabric, in virtual time, that a node judged
 * in real time runs before it starts: a fresh JVM loads its classes and interprets its code on its
 * first packets, and on a busy 2-core host that left its first ACKs up to 200 ms late. Rehearsed,
 * the code that handles data, ACKs and losses is loaded and compiled before the capture sees a frame.
 * Its frames never leave the process.
 */
public final class Rehearsal {

    /** Bytes the rehearsal's sender writes: enough packets for the JIT's compile thresholds. */
    static final int BYTES = 8 << 20;
    private static final int MESSAGE_BYTES = 256 * 1024;
    private static final long LINK_RATE_BPS = 100_000_000_000L;
    /** A loss on every link, so that the SACK and retransmission code is rehearsed too. */
    private static final double LOSS = 0.01;
    private static final long LIMIT_NS = 10_000_000_000L;
    private static final long SEED = 11;

    private Rehearsal() {
    }

    /**
     * Moves {@link #BYTES} from one reference node to another, both of {@code config}, over {@code paths}
     * paths and {@code streams} streams; returns the number of WRITEs that completed (all of them, unless a
     * deviation in {@code config} keeps some from completing, which the rehearsal does not judge).
     */
    public static int run(final MprtConfig config, final int paths, final int streams) {
        final Topology topology = Topology.builder().hosts(2).planes(LiveTransfer.PLANES).spinesPerPlane(2)
            .hostsPerLeaf(1).linkRateBps(LINK_RATE_BPS).seed(SEED).build();
        topology.links().forEach(l -> l.impairments().loss(new LossModel.Bernoulli(LOSS)));
        final List<FabricNode> nodes = new ArrayList<>();
        for (int h = 0; h < 2; h++) {
            final SplittableRandom random = new SplittableRandom(SEED + h);
            final FabricNode node = new FabricNode((ports, timers) -> new MprtNode(ports, timers, random, config),
                LINK_RATE_BPS, "rehearsal node " + h);
            topology.host(h).attach(node);
            nodes.add(node);
        }
        final MemoryRegion source = nodes.get(0).device().registerRegion(BYTES);
        final MemoryRegion target = nodes.get(1).device().registerRegion(BYTES);
        final ConnectionPair<Connection, Connection> pair = OutOfBand.connect(nodes.get(0).device(),
            ConnectionDescriptor.spread(0x101, nodes.get(0).ports(), paths, streams, LiveTransfer.PMTU, List.of()),
            nodes.get(1).device(),
            ConnectionDescriptor.spread(0x201, nodes.get(1).ports(), paths, streams, LiveTransfer.PMTU, List.of(target)));
        int messages = 0;
        for (int offset = 0; offset < BYTES; offset += MESSAGE_BYTES) {
            pair.first().postWrite(messages, messages % streams, source, offset, MESSAGE_BYTES,
                target.baseAddress() + offset, target.rkey());
            messages++;
        }
        final int posted = messages;
        final int[] completed = {0};
        final IntSupplier drained = () -> completed[0] += pair.first().completionQueue().drain().size();
        topology.scheduler().runUntil(topology.scheduler().now() + LIMIT_NS, () -> drained.getAsInt() >= posted);
        return completed[0];
    }
}
