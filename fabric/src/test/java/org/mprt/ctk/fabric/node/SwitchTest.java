package org.mprt.ctk.fabric.node;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.fabric.address.AddressPlan;
import org.mprt.ctk.fabric.address.FiveTuple;
import org.mprt.ctk.fabric.address.MacAddress;
import org.mprt.ctk.fabric.endpoint.CountingEndpoint;
import org.mprt.ctk.fabric.frame.TestFrames;
import org.mprt.ctk.fabric.link.Link;
import org.mprt.ctk.fabric.topology.Route;
import org.mprt.ctk.fabric.topology.Topology;

class SwitchTest {

    private static final long RUN_LIMIT_NS = 1_000_000_000L;

    @Test
    void shouldSendEveryPacketOfOneFiveTupleOverOneSpine() {
        final Topology topology = twoLeaves(4, 1, 5);
        final CountingEndpoint sender = attach(topology, 0);
        final CountingEndpoint receiver = attach(topology, 1);

        for (int i = 0; i < 100; i++) {
            sender.sendTo(1, 0, 0xC0DE, 256);
        }
        topology.scheduler().runUntilIdle(RUN_LIMIT_NS);

        final List<Long> perSpine = new ArrayList<>();
        for (int s = 0; s < 4; s++) {
            perSpine.add(topology.leafToSpine(0, 0, s).get(0).counters().delivered());
        }
        assertThat(perSpine).containsOnly(0L, 100L).containsOnlyOnce(100L);
        assertThat(receiver.arrivals()).hasSize(100);
        final Route route = topology.route(FiveTuple.rocev2(AddressPlan.ipv4(0, 0), AddressPlan.ipv4(0, 1), 0xC0DE));
        assertThat(route.interSwitchLinks().get(0).counters().delivered()).isEqualTo(100);
    }

    @Test
    void shouldSpreadManySourcePortsOverEverySpine() {
        final Topology topology = twoLeaves(4, 1, 6);
        final CountingEndpoint sender = attach(topology, 0);
        attach(topology, 1);

        for (int port = 0xC000; port < 0xC000 + 1_000; port++) {
            sender.sendTo(1, 0, port, 64);
        }
        topology.scheduler().runUntilIdle(RUN_LIMIT_NS);

        for (int s = 0; s < 4; s++) {
            // 250 expected per spine, standard deviation about 14.
            assertThat(topology.leafToSpine(0, 0, s).get(0).counters().delivered()).as("spine %d", s).isBetween(180L, 320L);
        }
    }

    @Test
    void shouldSpreadOverParallelLinksToOneSpine() {
        final Topology topology = twoLeaves(1, 4, 7);
        final CountingEndpoint sender = attach(topology, 0);
        attach(topology, 1);

        for (int port = 0xC000; port < 0xC000 + 1_000; port++) {
            sender.sendTo(1, 0, port, 64);
        }
        topology.scheduler().runUntilIdle(RUN_LIMIT_NS);

        final List<Link> up = topology.leafToSpine(0, 0, 0);
        final List<Link> down = topology.spineToLeaf(0, 0, 1);
        assertThat(up).hasSize(4);
        for (int k = 0; k < 4; k++) {
            assertThat(up.get(k).counters().delivered()).as("uplink %d", k).isBetween(180L, 320L);
            assertThat(down.get(k).counters().delivered()).as("downlink %d", k).isBetween(180L, 320L);
        }
    }

    @Test
    void shouldTakeTheRouteThatRouteNames() {
        final Topology topology = Topology.builder().hosts(8).hostsPerLeaf(2).spinesPerPlane(3).parallelLinks(2)
            .planes(2).seed(8).build();
        final List<CountingEndpoint> endpoints = new ArrayList<>();
        for (int h = 0; h < 8; h++) {
            endpoints.add(attach(topology, h));
        }
        final SplittableRandom random = new SplittableRandom(3);

        for (int i = 0; i < 200; i++) {
            final int from = random.nextInt(8);
            final int to = (from + 1 + random.nextInt(7)) % 8;
            final int plane = random.nextInt(2);
            final int port = 0xC000 + random.nextInt(0x3FFF);
            final Map<String, Long> before = deliveredByLink(topology);
            endpoints.get(from).sendTo(to, plane, port, 64);
            topology.scheduler().runUntilIdle(topology.scheduler().now() + RUN_LIMIT_NS);
            final Map<String, Long> after = deliveredByLink(topology);

            final List<String> used = new ArrayList<>();
            for (final Link link : topology.links()) {
                if (!after.get(link.name()).equals(before.get(link.name()))) {
                    used.add(link.name());
                }
            }
            final Route route = topology.route(FiveTuple.rocev2(AddressPlan.ipv4(plane, from), AddressPlan.ipv4(plane, to), port));
            assertThat(used).containsExactlyInAnyOrderElementsOf(route.links().stream().map(Link::name).toList());
            assertThat(route.links()).hasSize(topology.leafOf(from) == topology.leafOf(to) ? 2 : 4);
        }
    }

    @Test
    void shouldConsumePfcFramesAndCountThem() {
        final Topology topology = twoLeaves(2, 1, 9);
        final CountingEndpoint sender = attach(topology, 0);
        final CountingEndpoint receiver = attach(topology, 1);

        sender.sendRaw(0, rawFrame(0x01_80_C2_00_00_01L, AddressPlan.mac(0, 0), 0x8808));
        topology.scheduler().runUntilIdle(RUN_LIMIT_NS);

        assertThat(topology.leaf(0, 0).linkLocalConsumed()).isEqualTo(1);
        assertThat(topology.leaf(0, 0).forwarded()).isZero();
        assertThat(receiver.arrivals()).isEmpty();
    }

    @Test
    void shouldForwardNonIpFramesByDestinationMac() {
        final Topology topology = twoLeaves(2, 1, 10);
        final CountingEndpoint sender = attach(topology, 0);
        final CountingEndpoint receiver = attach(topology, 1);

        sender.sendRaw(0, rawFrame(AddressPlan.mac(0, 1), AddressPlan.mac(0, 0), 0x88B5));
        topology.scheduler().runUntilIdle(RUN_LIMIT_NS);

        assertThat(receiver.arrivals()).hasSize(1);
    }

    @Test
    void shouldFloodUnknownNonIpFramesToOtherHostPortsOnly() {
        final Topology topology = Topology.builder().hosts(3).singleSwitch().seed(11).build();
        final CountingEndpoint h0 = attach(topology, 0);
        final CountingEndpoint h1 = attach(topology, 1);
        final CountingEndpoint h2 = attach(topology, 2);

        h0.sendRaw(0, rawFrame(MacAddress.BROADCAST, AddressPlan.mac(0, 0), 0x88B5));
        topology.scheduler().runUntilIdle(RUN_LIMIT_NS);

        assertThat(h0.arrivals()).isEmpty();
        assertThat(h1.arrivals()).hasSize(1);
        assertThat(h2.arrivals()).hasSize(1);
        assertThat(h1.arrivals().get(0).frame()).isNotSameAs(h2.arrivals().get(0).frame());
        assertThat(topology.leaf(0, 0).flooded()).isEqualTo(1);
    }

    @Test
    void shouldCountIpFramesWithoutRoute() {
        final Topology topology = Topology.builder().hosts(2).singleSwitch().seed(12).build();
        final CountingEndpoint h0 = attach(topology, 0);
        final HostPort port = topology.host(0).port(0);
        final byte[] frame = TestFrames.roce(port.mac(), 2, port.ipv4(), AddressPlan.ipv4(0, 500), 1, 0, 0);

        h0.sendRaw(0, frame);
        topology.scheduler().runUntilIdle(RUN_LIMIT_NS);

        assertThat(topology.leaf(0, 0).noRouteDrops()).isEqualTo(1);
    }

    @Test
    void shouldChooseDifferentSpinesWithADifferentSeed() {
        final List<Integer> first = spinesOf(twoLeaves(4, 1, 100));
        final List<Integer> again = spinesOf(twoLeaves(4, 1, 100));
        final List<Integer> other = spinesOf(twoLeaves(4, 1, 101));

        assertThat(again).isEqualTo(first);
        assertThat(other).isNotEqualTo(first);
    }

    private static List<Integer> spinesOf(final Topology topology) {
        final List<Integer> spines = new ArrayList<>();
        for (int port = 0xC000; port < 0xC000 + 64; port++) {
            final Route route = topology.route(FiveTuple.rocev2(AddressPlan.ipv4(0, 0), AddressPlan.ipv4(0, 1), port));
            final Switch spine = route.switches().get(1);
            for (int s = 0; s < topology.spinesPerPlane(); s++) {
                if (topology.spine(0, s) == spine) {
                    spines.add(s);
                }
            }
        }
        return spines;
    }

    private static Map<String, Long> deliveredByLink(final Topology topology) {
        final Map<String, Long> delivered = new TreeMap<>();
        for (final Link link : topology.links()) {
            delivered.put(link.name(), link.counters().delivered());
        }
        return delivered;
    }

    private static Topology twoLeaves(final int spines, final int parallel, final long seed) {
        return Topology.builder().hosts(2).hostsPerLeaf(1).spinesPerPlane(spines).parallelLinks(parallel).seed(seed).build();
    }

    private static CountingEndpoint attach(final Topology topology, final int host) {
        final CountingEndpoint endpoint = new CountingEndpoint();
        topology.host(host).attach(endpoint);
        return endpoint;
    }

    private static byte[] rawFrame(final long destination, final long source, final int etherType) {
        final byte[] frame = new byte[60];
        for (int i = 0; i < 6; i++) {
            frame[i] = (byte) (destination >>> (40 - 8 * i));
            frame[6 + i] = (byte) (source >>> (40 - 8 * i));
        }
        frame[12] = (byte) (etherType >>> 8);
        frame[13] = (byte) etherType;
        frame[14] = 0x01;
        frame[15] = 0x01;
        return frame;
    }
}
