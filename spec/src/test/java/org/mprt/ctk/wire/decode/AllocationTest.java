package org.mprt.ctk.wire.decode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.wire.encode.FrameEncoder;
import org.mprt.ctk.wire.opcode.OpcodeTable;
import org.mprt.ctk.wire.vector.TestVector;
import org.mprt.ctk.wire.vector.VectorLoader;
import org.mprt.ctk.wire.vector.VectorVerifier;

/**
 * House rule 6: decoding (valid, malformed and snapped frames, cut at every kind of place) and
 * encoding allocate nothing per packet.
 */
class AllocationTest {

    private static final int ROUNDS = 200;
    private static final byte[] FRAME = new byte[4096];
    /** Snap lengths: before the UDP port, inside the headers, after them (tcpdump -s 128), inside a payload. */
    private static final int[] SNAP_LENGTHS = {13, 40, 60, 75, 100, 128, 300};

    @Test
    void shouldDecodeAndEncodeWithoutAllocating() {
        final java.lang.management.ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        assumeTrue(threads instanceof com.sun.management.ThreadMXBean, "skipped: this JVM cannot count allocated bytes");
        final com.sun.management.ThreadMXBean counter = (com.sun.management.ThreadMXBean) threads;
        assumeTrue(counter.isThreadAllocatedMemorySupported(), "skipped: this JVM cannot count allocated bytes");
        counter.setThreadAllocatedMemoryEnabled(true);

        final List<byte[]> frames = new ArrayList<>();
        final List<Long> originals = new ArrayList<>();
        final List<TestVector> vectors = VectorLoader.fromClasspath();
        for (final TestVector vector : vectors) {
            if (vector.startsAt() == org.mprt.ctk.wire.vector.StartsAt.ETHERNET) {
                frames.add(vector.frame());
                originals.add(vector.originalLength());
            }
        }
        final byte[][] all = frames.toArray(new byte[0][]);
        final long[] originalLengths = originals.stream().mapToLong(Long::longValue).toArray();
        final DecodedPacket packet = new DecodedPacket();
        final FrameEncoder encoder = new FrameEncoder();
        final byte[] out = new byte[4096];
        long checksum = run(all, originalLengths, packet, encoder, out, ROUNDS * 5);
        final long thread = Thread.currentThread().getId();
        final long before = counter.getThreadAllocatedBytes(thread);
        checksum += run(all, originalLengths, packet, encoder, out, ROUNDS);
        final long allocated = counter.getThreadAllocatedBytes(thread) - before;
        assertThat(checksum).isNotZero();
        // Less than one byte per packet: any per-packet allocation would cost at least 16 each.
        assertThat(allocated).as("bytes allocated for %d decodes and encodes", ROUNDS * all.length).isLessThan(ROUNDS * all.length / 4);
        assertThat(VectorVerifier.verify(vectors.get(0))).isEmpty();
    }

    private static long run(final byte[][] frames, final long[] originalLengths, final DecodedPacket packet,
                            final FrameEncoder encoder, final byte[] out, final int rounds) {
        long sum = 0;
        for (int r = 0; r < rounds; r++) {
            for (int i = 0; i < frames.length; i++) {
                // As a capture reader does: each frame into the same buffer, whose view is then reused.
                System.arraycopy(frames[i], 0, FRAME, 0, frames[i].length);
                final DecodeStatus status = PacketDecoder.decodeEthernet(FRAME, 0, frames[i].length, originalLengths[i], packet);
                sum += status.ordinal() + packet.icrcComputed();
                if (status == DecodeStatus.OK) {
                    sum += encoder.configureFrom(packet).begin(out, 0).copyHeadersFrom(packet).finish();
                }
                // The same frame as a capture with a snap length keeps it.
                for (final int snapLength : SNAP_LENGTHS) {
                    if (snapLength < frames[i].length) {
                        final DecodeStatus snapped = PacketDecoder.decodeEthernet(FRAME, 0, snapLength, originalLengths[i], packet);
                        sum += snapped.ordinal() + packet.payloadBytesPresent() + (packet.error().isCutByCapture() ? 1 : 0);
                    }
                }
            }
            encoder.opcode(OpcodeTable.MPRT_ACK).payloadLength(0).recordCount(2).begin(out, 0);
            encoder.extensions().maeth().sack(5, 9).recordCmsn(1, r);
            sum += encoder.finish();
        }
        return sum;
    }
}
