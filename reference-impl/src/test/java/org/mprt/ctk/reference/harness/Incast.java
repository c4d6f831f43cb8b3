package org.mprt.ctk.reference.harness;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.mprt.ctk.reference.mprt.MprtConfig;
import org.mprt.ctk.reference.mprt.MprtConnection;
import org.mprt.ctk.reference.mprt.MprtNode;
import org.mprt.ctk.reference.verbs.ConnectionDescriptor;
import org.mprt.ctk.reference.verbs.ConnectionPair;
import org.mprt.ctk.reference.verbs.MemoryRegion;
import org.mprt.ctk.reference.verbs.OutOfBand;

/** N MPRT senders S0..S(N-1) with one connection each to a receiver R, all on one plane. */
public final class Incast {

    public final VirtualScheduler scheduler = new VirtualScheduler();
    public final TestFabric fabric;
    public final MprtNode receiver;
    public final List<MprtConnection> senders = new ArrayList<>();
    public final List<MprtConnection> receivers = new ArrayList<>();
    public final List<MemoryRegion> sources = new ArrayList<>();
    public final List<MemoryRegion> destinations = new ArrayList<>();

    public Incast(final int senderCount, final int bytesEach, final MprtConfig senderConfig, final MprtConfig receiverConfig) {
        fabric = new TestFabric(scheduler, 9, 1);
        final SplittableRandom random = new SplittableRandom(9);
        final var receiverPorts = fabric.addNode("R");
        receiver = new MprtNode(receiverPorts, scheduler, random.split(), receiverConfig);
        fabric.attach("R", receiver);
        for (int i = 0; i < senderCount; i++) {
            final String name = "S" + i;
            final var ports = fabric.addNode(name);
            final MprtNode sender = new MprtNode(ports, scheduler, random.split(), senderConfig);
            fabric.attach(name, sender);
            final MemoryRegion source = sender.registerRegion(bytesEach);
            final byte[] bytes = new byte[bytesEach];
            random.nextBytes(bytes);
            source.put(0, bytes);
            final MemoryRegion destination = receiver.registerRegion(bytesEach);
            final ConnectionPair<MprtConnection, MprtConnection> pair = OutOfBand.connect(
                sender, ConnectionDescriptor.spread(0x100 + i, ports, 2, 1, 4096, List.of()),
                receiver, ConnectionDescriptor.spread(0x200 + i, receiverPorts, 2, 1, 4096, List.of(destination)));
            senders.add(pair.first());
            receivers.add(pair.second());
            sources.add(source);
            destinations.add(destination);
        }
    }

    public void writeAll() {
        for (int i = 0; i < senders.size(); i++) {
            senders.get(i).postWrite(i, 0, sources.get(i), 0, sources.get(i).lengthBytes(), destinations.get(i).baseAddress(),
                destinations.get(i).rkey());
        }
    }

    public boolean allComplete() {
        return senders.stream().allMatch(c -> c.completionQueue().size() == 1);
    }
}
