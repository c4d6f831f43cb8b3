package org.mprt.ctk.conformance.runtime;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The kit's reference MPRT node under faults the feature files do not combine: each seed draws a
 * fabric, a connection, a mix of random and burst loss, corruption, ECN marking, a plane's delay with
 * reordering and paths that go down, and traffic both ways, runs it, and holds the reference to fail
 * no requirement of the capture ({@link ScenarioWorld#requireTheReferenceToFailNothing}). A failure is
 * a fault of the reference or of a rule; its message names the seed, the draw and the capture. The
 * RoCEv2 baseline is drawn the same way, on one plane and one queue pair each way, with delays that
 * keep the connection in order.
 *
 * <p>{@code -Dctk.soak.delay=false} and {@code -Dctk.soak.pathsDown=false} leave delays and paths that
 * go down out of the draws; {@code -Dctk.soak.seeds=N} draws N seeds, {@code -Dctk.soak.seed=S} seed S
 * alone. Through Maven:
 * <pre>mvn -pl conformance test -Dtest=ReferenceUnderRandomFaultsTest -DargLine="-Dctk.soak.seeds=1000"</pre>
 */
class ReferenceUnderRandomFaultsTest {

    private static final int SEEDS = Integer.getInteger("ctk.soak.seeds", 200);
    private static final Long SEED = Long.getLong("ctk.soak.seed");
    private static final boolean WITH_DELAY = Boolean.parseBoolean(System.getProperty("ctk.soak.delay", "true"));
    private static final boolean WITH_PATHS_DOWN = Boolean.parseBoolean(System.getProperty("ctk.soak.pathsDown", "true"));

    @TestFactory
    Stream<DynamicTest> shouldFailNoRequirementUnderAnyMixOfFaults() {
        final LongStream seeds = SEED != null ? LongStream.of(SEED) : LongStream.rangeClosed(1, SEEDS);
        return seeds.mapToObj(seed -> DynamicTest.dynamicTest("seed " + seed,
            () -> run(seed, WITH_DELAY, WITH_PATHS_DOWN)));
    }

    /**
     * Draws with paths going down that the rules once failed the reference on: a PROBE_REPLY whose echoed
     * tx_timestamp a link changed (seed 16, MPRT-WIRE-060), a path readmitted whose first data are the
     * packets abandoned on it, sent again at the PROBEs' PSN (seeds 16 and 167, MPRT-FAIL-007), data abandoned
     * while every path was down and re-sprayed from a path only once it was readmitted (seeds 108 and 109,
     * MPRT-FAIL-002, -003 and -007).
     */
    @TestFactory
    Stream<DynamicTest> shouldFailNoRequirementWherePathsWentDownAndCameBack() {
        return LongStream.of(16, 108, 109, 167).mapToObj(seed -> DynamicTest.dynamicTest("seed " + seed,
            () -> run(seed, false, true)));
    }

    /**
     * Draws with delays that once failed: transfers that ended, or nearly, before the sender had
     * an ACK from every path, which MPRT-PATH-006 failed for the equal counts of a sender that could not
     * yet tell the paths apart (seeds 65 and 110); a packet found lost that an ACK overtaken on the way
     * then SACKed, which the reference sent again all the same (seed 962, MPRT-LOSS-005); and a draw with no
     * delay drawn, where the reference went on probing a readmitted path that carried only data sent again, so that
     * the receiver abandoned a lost PSN whose data then came again at it and completed nothing (seed 710,
     * MPRT-STREAM-005).
     */
    @TestFactory
    Stream<DynamicTest> shouldFailNoRequirementInDrawsThatOnceFailed() {
        return LongStream.of(65, 110, 962, 710).mapToObj(seed -> DynamicTest.dynamicTest("seed " + seed,
            () -> run(seed, true, false)));
    }

    /**
     * Draws with every fault, as the soak makes them, that MPRT-PATH-006 once failed: the faster path
     * failed, and the sender put its new data on the slower one, the only one left ACTIVE (seeds 1820, 2192
     * and 2916 of 3000).
     */
    @TestFactory
    Stream<DynamicTest> shouldFailNoRequirementWhereTheFasterPathFailed() {
        return LongStream.of(1820, 2192, 2916).mapToObj(seed -> DynamicTest.dynamicTest("seed " + seed,
            () -> run(seed, true, true)));
    }

    @TestFactory
    Stream<DynamicTest> shouldFailNoRequirementOfTheRocev2BaselineUnderAnyMixOfFaults() {
        final LongStream seeds = SEED != null ? LongStream.of(SEED) : LongStream.rangeClosed(1, SEEDS);
        return seeds.mapToObj(seed -> DynamicTest.dynamicTest("seed " + seed, () -> runRocev2(seed)));
    }

    /**
     * The RoCEv2 go-back-N baseline, the same way: one plane, one queue pair each way, random or burst
     * loss, corruption, ECN marking, a delay with reordering, traffic both ways.
     */
    private static void runRocev2(final long seed) {
        final SplittableRandom r = new SplittableRandom(seed * 0x9E3779B97F4A7C15L);
        final ScenarioWorld world = new ScenarioWorld();
        world.begin(new ScenarioIdentity("random faults, RoCEv2 " + seed, URI.create("file:random-faults.feature"),
            (int) seed, List.of("@soak", ScenarioIdentity.ROCEV2_TAG)));
        world.fabric().planes(1).spinesPerPlane(2).linkRateBps(100_000_000_000L);
        if (r.nextBoolean()) {
            world.fabric().ecn(20_000, 200_000, 1.0);
        }
        world.connections().paths(1).streams(1).pmtuBytes(r.nextBoolean() ? 1024 : 4096);
        final List<String> faults = new ArrayList<>();
        drawLossAndCorruption(r, world, faults);
        if (r.nextInt(3) == 0) {
            // RoCEv2 expects each connection kept on one route and in order (ROCE-WIRE-002): delay and jitter only.
            world.impair(new Impairment.PlaneDelay(0, r.nextInt(1, 20) * 1_000L, r.nextInt(0, 5) * 1_000L, false));
            faults.add("delay");
        }
        holdTheReference(world, drawTraffic(r), "seed " + seed + " (RoCEv2, " + String.join(", ", faults) + ")");
    }

    private static void run(final long seed, final boolean withDelay, final boolean withPathsDown) {
        final SplittableRandom r = new SplittableRandom(seed * 0x9E3779B97F4A7C15L);
        final ScenarioWorld world = new ScenarioWorld();
        world.begin(new ScenarioIdentity("random faults " + seed, URI.create("file:random-faults.feature"), (int) seed,
            List.of("@soak")));
        final int planes = 1 + r.nextInt(2);
        world.fabric().planes(planes).spinesPerPlane(2).linkRateBps(100_000_000_000L);
        if (r.nextBoolean()) {
            world.fabric().ecn(20_000, 200_000, 1.0);
        }
        final int paths = planes * (1 + r.nextInt(4));
        final int streams = 1 + r.nextInt(4);
        world.connections().paths(paths).streams(streams).pmtuBytes(r.nextBoolean() ? 1024 : 4096);
        final List<String> faults = new ArrayList<>();
        drawLossAndCorruption(r, world, faults);
        if (withDelay && r.nextInt(3) == 0) {
            world.impair(new Impairment.PlaneDelay(r.nextInt(planes), r.nextInt(1, 20) * 1_000L, r.nextInt(0, 5) * 1_000L,
                r.nextBoolean()));
            faults.add("delay");
        }
        if (withPathsDown && r.nextInt(3) == 0) {
            final long from = r.nextInt(1, 50) * 1_000L;
            world.impair(new Impairment.PathDown(r.nextBoolean() ? Impairment.PathEnd.TESTER : Impairment.PathEnd.DEVICE,
                r.nextInt(paths), from, from + r.nextInt(10, 2_000) * 1_000L));
            faults.add("path down");
        }
        holdTheReference(world, drawTraffic(r), "seed " + seed + " (" + planes + " planes, " + paths + " paths, " + streams
            + " streams, " + String.join(", ", faults) + ")");
    }

    /** Random or burst loss on every switch link, half the time, then corruption, a third of the time. */
    private static void drawLossAndCorruption(final SplittableRandom r, final ScenarioWorld world, final List<String> faults) {
        if (r.nextBoolean()) {
            final double rate = r.nextInt(1, 50) / 1000.0;
            world.impair(r.nextBoolean() ? Losses.random(rate) : Losses.bursts(rate, 2 + r.nextInt(8)));
            faults.add("loss " + rate);
        }
        if (r.nextInt(3) == 0) {
            world.impair(new Impairment.SwitchLinkCorruption(r.nextInt(1, 20) / 1000.0));
            faults.add("corruption");
        }
    }

    /** WRITEs or SENDs from the tester, and half the time WRITEs from the device too. */
    private static List<TrafficRow> drawTraffic(final SplittableRandom r) {
        final List<TrafficRow> rows = new ArrayList<>();
        rows.add(new TrafficRow(TrafficRow.Side.TESTER, r.nextBoolean() ? TrafficRow.Operation.WRITE : TrafficRow.Operation.SEND,
            -1, 1 + r.nextInt(4), 1024L * (1 + r.nextInt(64))));
        if (r.nextBoolean()) {
            rows.add(new TrafficRow(TrafficRow.Side.DEVICE, TrafficRow.Operation.WRITE, -1, 1 + r.nextInt(4),
                1024L * (1 + r.nextInt(64))));
        }
        return rows;
    }

    /** Runs the traffic and holds the reference to fail nothing; a failure names the draw. */
    private static void holdTheReference(final ScenarioWorld world, final List<TrafficRow> rows, final String draw) {
        try {
            world.runTraffic(rows);
            world.requireTheReferenceToFailNothing();
        } catch (final AssertionError e) {
            throw new AssertionError(draw + ": " + e.getMessage(), e);
        } finally {
            world.finish("passed", null);
        }
    }
}
