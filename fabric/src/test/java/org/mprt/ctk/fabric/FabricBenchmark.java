package org.mprt.ctk.fabric;

import org.mprt.ctk.fabric.address.AddressPlan;
import org.mprt.ctk.fabric.address.IpAddress;
import org.mprt.ctk.fabric.endpoint.Endpoint;
import org.mprt.ctk.fabric.endpoint.EndpointContext;
import org.mprt.ctk.fabric.endpoint.NicPort;
import org.mprt.ctk.fabric.link.Link;
import org.mprt.ctk.fabric.time.Scheduler;
import org.mprt.ctk.fabric.time.Timer;
import org.mprt.ctk.fabric.topology.Topology;
import org.mprt.ctk.wire.encode.FrameEncoder;

/**
 * Measures the fabric on 64 hosts x 4 planes (4 leaves and 4 spines per plane, 100 Gb/s) with
 * all-to-all traffic for a fixed virtual duration, and reports events and frames per wall-clock
 * second as ratios to a baseline measured in the same JVM run: the bare scheduler dispatching
 * no-op events with as many timers pending. Ratios, not absolute rates, are what compare across
 * machines. A main class, not a test: nothing here asserts on time.
 *
 * <p>Arguments (all optional): virtual duration in microseconds (default 1000), offered load per
 * NIC port as a share of line rate (default 0.25, under the 4:1 leaf oversubscription), payload bytes per frame (default 1024).
 */
public final class FabricBenchmark {

    static final String COMMAND = "cd /work/main && mvn -B -q -pl fabric -am install -DskipTests"
        + " && mvn -B -q -pl fabric org.codehaus.mojo:exec-maven-plugin:3.5.0:exec -Dexec.executable=java"
        + " -Dexec.classpathScope=test -Dexec.args=\"-cp %classpath org.mprt.ctk.fabric.FabricBenchmark\"";

    private static final int HOSTS = 64;
    private static final int PLANES = 4;
    private static final long LINE_RATE_BPS = 100_000_000_000L;
    private static final int SOURCE_PORTS = 16;
    private static final long BASELINE_EVENTS = 10_000_000L;
    private static final long SEED = 2026;

    private FabricBenchmark() {
    }

    public static void main(final String[] args) {
        final long durationNs = (args.length > 0 ? Long.parseLong(args[0]) : 1_000) * 1_000;
        final double load = args.length > 1 ? Double.parseDouble(args[1]) : 0.25;
        final int payloadBytes = args.length > 2 ? Integer.parseInt(args[2]) : 1024;

        // Warm both up first, so the JIT has compiled the loops the measurements time.
        runFabric(durationNs / 10, load, payloadBytes);
        final int pendingTimers = runFabric(durationNs / 10, load, payloadBytes).pendingEvents;
        baselineEventsPerSecond(BASELINE_EVENTS / 10, pendingTimers);

        final double baseline = baselineEventsPerSecond(BASELINE_EVENTS, pendingTimers);
        final Result fabric = runFabric(durationNs, load, payloadBytes);
        final double eventsPerSecond = fabric.events / fabric.wallSeconds;
        final double framesPerSecond = fabric.framesDelivered / fabric.wallSeconds;

        System.out.printf("FabricBenchmark: %d hosts x %d planes, 4 leaves + 4 spines per plane, 100 Gb/s links,"
            + " all-to-all at %.0f%% load per port, %d-byte frames, %d us virtual, seed %d%n",
            HOSTS, PLANES, load * 100, fabric.frameLength, durationNs / 1_000, SEED);
        System.out.printf("baseline: bare scheduler, %d timers pending, no-op events: %,.0f events/s%n",
            pendingTimers, baseline);
        System.out.printf("fabric:   %,d events, %,d frames sent, %,d delivered, %,d dropped in %.2f s wall"
            + " (virtual/wall %.2e)%n", fabric.events, fabric.framesSent, fabric.framesDelivered, fabric.drops,
            fabric.wallSeconds, durationNs / 1e9 / fabric.wallSeconds);
        System.out.printf("fabric:   %,.0f events/s = %.3f x baseline; %,.0f frames/s = %.4f x baseline events/s"
            + " (%.1f baseline events per frame)%n", eventsPerSecond, eventsPerSecond / baseline, framesPerSecond,
            framesPerSecond / baseline, baseline / framesPerSecond);
        System.out.println("reproduce: " + COMMAND);
    }

    private record Result(long events, long framesSent, long framesDelivered, long drops, double wallSeconds,
        int frameLength, int pendingEvents) {
    }

    private static Result runFabric(final long durationNs, final double load, final int payloadBytes) {
        final Topology topology = Topology.builder().hosts(HOSTS).planes(PLANES).spinesPerPlane(4).hostsPerLeaf(16)
            .linkRateBps(LINE_RATE_BPS).seed(SEED).build();
        final AllToAll[] endpoints = new AllToAll[HOSTS];
        for (int h = 0; h < HOSTS; h++) {
            endpoints[h] = new AllToAll(payloadBytes, load);
            topology.host(h).attach(endpoints[h]);
        }
        final Scheduler scheduler = topology.scheduler();
        final long wallStart = System.nanoTime();
        scheduler.runUntil(durationNs);
        final double wallSeconds = (System.nanoTime() - wallStart) / 1e9;
        long sent = 0;
        long delivered = 0;
        for (final AllToAll endpoint : endpoints) {
            sent += endpoint.sent;
            delivered += endpoint.received;
        }
        long drops = 0;
        for (final Link link : topology.links()) {
            drops += link.counters().drops();
        }
        return new Result(scheduler.eventsDispatched(), sent, delivered, drops, wallSeconds,
            endpoints[0].frameLength, scheduler.pendingEvents());
    }

    /** No-op events: each of {@code timers} timers re-arms itself, so the heap stays as full as the fabric's. */
    private static double baselineEventsPerSecond(final long events, final int timers) {
        final Scheduler scheduler = new Scheduler();
        final Timer[] all = new Timer[Math.max(1, timers)];
        for (int i = 0; i < all.length; i++) {
            final int index = i;
            // Delays spread like the fabric's (tens to hundreds of ns), fixed per timer.
            final long delayNs = 50 + (index * 7919L) % 500;
            all[i] = scheduler.timer(() -> all[index].after(delayNs));
            all[i].at(index % 500);
        }
        final long wallStart = System.nanoTime();
        while (scheduler.eventsDispatched() < events) {
            scheduler.step();
        }
        return events / ((System.nanoTime() - wallStart) / 1e9);
    }

    /**
     * Sends to every other host in turn on every plane, paced at {@code load} of line rate. Frames
     * are encoded once, at attach time (one per destination and plane, with source ports spread
     * over 16 values), so the measurement is the fabric's, not the encoder's.
     */
    private static final class AllToAll implements Endpoint {

        private final int payloadBytes;
        private final double load;
        private int frameLength;
        private long sent;
        private long received;

        AllToAll(final int payloadBytes, final double load) {
            this.payloadBytes = payloadBytes;
            this.load = load;
        }

        @Override
        public void onAttach(final EndpointContext context) {
            final FrameEncoder encoder = new FrameEncoder().payloadLength(payloadBytes);
            frameLength = encoder.frameLength();
            final long wireBits = (frameLength + 24L) * Byte.SIZE;
            final long intervalNs = (long) Math.ceil(wireBits * 1e9 / LINE_RATE_BPS / load);
            final int self = context.hostIndex();
            for (final NicPort port : context.ports()) {
                final byte[][] frames = new byte[HOSTS - 1][];
                for (int i = 0; i < HOSTS - 1; i++) {
                    final int destination = (self + 1 + i) % HOSTS;
                    final IpAddress target = AddressPlan.ipv4(port.plane(), destination);
                    frames[i] = new byte[frameLength];
                    encoder.ethernet(AddressPlan.mac(port.plane(), destination), port.mac())
                        .ipv4(port.ipv4().ipv4Bits(), target.ipv4Bits())
                        .udpSourcePort(0xC000 + (destination + port.plane()) % SOURCE_PORTS)
                        .begin(frames[i], 0);
                    encoder.bth().destQp(2 + destination).psn(i);
                    encoder.finish();
                }
                final Pacer pacer = new Pacer(port, frames, intervalNs);
                pacer.timer = context.scheduler().timer(pacer);
                pacer.timer.at((self * 37L + port.plane() * 11L) % intervalNs);
            }
        }

        @Override
        public void onFrame(final NicPort port, final byte[] frame, final int length) {
            received++;
        }

        private final class Pacer implements Runnable {
            private final NicPort port;
            private final byte[][] frames;
            private final long intervalNs;
            private Timer timer;
            private int next;

            Pacer(final NicPort port, final byte[][] frames, final long intervalNs) {
                this.port = port;
                this.frames = frames;
                this.intervalNs = intervalNs;
            }

            @Override
            public void run() {
                port.send(frames[next], frameLength);
                next = next + 1 == frames.length ? 0 : next + 1;
                sent++;
                timer.after(intervalNs);
            }
        }
    }
}
