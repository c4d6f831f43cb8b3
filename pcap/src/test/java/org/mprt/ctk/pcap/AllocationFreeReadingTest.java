package org.mprt.ctk.pcap;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.pcap.link.NetworkLayer;
import org.mprt.ctk.pcap.link.NetworkLayerLocator;

/**
 * The per-frame path, reading a frame and finding its network layer, allocates nothing
 * (STYLE.md rule 6). Measured with the JVM's per-thread allocation counter over thousands of
 * frames, so one allocation per frame could not hide under the tolerance.
 */
class AllocationFreeReadingTest {
    private static final int FRAMES = 5_000;
    /** Room for the counter's own bookkeeping, far below one small object per frame. */
    private static final long TOLERANCE_BYTES = 1_024;

    @TempDir
    static Path tempDir;

    private static Path pcap;
    private static Path pcapng;

    @BeforeAll
    static void writeCaptures() throws IOException {
        pcap = tempDir.resolve("frames.pcap");
        pcapng = tempDir.resolve("frames.pcapng");
        try (PcapWriter pcapWriter = PcapWriter.create(pcap, LinkType.ETHERNET);
             PcapngWriter pcapngWriter = PcapngWriter.create(pcapng, LinkType.ETHERNET)) {
            final byte[] frame = vlanTaggedIpv4Frame();
            for (int i = 0; i < FRAMES; i++) {
                pcapWriter.write(1_000L * i, frame);
                pcapngWriter.write(1_000L * i, frame);
            }
        }
    }

    @Test
    void shouldReadClassicPcapFramesWithoutAllocating() throws IOException {
        assertReadsWithoutAllocating(pcap);
    }

    @Test
    void shouldReadPcapngFramesWithoutAllocating() throws IOException {
        assertReadsWithoutAllocating(pcapng);
    }

    private static void assertReadsWithoutAllocating(final Path file) throws IOException {
        readAll(file);
        final Frame frame = new Frame();
        final NetworkLayer networkLayer = new NetworkLayer();
        try (CaptureReader reader = CaptureReader.open(file)) {
            final com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            final long before = threads.getCurrentThreadAllocatedBytes();
            long located = 0;
            while (reader.next(frame)) {
                located += NetworkLayerLocator.locate(frame, networkLayer) ? 1 : 0;
            }
            final long allocatedBytes = threads.getCurrentThreadAllocatedBytes() - before;

            assertThat(located).isEqualTo(FRAMES);
            assertThat(allocatedBytes).as("bytes allocated while reading %d frames", FRAMES)
                .isLessThan(TOLERANCE_BYTES);
        }
    }

    private static void readAll(final Path file) throws IOException {
        final NetworkLayer networkLayer = new NetworkLayer();
        try (CaptureReader reader = CaptureReader.open(file)) {
            reader.forEach(frame -> NetworkLayerLocator.locate(frame, networkLayer));
        }
    }

    /** Ethernet, one 802.1Q tag (VLAN 100), EtherType IPv4, then 46 bytes standing for the packet. */
    private static byte[] vlanTaggedIpv4Frame() {
        return CaptureBytes.bigEndian()
            .bytes(new byte[] {0x02, 0, 0, 0, 0, 1, 0x02, 0, 0, 0, 0, 2})
            .u16(0x8100).u16(100).u16(0x0800)
            .u8(0x45).zeros(45)
            .toByteArray();
    }
}
