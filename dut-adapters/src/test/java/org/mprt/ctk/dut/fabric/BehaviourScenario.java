package org.mprt.ctk.dut.fabric;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import org.mprt.ctk.dut.PicsDocument;
import org.mprt.ctk.fabric.address.IpAddress;
import org.mprt.ctk.fabric.tap.PcapTap;
import org.mprt.ctk.fabric.topology.Topology;
import org.mprt.ctk.pics.Pics;
import org.mprt.ctk.reference.mprt.MprtConfig;
import org.mprt.ctk.reference.mprt.MprtNode;
import org.mprt.ctk.reference.roce.RoceConfig;
import org.mprt.ctk.reference.roce.RoceNode;
import org.mprt.ctk.reference.verbs.Connection;
import org.mprt.ctk.reference.verbs.ConnectionDescriptor;
import org.mprt.ctk.reference.verbs.ConnectionPair;
import org.mprt.ctk.reference.verbs.MemoryRegion;
import org.mprt.ctk.reference.verbs.OutOfBand;
import org.mprt.ctk.reference.verbs.RdmaDevice;
import org.mprt.ctk.verdict.CaptureJudge;
import org.mprt.ctk.verdict.Judgement;

/**
 * One behavioural scenario in the emulated fabric, for proving the verdict engine's behavioural rules
 * with the reference implementation and its mutants: N senders (hosts 1 to N) RDMA WRITE to one
 * receiver (host 0), each on its own connection with several streams and paths, while the caller's
 * impairments act on the topology. Each node may run its own configuration (the mutant is the device
 * under test, its peers are the reference), and any host may be tapped. The capture of a host is
 * judged as a kit scenario judges it: at that host's ports, from the connection's start, with the
 * exact timestamps of the fabric (no judging tolerance) and the timers the nodes run with.
 */
final class BehaviourScenario {

    enum Transport { MPRT, ROCEV2 }

    /**
     * One RDMA WRITE a sender posts, at virtual time {@code atNs} after the start: its stream and length;
     * a bad rkey makes the receiver NAK it.
     */
    record Write(int streamId, int lengthBytes, boolean badRkey, long atNs) {
        static Write of(final int streamId, final int lengthBytes) {
            return new Write(streamId, lengthBytes, false, 0);
        }

        static Write at(final long atNs, final int streamId, final int lengthBytes) {
            return new Write(streamId, lengthBytes, false, atNs);
        }
    }

    static final long LINK_RATE_BPS = 100_000_000_000L;

    Transport transport = Transport.MPRT;
    int senders = 1;
    int planes = 2;
    int spinesPerPlane = 4;
    int pathsPerConnection = 8;
    int streams = 2;
    long seed = 1;
    long limitNs = 5_000_000L;
    MprtConfig senderConfig = MprtConfig.defaults();
    MprtConfig receiverConfig = MprtConfig.defaults();
    RoceConfig roceSenderConfig = RoceConfig.defaults();
    /** The timers the nodes run with, as the judge is told them: PICS timer names and values. */
    final Map<String, Number> picsTimers = new LinkedHashMap<>();
    List<Write> writes = List.of(Write.of(0, 512 * 1024));
    Consumer<Topology> impairments = t -> { };
    private final Map<Integer, Path> captures = new LinkedHashMap<>();
    private final Map<Integer, List<InetAddress>> addresses = new LinkedHashMap<>();

    /** Taps every port of host {@code host} into {@code file}. */
    BehaviourScenario capture(final int host, final Path file) {
        captures.put(host, file);
        return this;
    }

    /** Runs the scenario until every write completes (in any status) or the time limit. */
    void run() {
        final Topology topology = Topology.builder().hosts(senders + 1).planes(planes).spinesPerPlane(spinesPerPlane)
            .hostsPerLeaf(1).linkRateBps(LINK_RATE_BPS).seed(seed).build();
        final SplittableRandom random = new SplittableRandom(seed);
        final List<FabricNode> nodes = new ArrayList<>();
        for (int h = 0; h <= senders; h++) {
            final SplittableRandom nodeRandom = random.split();
            final MprtConfig mprt = h == 0 ? receiverConfig : senderConfig;
            final RoceConfig roce = h == 0 ? RoceConfig.defaults() : roceSenderConfig;
            final FabricNode node = new FabricNode((ports, timers) -> transport == Transport.MPRT
                ? new MprtNode(ports, timers, nodeRandom, mprt) : new RoceNode(ports, timers, nodeRandom, roce),
                LINK_RATE_BPS, h == 0 ? "receiver" : "sender " + h);
            topology.host(h).attach(node);
            nodes.add(node);
        }
        impairments.accept(topology);
        final List<PcapTap> taps = new ArrayList<>();
        captures.forEach((host, file) -> {
            taps.add(PcapTap.onHost(topology.host(host), file));
            addresses.put(host, addressesOf(topology, host));
        });
        try {
            transfer(topology, nodes);
        } finally {
            taps.forEach(PcapTap::close);
        }
    }

    private void transfer(final Topology topology, final List<FabricNode> nodes) {
        final RdmaDevice receiver = nodes.get(0).device();
        final List<Connection> sending = new ArrayList<>();
        final int total = writes.stream().mapToInt(Write::lengthBytes).sum();
        final int paths = transport == Transport.MPRT ? pathsPerConnection : 1;
        int posted = 0;
        for (int s = 1; s <= senders; s++) {
            final RdmaDevice sender = nodes.get(s).device();
            final MemoryRegion source = sender.registerRegion(total);
            final MemoryRegion target = receiver.registerRegion(total);
            final ConnectionDescriptor atSender = ConnectionDescriptor.spread(0x100 + s, nodes.get(s).ports(), paths,
                streams, 4096, List.of());
            final ConnectionDescriptor atReceiver = ConnectionDescriptor.spread(0x200 + s, nodes.get(0).ports(), paths,
                streams, 4096, List.of(target));
            final ConnectionPair<Connection, Connection> pair = OutOfBand.connect(sender, atSender, receiver, atReceiver);
            final Connection c = pair.first();
            sending.add(c);
            int offset = 0;
            for (final Write w : writes) {
                final long wrId = posted++;
                final int at = offset;
                final Runnable post = () -> c.postWrite(wrId, w.streamId(), source, at, w.lengthBytes(),
                    target.baseAddress() + at, w.badRkey() ? target.rkey() ^ 0x5A5A : target.rkey());
                if (w.atNs() == 0) {
                    post.run();
                } else {
                    topology.scheduler().at(topology.scheduler().now() + w.atNs(), post);
                }
                offset += w.lengthBytes();
            }
        }
        final int expected = posted;
        final int[] done = {0};
        topology.scheduler().runUntil(topology.scheduler().now() + limitNs, () -> {
            for (final Connection c : sending) {
                done[0] += c.completionQueue().drain().size();
            }
            return done[0] >= expected;
        });
    }

    private List<InetAddress> addressesOf(final Topology topology, final int host) {
        final List<InetAddress> out = new ArrayList<>();
        for (int p = 0; p < planes; p++) {
            out.add(inet(topology.host(host).port(p).ipv4()));
        }
        return out;
    }

    private static InetAddress inet(final IpAddress a) {
        try {
            return InetAddress.getByName(a.toString());
        } catch (final UnknownHostException e) {
            throw new IllegalStateException("the fabric's address " + a + " is not a literal", e);
        }
    }

    /**
     * The judgement on the capture of {@code host}, told what a kit scenario tells the judge: where the
     * capture was taken, that it holds every connection from its start, that its timestamps are exact,
     * and (in a PICS written beside the capture) the timers the nodes run with.
     */
    Judgement judge(final int host) throws IOException {
        final Path capture = captures.get(host);
        return judgeWith(host).judge(capture);
    }

    CaptureJudge judgeWith(final int host) throws IOException {
        final Path capture = captures.get(host);
        final Path pics = capture.resolveSibling(capture.getFileName() + ".pics.yaml");
        final String base = transport == Transport.MPRT ? PicsDocument.REFERENCE_MPRT : PicsDocument.REFERENCE_ROCEV2;
        Files.writeString(pics, PicsDocument.fromClasspath(base).withTimers(picsTimers).withJudgingToleranceNs(0).yaml());
        return CaptureJudge.declaring(Pics.load(pics)).takenAt(addresses.get(host)).fromConnectionStart()
            .fromEmulatedFabric();
    }
}
