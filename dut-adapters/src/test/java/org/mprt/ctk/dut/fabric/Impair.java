package org.mprt.ctk.dut.fabric;

import java.util.function.Consumer;
import org.mprt.ctk.fabric.impairment.Impairments;
import org.mprt.ctk.fabric.link.Link;
import org.mprt.ctk.fabric.address.FiveTuple;
import org.mprt.ctk.fabric.topology.Route;
import org.mprt.ctk.fabric.topology.Topology;

/** The impairments the end-to-end cases apply, named after what they do to the network. */
final class Impair {

    /** The UDP source port of path 0 of a spread connection descriptor. */
    static final int FIRST_ENTROPY_PORT = 0xC000;

    private Impair() {
    }

    /** The same impairment on every link between switches, both directions, every plane. */
    static Consumer<Topology> everySwitchLink(final Consumer<Impairments> impairment) {
        return t -> {
            for (int p = 0; p < t.planeCount(); p++) {
                for (int l = 0; l < t.leafCount(); l++) {
                    for (int s = 0; s < t.spinesPerPlane(); s++) {
                        t.leafToSpine(p, l, s).forEach(link -> impairment.accept(link.impairments()));
                        t.spineToLeaf(p, s, l).forEach(link -> impairment.accept(link.impairments()));
                    }
                }
            }
        };
    }

    /** Every link through one spine of one plane, both directions: the paths that hash onto it. */
    static Consumer<Topology> spine(final int plane, final int spine, final Consumer<Impairments> impairment) {
        return t -> {
            for (int l = 0; l < t.leafCount(); l++) {
                for (final Link link : t.leafToSpine(plane, l, spine)) {
                    impairment.accept(link.impairments());
                }
                for (final Link link : t.spineToLeaf(plane, spine, l)) {
                    impairment.accept(link.impairments());
                }
            }
        };
    }

    /**
     * Blackholes the links between switches that the data of sender path {@code pathId} takes from
     * host 1 to host 0 (paths spread round-robin over the planes, path i with UDP source port
     * 0xC000 + i, as {@code ConnectionDescriptor.spread} assigns them): that path, and exactly it,
     * fails in the data direction.
     */
    static Consumer<Topology> failPath(final int pathId) {
        return t -> pathRoute(t, pathId).impair(i -> i.blackhole(true));
    }

    /** Path {@code pathId} fails at {@code downNs} and heals at {@code upNs}. */
    static Consumer<Topology> pathOutage(final int pathId, final long downNs, final long upNs) {
        return t -> {
            t.scheduler().at(downNs, () -> pathRoute(t, pathId).impair(i -> i.blackhole(true)));
            t.scheduler().at(upNs, () -> pathRoute(t, pathId).impair(i -> i.blackhole(false)));
        };
    }

    private static Route pathRoute(final Topology t, final int pathId) {
        final int plane = pathId % t.planeCount();
        final FiveTuple tuple = FiveTuple.rocev2(t.host(1).port(plane).ipv4(), t.host(0).port(plane).ipv4(),
            FIRST_ENTROPY_PORT + pathId);
        return t.route(tuple);
    }

    /** A spine's links go down at {@code downNs} and come back at {@code upNs}. */
    static Consumer<Topology> spineOutage(final int plane, final int spine, final long downNs, final long upNs) {
        return t -> {
            t.scheduler().at(downNs, () -> spine(plane, spine, i -> i.blackhole(true)).accept(t));
            t.scheduler().at(upNs, () -> spine(plane, spine, i -> i.blackhole(false)).accept(t));
        };
    }
}
