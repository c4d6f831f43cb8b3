package org.mprt.ctk.conformance.runtime;

import java.util.function.Consumer;
import org.mprt.ctk.fabric.impairment.Delay;
import org.mprt.ctk.fabric.impairment.Flapping;
import org.mprt.ctk.fabric.impairment.Impairments;
import org.mprt.ctk.fabric.impairment.LossModel;
import org.mprt.ctk.fabric.link.Link;
import org.mprt.ctk.fabric.topology.Topology;

/**
 * One fault a scenario puts into the fabric (fabric/README.md, "Faults"): on every link between
 * switches, on the switch links of one plane, or on the links one path takes. Times are virtual
 * and count from the start of the scenario's traffic.
 */
public sealed interface Impairment {

    /** Puts the fault into the fabric, now or at the times it names. */
    void applyTo(Topology topology, PathRoutes paths);

    /** One line for the scenario's log. */
    String describe();

    /** Random or burst loss on every link between switches, both directions, every plane. */
    record SwitchLinkLoss(LossModel model, String words) implements Impairment {
        @Override
        public void applyTo(final Topology topology, final PathRoutes paths) {
            everySwitchLink(topology, -1, i -> i.loss(model));
        }

        @Override
        public String describe() {
            return "every switch link loses " + words;
        }
    }

    /** One-bit corruption of a share of the frames on every link between switches. */
    record SwitchLinkCorruption(double probability) implements Impairment {
        @Override
        public void applyTo(final Topology topology, final PathRoutes paths) {
            everySwitchLink(topology, -1, i -> i.corruption(probability));
        }

        @Override
        public String describe() {
            return "every switch link corrupts " + probability * 100 + "% of frames";
        }
    }

    /** Extra delay and jitter on the switch links of one plane; {@code reorder} lets frames overtake. */
    record PlaneDelay(int plane, long extraNs, long jitterNs, boolean reorder) implements Impairment {
        /** A negative plane is refused where the feature file states it; one past the fabric's, when the fabric is built. */
        public PlaneDelay {
            if (plane < 0) {
                throw new ScenarioInputException("plane " + plane + ": expected a plane from 0");
            }
        }

        @Override
        public void applyTo(final Topology topology, final PathRoutes paths) {
            if (plane >= topology.planeCount()) {
                throw new ScenarioInputException("plane " + plane + ": expected a plane from 0 to " + (topology.planeCount() - 1));
            }
            final Delay delay = reorder ? Delay.reordering(extraNs, jitterNs) : Delay.jittered(extraNs, jitterNs);
            everySwitchLink(topology, plane, i -> i.delay(delay));
        }

        @Override
        public String describe() {
            return "the switch links of plane " + plane + " add " + Quantity.formatNs(extraNs) + " with "
                + Quantity.formatNs(jitterNs) + " of jitter" + (reorder ? ", reordering" : "");
        }
    }

    /** The links of one path are down from {@code fromNs} until {@code untilNs} (Long.MAX_VALUE: for good). */
    record PathDown(PathEnd end, int pathId, long fromNs, long untilNs) implements Impairment {
        /** Refused where the feature file states it, not when the traffic starts. */
        public PathDown {
            if (untilNs <= fromNs) {
                throw new ScenarioInputException("a path down from " + Quantity.formatNs(fromNs) + " to "
                    + Quantity.formatNs(untilNs) + ": expected the end after the start");
            }
        }

        @Override
        public void applyTo(final Topology topology, final PathRoutes paths) {
            final var route = paths.route(end, pathId);
            topology.scheduler().at(fromNs, () -> route.impair(i -> i.blackhole(true)));
            if (untilNs != Long.MAX_VALUE) {
                topology.scheduler().at(untilNs, () -> route.impair(i -> i.blackhole(false)));
            }
        }

        @Override
        public String describe() {
            return "the links of " + end.words() + " path " + pathId + " are down from " + Quantity.formatNs(fromNs)
                + (untilNs == Long.MAX_VALUE ? " on" : " to " + Quantity.formatNs(untilNs));
        }
    }

    /** The links of one path go down for {@code downNs} at the start of every {@code periodNs}. */
    record PathFlapping(PathEnd end, int pathId, long downNs, long periodNs) implements Impairment {
        /** Refused where the feature file states it, not when the traffic starts. */
        public PathFlapping {
            if (periodNs <= 0 || downNs > periodNs) {
                throw new ScenarioInputException("a path down for " + Quantity.formatNs(downNs) + " every "
                    + Quantity.formatNs(periodNs) + ": expected a period above 0 ns and the down time no longer than it");
            }
        }

        @Override
        public void applyTo(final Topology topology, final PathRoutes paths) {
            final Flapping flapping = new Flapping(0, periodNs, downNs);
            paths.route(end, pathId).impair(i -> i.flapping(flapping));
        }

        @Override
        public String describe() {
            return "the links of " + end.words() + " path " + pathId + " flap: down " + Quantity.formatNs(downNs)
                + " every " + Quantity.formatNs(periodNs);
        }
    }

    /**
     * Every switch link from one end's leaf to the other end's leaf is down, on every plane and
     * spine: what one end sends never arrives, while the other direction works (a one-way failure).
     */
    record OneWayDown(PathEnd from) implements Impairment {
        @Override
        public void applyTo(final Topology topology, final PathRoutes paths) {
            final int source = topology.leafOf(from == PathEnd.DEVICE ? 0 : 1);
            final int destination = topology.leafOf(from == PathEnd.DEVICE ? 1 : 0);
            for (int p = 0; p < topology.planeCount(); p++) {
                for (int s = 0; s < topology.spinesPerPlane(); s++) {
                    topology.leafToSpine(p, source, s).forEach(link -> link.impairments().blackhole(true));
                    topology.spineToLeaf(p, s, destination).forEach(link -> link.impairments().blackhole(true));
                }
            }
        }

        @Override
        public String describe() {
            return "every switch link from " + (from == PathEnd.DEVICE ? "the device to the tester" : "the tester to the device")
                + " is down";
        }
    }

    /** Whose sending path a path impairment names. */
    enum PathEnd {
        DEVICE("the device's"), TESTER("the tester's");

        private final String words;

        PathEnd(final String words) {
            this.words = words;
        }

        public String words() {
            return words;
        }
    }

    private static void everySwitchLink(final Topology t, final int onlyPlane, final Consumer<Impairments> change) {
        for (int p = 0; p < t.planeCount(); p++) {
            if (onlyPlane >= 0 && p != onlyPlane) {
                continue;
            }
            for (int l = 0; l < t.leafCount(); l++) {
                for (int s = 0; s < t.spinesPerPlane(); s++) {
                    for (final Link link : t.leafToSpine(p, l, s)) {
                        change.accept(link.impairments());
                    }
                    for (final Link link : t.spineToLeaf(p, s, l)) {
                        change.accept(link.impairments());
                    }
                }
            }
        }
    }
}
