package org.mprt.ctk.fabric.topology;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.fabric.address.AddressPlan;
import org.mprt.ctk.fabric.endpoint.Endpoint;
import org.mprt.ctk.fabric.endpoint.EndpointContext;
import org.mprt.ctk.fabric.endpoint.NicPort;
import org.mprt.ctk.fabric.frame.TestFrames;
import org.mprt.ctk.fabric.impairment.LossModel;
import org.mprt.ctk.fabric.link.Link;

/**
 * Carrying a frame across the fabric (queues, wires with faults, pipes, switches with ECMP, the
 * scheduler) allocates nothing (STYLE.md rule 6). Frames are handed straight to a host's uplink,
 * since {@code NicPort.send} copies the endpoint's buffer on purpose.
 */
class AllocationFreeForwardingTest {

    private static final int FRAMES = 5_000;
    /** Room for the counter's own bookkeeping, far below one small object per frame. */
    private static final long TOLERANCE_BYTES = 1_024;

    @Test
    void shouldForwardFramesWithoutAllocating() {
        final Topology topology = Topology.builder().hosts(4).hostsPerLeaf(2).spinesPerPlane(2).parallelLinks(2)
            .bufferBytes(8 << 20).ecn(1_000, 50_000, 0.5).seed(5).build();
        final Counter counter = new Counter();
        topology.host(3).attach(counter);
        topology.leafToSpine(0, 0, 0).get(0).impairments().loss(LossModel.bernoulli(0.1)).corruption(0.1);
        // Two senders into one receiver: the leaf's port toward host 3 queues, and marks.
        final Link[] uplinks = {topology.hostUplink(0, 0), topology.hostUplink(1, 0)};
        inject(topology, uplinks, frames());
        final byte[][] frames = frames();
        final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

        final long before = threads.getCurrentThreadAllocatedBytes();
        inject(topology, uplinks, frames);
        final long allocatedBytes = threads.getCurrentThreadAllocatedBytes() - before;

        assertThat(counter.frames).isGreaterThan(2 * FRAMES * 8 / 10);
        assertThat(topology.hostDownlink(3, 0).counters().ecnMarks()).isPositive();
        assertThat(allocatedBytes).as("bytes allocated while forwarding %d frames", FRAMES).isLessThan(TOLERANCE_BYTES);
    }

    private static void inject(final Topology topology, final Link[] uplinks, final byte[][] frames) {
        for (int i = 0; i < frames.length; i++) {
            uplinks[i % uplinks.length].receive(frames[i], frames[i].length);
        }
        topology.scheduler().runUntilIdle(topology.scheduler().now() + 1_000_000_000L);
    }

    private static byte[][] frames() {
        final byte[][] frames = new byte[FRAMES][];
        for (int i = 0; i < FRAMES; i++) {
            frames[i] = TestFrames.roce(AddressPlan.mac(0, 0), AddressPlan.mac(0, 3), AddressPlan.ipv4(0, 0),
                AddressPlan.ipv4(0, 3), 0xC000 + i % 64, 256, i);
        }
        return frames;
    }

    private static final class Counter implements Endpoint {
        private long frames;

        @Override
        public void onAttach(final EndpointContext context) {
        }

        @Override
        public void onFrame(final NicPort port, final byte[] frame, final int length) {
            frames++;
        }
    }
}
