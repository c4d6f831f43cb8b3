package org.mprt.ctk.fabric.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.fabric.address.AddressPlan;
import org.mprt.ctk.fabric.address.FiveTuple;
import org.mprt.ctk.fabric.endpoint.CountingEndpoint;
import org.mprt.ctk.fabric.frame.FrameHeaders;
import org.mprt.ctk.fabric.link.Link;
import org.mprt.ctk.fabric.node.HostPort;
import org.mprt.ctk.fabric.queue.EgressQueue;

class TopologyTest {

    private static final long RUN_LIMIT_NS = 1_000_000_000L;

    @Test
    void shouldBuildSixtyFourHostsOnFourPlanesAndMoveAllToAllTraffic() {
        final Topology topology = Topology.builder().hosts(64).planes(4).spinesPerPlane(4).hostsPerLeaf(16).seed(64).build();
        final List<CountingEndpoint> endpoints = attachAll(topology);

        for (int from = 0; from < 64; from++) {
            for (int to = 0; to < 64; to++) {
                for (int plane = 0; plane < 4; plane++) {
                    if (from != to) {
                        endpoints.get(from).sendTo(to, plane, 0xC000 + to, 512);
                    }
                }
            }
        }
        topology.scheduler().runUntilIdle(RUN_LIMIT_NS);

        assertThat(topology.leafCount()).isEqualTo(4);
        assertThat(topology.switches()).hasSize(4 * (4 + 4));
        // Per plane: 64 host cables and 4 x 4 leaf-spine cables, two directions each.
        assertThat(topology.links()).hasSize(4 * 2 * (64 + 16));
        for (int host = 0; host < 64; host++) {
            final CountingEndpoint endpoint = endpoints.get(host);
            for (int plane = 0; plane < 4; plane++) {
                assertThat(endpoint.arrivalsOnPlane(plane)).as("host %d plane %d", host, plane).isEqualTo(63);
            }
            for (final CountingEndpoint.Arrival arrival : endpoint.arrivals()) {
                final FiveTuple tuple = FrameHeaders.fiveTuple(arrival.frame(), arrival.frame().length);
                assertThat(tuple.destination()).isEqualTo(AddressPlan.ipv4(arrival.plane(), host));
            }
        }
        for (final Link link : topology.links()) {
            assertThat(link.counters().drops()).as(link.name()).isZero();
        }
    }

    @Test
    void shouldGiveHostPortsTheAddressesOfThePlan() {
        final Topology topology = Topology.builder().hosts(6).planes(3).hostsPerLeaf(2).spinesPerPlane(1).build();

        final HostPort port = topology.host(5).port(2);

        assertThat(port.plane()).isEqualTo(2);
        assertThat(port.ipv4()).isEqualTo(AddressPlan.ipv4(2, 5));
        assertThat(port.ipv6()).isEqualTo(AddressPlan.ipv6(2, 5));
        assertThat(port.mac()).isEqualTo(AddressPlan.mac(2, 5));
        assertThat(topology.portOf(AddressPlan.ipv6(2, 5))).isSameAs(port);
        assertThat(topology.leafOf(5)).isEqualTo(2);
        assertThat(topology.hostUplink(5, 2).name()).isEqualTo("p2/h5 -> p2/leaf2:1");
    }

    @Test
    void shouldDeliverAcrossFourHopsAtTheComputedTime() {
        final Topology topology = Topology.builder().hosts(2).hostsPerLeaf(1).spinesPerPlane(2).build();
        final List<CountingEndpoint> endpoints = attachAll(topology);

        final int length = endpoints.get(0).sendTo(1, 0, 0xC000, 1152);
        topology.scheduler().runUntilIdle(RUN_LIMIT_NS);

        final long hopNs = EgressQueue.serialisationDelayNs(length, 24, 100_000_000_000L) + 500;
        assertThat(endpoints.get(1).arrivals()).singleElement()
            .satisfies(arrival -> assertThat(arrival.timeNs()).isEqualTo(4 * hopNs));
    }

    @Test
    void shouldCarryIpv6AcrossLeaves() {
        final Topology topology = Topology.builder().hosts(4).hostsPerLeaf(2).spinesPerPlane(2).planes(2).build();
        final List<CountingEndpoint> endpoints = attachAll(topology);

        for (int port = 0; port < 20; port++) {
            endpoints.get(0).sendTo(3, 1, 0xC000 + port, 100, true);
        }
        topology.scheduler().runUntilIdle(RUN_LIMIT_NS);

        assertThat(endpoints.get(3).arrivalsOnPlane(1)).isEqualTo(20);
    }

    @Test
    void shouldImpairOnlyTheLinksOfOnePath() {
        final Topology topology = Topology.builder().hosts(2).hostsPerLeaf(1).spinesPerPlane(4).seed(3).build();
        final List<CountingEndpoint> endpoints = attachAll(topology);
        final FiveTuple broken = FiveTuple.rocev2(AddressPlan.ipv4(0, 0), AddressPlan.ipv4(0, 1), 0xC000);
        final Route brokenRoute = topology.route(broken);
        int healthyPort = 0xC001;
        while (topology.route(FiveTuple.rocev2(broken.source(), broken.destination(), healthyPort)).switches()
            .get(1) == brokenRoute.switches().get(1)) {
            healthyPort++;
        }
        topology.scheduler().at(50_000, () -> brokenRoute.impair(impairments -> impairments.blackhole(true)));

        for (int i = 0; i < 20; i++) {
            final int port = healthyPort;
            topology.scheduler().at(i * 5_000L, () -> {
                endpoints.get(0).sendTo(1, 0, 0xC000, 64);
                endpoints.get(0).sendTo(1, 0, port, 64);
            });
        }
        topology.scheduler().runUntilIdle(RUN_LIMIT_NS);

        // Both paths carry their first 10 frames (sent before 50 us); after that only the healthy one.
        assertThat(endpoints.get(1).arrivals()).hasSize(30);
        assertThat(brokenRoute.interSwitchLinks().get(0).counters().downDrops()).isEqualTo(10);
        assertThat(brokenRoute.interSwitchLinks()).hasSize(2);
        assertThat(brokenRoute.propagationDelayNs()).isEqualTo(4 * 500);
    }

    @Test
    void shouldBuildOneSwitchPerPlane() {
        final Topology topology = Topology.builder().hosts(5).planes(2).singleSwitch().build();
        final List<CountingEndpoint> endpoints = attachAll(topology);

        endpoints.get(4).sendTo(0, 1, 1, 10);
        topology.scheduler().runUntilIdle(RUN_LIMIT_NS);

        assertThat(topology.switches()).hasSize(2);
        assertThat(endpoints.get(0).arrivalsOnPlane(1)).isEqualTo(1);
        assertThat(topology.route(FiveTuple.rocev2(AddressPlan.ipv4(1, 4), AddressPlan.ipv4(1, 0), 1)).links()).hasSize(2);
    }

    @Test
    void shouldRefuseLeavesThatCannotReachEachOther() {
        assertThatThrownBy(() -> Topology.builder().hosts(4).hostsPerLeaf(2).spinesPerPlane(0).build())
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("need 2 leaves");
    }

    @Test
    void shouldRefuseARouteBetweenPlanes() {
        final Topology topology = Topology.builder().hosts(2).planes(2).build();

        assertThatThrownBy(() -> topology.route(FiveTuple.rocev2(AddressPlan.ipv4(0, 0), AddressPlan.ipv4(1, 1), 1)))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("independent");
    }

    @Test
    void shouldCountFramesArrivingAtAHostWithoutEndpoint() {
        final Topology topology = Topology.builder().hosts(2).singleSwitch().build();
        final CountingEndpoint sender = new CountingEndpoint();
        topology.host(0).attach(sender);

        sender.sendTo(1, 0, 1, 10);
        topology.scheduler().runUntilIdle(RUN_LIMIT_NS);

        assertThat(topology.host(1).unclaimedFrames()).isEqualTo(1);
    }

    private static List<CountingEndpoint> attachAll(final Topology topology) {
        final List<CountingEndpoint> endpoints = new ArrayList<>();
        for (int h = 0; h < topology.hostCount(); h++) {
            final CountingEndpoint endpoint = new CountingEndpoint();
            topology.host(h).attach(endpoint);
            endpoints.add(endpoint);
        }
        return endpoints;
    }
}
