package org.mprt.ctk.reference.harness;

import java.util.List;
import java.util.SplittableRandom;
import org.mprt.ctk.reference.mprt.MprtConfig;
import org.mprt.ctk.reference.mprt.MprtConnection;
import org.mprt.ctk.reference.mprt.MprtNode;
import org.mprt.ctk.reference.verbs.ConnectionDescriptor;
import org.mprt.ctk.reference.verbs.ConnectionPair;
import org.mprt.ctk.reference.verbs.MemoryRegion;
import org.mprt.ctk.reference.verbs.OutOfBand;
import org.mprt.ctk.reference.verbs.PlaneAddress;
import org.mprt.ctk.reference.verbs.WorkCompletion;

/**
 * Two MPRT nodes, A and B, on a {@link TestFabric}, with one connection between them: A's end
 * {@link #ab}, B's end {@link #ba}; a source region at A filled with seeded random bytes and a
 * destination region at B exposed to the connection.
 */
public final class MprtPair {

    public final VirtualScheduler scheduler = new VirtualScheduler();
    public final TestFabric fabric;
    public final MprtNode a;
    public final MprtNode b;
    public final MemoryRegion source;
    public final MemoryRegion destination;
    public final MemoryRegion sourceAtB;
    public final MemoryRegion destinationAtA;
    public final MprtConnection ab;
    public final MprtConnection ba;

    private MprtPair(final Builder builder) {
        fabric = new TestFabric(scheduler, builder.seed, builder.planes);
        if (builder.ipv6) {
            fabric.useIpv6();
        }
        final List<TestPort> portsA = fabric.addNode("A", builder.rateBps);
        final List<TestPort> portsB = fabric.addNode("B", builder.rateBps);
        final SplittableRandom random = new SplittableRandom(builder.seed);
        a = new MprtNode(portsA, scheduler, random.split(), builder.configA);
        b = new MprtNode(portsB, scheduler, random.split(), builder.configB);
        fabric.attach("A", a);
        fabric.attach("B", b);
        source = a.registerRegion(builder.regionBytes);
        destinationAtA = a.registerRegion(builder.regionBytes);
        destination = b.registerRegion(builder.regionBytes);
        sourceAtB = b.registerRegion(builder.regionBytes);
        final byte[] bytes = new byte[builder.regionBytes];
        random.split().nextBytes(bytes);
        source.put(0, bytes);
        random.split().nextBytes(bytes);
        sourceAtB.put(0, bytes);
        final ConnectionDescriptor descA = tagged(ConnectionDescriptor.spread(builder.numberA, portsA, builder.paths,
            builder.streams, builder.pmtu, List.of(destinationAtA)), builder.vlanId);
        final ConnectionDescriptor descB = tagged(ConnectionDescriptor.spread(builder.numberB, portsB, builder.paths,
            builder.streams, builder.pmtu, List.of(destination)), builder.vlanId);
        final ConnectionPair<MprtConnection, MprtConnection> pair = OutOfBand.connect(a, descA, b, descB);
        ab = pair.first();
        ba = pair.second();
    }

    private static ConnectionDescriptor tagged(final ConnectionDescriptor descriptor, final int vlanId) {
        if (vlanId < 0) {
            return descriptor;
        }
        final List<PlaneAddress> planes = descriptor.planes().stream()
            .map(p -> new PlaneAddress(p.planeIndex(), p.portIndex(), p.macAddress(), p.ipAddress(), vlanId)).toList();
        return new ConnectionDescriptor(descriptor.connectionNumber(), planes, descriptor.paths(), descriptor.streamCount(),
            descriptor.pmtuBytes(), descriptor.regions());
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Posts one WRITE of the whole source region to the destination region on stream 0. */
    public void writeAll(final long wrId) {
        ab.postWrite(wrId, 0, source, 0, source.lengthBytes(), destination.baseAddress(), destination.rkey());
    }

    /** Runs until A has {@code count} completions (or {@code limitNs} passes); returns them. */
    public List<WorkCompletion> awaitCompletionsAtA(final int count, final long limitNs) {
        scheduler.runUntil(() -> ab.completionQueue().size() >= count, limitNs);
        return ab.completionQueue().drain();
    }

    public List<Frame> framesFrom(final String node) {
        return fabric.captured().stream().filter(f -> f.node().equals(node)).toList();
    }

    public static final class Builder {
        private int planes = 2;
        private int paths = 4;
        private int streams = 4;
        private int pmtu = 1024;
        private int regionBytes = 64 * 1024;
        private long rateBps = TestFabric.DEFAULT_RATE_BPS;
        private long seed = 1;
        private int numberA = 0x10;
        private int numberB = 0x20;
        private MprtConfig configA = MprtConfig.defaults();
        private MprtConfig configB = MprtConfig.defaults();
        private boolean ipv6;
        private int vlanId = -1;

        public Builder planes(final int v) { planes = v; return this; }
        public Builder paths(final int v) { paths = v; return this; }
        public Builder streams(final int v) { streams = v; return this; }
        public Builder pmtu(final int v) { pmtu = v; return this; }
        public Builder regionBytes(final int v) { regionBytes = v; return this; }
        public Builder rateBps(final long v) { rateBps = v; return this; }
        public Builder seed(final long v) { seed = v; return this; }
        public Builder configA(final MprtConfig v) { configA = v; return this; }
        public Builder configB(final MprtConfig v) { configB = v; return this; }
        public Builder ipv6(final boolean v) { ipv6 = v; return this; }
        public Builder vlan(final int v) { vlanId = v; return this; }
        public Builder config(final MprtConfig v) { configA = v; configB = v; return this; }

        public MprtPair build() {
            return new MprtPair(this);
        }
    }
}
