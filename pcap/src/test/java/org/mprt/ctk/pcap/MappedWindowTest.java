package org.mprt.ctk.pcap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reads through windows far smaller than the file, so that records straddle nearly every window
 * edge, and expects exactly what a single window gives.
 */
class MappedWindowTest {
    /** Larger than the biggest record below (16 + 300 bytes), smaller than the file many times over. */
    private static final int SMALL_WINDOW_BYTES = 512;
    private static final int FRAMES = 200;

    @TempDir
    Path tempDir;

    @Test
    void shouldReadClassicPcapRecordsThatStraddleWindowEdges() throws IOException {
        final Path file = tempDir.resolve("straddle.pcap");
        try (PcapWriter writer = PcapWriter.create(file, LinkType.ETHERNET, ByteOrder.BIG_ENDIAN, 65_535)) {
            writeFrames(writer);
        }

        assertThat(readThroughWindow(file, SMALL_WINDOW_BYTES)).isEqualTo(readThroughWindow(file,
            MappedWindow.DEFAULT_WINDOW_SIZE_BYTES)).hasSize(FRAMES);
    }

    @Test
    void shouldReadPcapngBlocksThatStraddleWindowEdges() throws IOException {
        final Path file = tempDir.resolve("straddle.pcapng");
        try (PcapngWriter writer = PcapngWriter.create(file, LinkType.ETHERNET)) {
            writeFrames(writer);
        }

        assertThat(readThroughWindow(file, SMALL_WINDOW_BYTES)).isEqualTo(readThroughWindow(file,
            MappedWindow.DEFAULT_WINDOW_SIZE_BYTES)).hasSize(FRAMES);
    }

    @Test
    void shouldRejectARecordLargerThanAWindow() throws IOException {
        final Path file = tempDir.resolve("too-large.pcap");
        try (PcapWriter writer = PcapWriter.create(file, LinkType.ETHERNET)) {
            writer.write(1L, new byte[1000]);
        }

        try (CaptureReader reader = CaptureReader.open(file, SMALL_WINDOW_BYTES)) {
            final CaptureFormatException error = catchThrowableOfType(
                CaptureFormatException.class, () -> reader.next(new Frame()));
            assertThat(error).hasMessageContaining("frame 1, byte offset 24: record header claims captured length 1000,"
                + " over the largest frame this reader maps (expected at most 496)");
        }
    }

    private static void writeFrames(final CaptureWriter writer) throws IOException {
        for (int i = 0; i < FRAMES; i++) {
            writer.write(1_000L * i, WrittenFrame.pattern(1 + (i * 37) % 300, i));
        }
    }

    /** Each frame as "number/timestamp/offset/bytes", so that lists compare with equals. */
    private static List<String> readThroughWindow(final Path file, final int windowSizeBytes) throws IOException {
        final List<String> frames = new ArrayList<>();
        try (CaptureReader reader = CaptureReader.open(file, windowSizeBytes)) {
            reader.forEach(frame -> frames.add(frame.frameNumber() + "/" + frame.timestampNs() + "/"
                + frame.recordOffsetBytes() + "/" + Arrays.toString(frame.copyData())));
        }
        return frames;
    }
}
