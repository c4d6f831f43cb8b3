package org.mprt.ctk.reference.harness;

import java.util.List;
import java.util.SplittableRandom;
import org.mprt.ctk.reference.roce.RoceConfig;
import org.mprt.ctk.reference.roce.RoceConnection;
import org.mprt.ctk.reference.roce.RoceNode;
import org.mprt.ctk.reference.verbs.ConnectionDescriptor;
import org.mprt.ctk.reference.verbs.ConnectionPair;
import org.mprt.ctk.reference.verbs.MemoryRegion;
import org.mprt.ctk.reference.verbs.OutOfBand;
import org.mprt.ctk.reference.verbs.WorkCompletion;

/** Two RoCEv2 nodes on one plane of a {@link TestFabric} with one RC queue pair between them. */
public final class RocePair {

    public final VirtualScheduler scheduler = new VirtualScheduler();
    public final TestFabric fabric;
    public final RoceNode a;
    public final RoceNode b;
    public final MemoryRegion source;
    public final MemoryRegion destination;
    public final RoceConnection ab;
    public final RoceConnection ba;

    public RocePair(final int pmtu, final int regionBytes, final long seed, final RoceConfig configA, final RoceConfig configB) {
        fabric = new TestFabric(scheduler, seed, 1);
        final List<TestPort> portsA = fabric.addNode("A");
        final List<TestPort> portsB = fabric.addNode("B");
        final SplittableRandom random = new SplittableRandom(seed);
        a = new RoceNode(portsA, scheduler, random.split(), configA);
        b = new RoceNode(portsB, scheduler, random.split(), configB);
        fabric.attach("A", a);
        fabric.attach("B", b);
        source = a.registerRegion(regionBytes);
        destination = b.registerRegion(regionBytes);
        final byte[] bytes = new byte[regionBytes];
        random.split().nextBytes(bytes);
        source.put(0, bytes);
        final ConnectionDescriptor descA = ConnectionDescriptor.spread(0x11, portsA, 1, 1, pmtu, List.of());
        final ConnectionDescriptor descB = ConnectionDescriptor.spread(0x22, portsB, 1, 1, pmtu, List.of(destination));
        final ConnectionPair<RoceConnection, RoceConnection> pair = OutOfBand.connect(a, descA, b, descB);
        ab = pair.first();
        ba = pair.second();
    }

    public RocePair(final int pmtu, final int regionBytes, final long seed) {
        this(pmtu, regionBytes, seed, RoceConfig.defaults(), RoceConfig.defaults());
    }

    public void writeAll(final long wrId) {
        ab.postWrite(wrId, 0, source, 0, source.lengthBytes(), destination.baseAddress(), destination.rkey());
    }

    public List<WorkCompletion> awaitCompletionsAtA(final int count, final long limitNs) {
        scheduler.runUntil(() -> ab.completionQueue().size() >= count, limitNs);
        return ab.completionQueue().drain();
    }

    public List<Frame> framesFrom(final String node) {
        return fabric.captured().stream().filter(f -> f.node().equals(node)).toList();
    }
}
