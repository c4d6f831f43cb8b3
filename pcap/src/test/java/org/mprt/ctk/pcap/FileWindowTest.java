package org.mprt.ctk.pcap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reads through windows far smaller than the file, so that records straddle nearly every window
 * edge, and expects exactly what a single window gives, whether the windows are read or mapped; and
 * reads every capture of {@code captures/} both ways, expecting the same frames and the same errors.
 */
class FileWindowTest {
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

        assertSameThroughEveryWindow(file);
    }

    @Test
    void shouldReadPcapngBlocksThatStraddleWindowEdges() throws IOException {
        final Path file = tempDir.resolve("straddle.pcapng");
        try (PcapngWriter writer = PcapngWriter.create(file, LinkType.ETHERNET)) {
            writeFrames(writer);
        }

        assertSameThroughEveryWindow(file);
    }

    @Test
    void shouldRejectARecordLargerThanAWindow() throws IOException {
        final Path file = tempDir.resolve("too-large.pcap");
        try (PcapWriter writer = PcapWriter.create(file, LinkType.ETHERNET)) {
            writer.write(1L, new byte[1000]);
        }

        for (final boolean mapped : new boolean[] {false, true}) {
            try (CaptureReader reader = mapped ? CaptureReader.openMapped(file, SMALL_WINDOW_BYTES)
                : CaptureReader.open(file, SMALL_WINDOW_BYTES)) {
                final CaptureFormatException error = catchThrowableOfType(
                    CaptureFormatException.class, () -> reader.next(new Frame()));
                assertThat(error).hasMessageContaining("frame 1, byte offset 24: record header claims captured length"
                    + " 1000, over the largest frame this reader holds (expected at most 496)");
            }
        }
    }

    @Test
    void shouldReadAnEarlierFramesBytesAgainByTheirFilePosition() throws IOException {
        final Path file = tempDir.resolve("earlier.pcap");
        try (PcapWriter writer = PcapWriter.create(file, LinkType.ETHERNET, ByteOrder.BIG_ENDIAN, 65_535)) {
            writeFrames(writer);
        }
        final List<Long> positions = new ArrayList<>();
        final List<byte[]> copies = new ArrayList<>();
        try (CaptureReader reader = CaptureReader.open(file, SMALL_WINDOW_BYTES)) {
            reader.forEach(frame -> {
                positions.add(frame.positionOf(frame.dataOffset()));
                copies.add(frame.copyData());
            });
            for (int i = 0; i < FRAMES; i++) {
                final ByteBuffer again = ByteBuffer.allocate(copies.get(i).length);
                reader.read(positions.get(i), again);
                assertThat(again.array()).as("frame %d", i + 1).isEqualTo(copies.get(i));
            }
            assertThat(catchThrowableOfType(CaptureShrankException.class,
                () -> reader.read(Files.size(file) - 1, ByteBuffer.allocate(2))))
                .hasMessage(file + ": reading 2 bytes at byte offset " + (Files.size(file) - 1) + ", the file now ends at"
                    + " byte offset " + Files.size(file) + " (was it truncated while being read?)");
        }
    }

    /**
     * While the frames are read, each one's bytes and those of the frame three before it are read
     * again: the first mostly from the window, the second from the window or the file, as the window
     * moved. Either way: the same bytes, and the buffer's position moved to its limit; for a mapped
     * window too.
     */
    @Test
    void shouldReadBytesAgainWhetherTheWindowStillHoldsThemOrNot() throws IOException {
        final Path file = tempDir.resolve("again.pcap");
        try (PcapWriter writer = PcapWriter.create(file, LinkType.ETHERNET, ByteOrder.BIG_ENDIAN, 65_535)) {
            writeFrames(writer);
        }
        for (final boolean mapped : new boolean[] {false, true}) {
            final List<Long> positions = new ArrayList<>();
            final List<byte[]> copies = new ArrayList<>();
            try (CaptureReader reader = mapped ? CaptureReader.openMapped(file, SMALL_WINDOW_BYTES)
                : CaptureReader.open(file, SMALL_WINDOW_BYTES)) {
                final Frame frame = new Frame();
                while (reader.next(frame)) {
                    positions.add(frame.positionOf(frame.dataOffset()));
                    copies.add(frame.copyData());
                    final int n = copies.size() - 1;
                    for (final int k : new int[] {n, Math.max(0, n - 3)}) {
                        final ByteBuffer again = ByteBuffer.allocate(copies.get(k).length + 2).position(1);
                        again.limit(again.capacity() - 1);
                        reader.read(positions.get(k), again);
                        assertThat(again.position()).isEqualTo(again.limit());
                        assertThat(Arrays.copyOfRange(again.array(), 1, again.capacity() - 1))
                            .as("frame %d again after frame %d, %s", k + 1, n + 1, mapped ? "mapped" : "read")
                            .isEqualTo(copies.get(k));
                    }
                }
            }
        }
    }

    @Test
    void shouldNameFileFrameAndOffsetWhenTheFileShrinksWhileBeingRead() throws IOException {
        final Path file = tempDir.resolve("shrinking.pcap");
        try (PcapWriter writer = PcapWriter.create(file, LinkType.ETHERNET, ByteOrder.BIG_ENDIAN, 65_535)) {
            writeFrames(writer);
        }
        try (CaptureReader reader = CaptureReader.open(file, SMALL_WINDOW_BYTES)) {
            final Frame frame = new Frame();
            reader.next(frame);
            try (FileChannel truncating = FileChannel.open(file, StandardOpenOption.WRITE)) {
                truncating.truncate(SMALL_WINDOW_BYTES * 2L);
            }
            final CaptureShrankException error = catchThrowableOfType(CaptureShrankException.class, () -> {
                while (reader.next(frame)) {
                    frame.copyData();
                }
            });
            assertThat(error).hasMessageMatching(Pattern.quote(file + ": frame " + error.frameNumber() + ": reading ")
                + "\\d+ bytes at byte offset \\d+, the file now ends at byte offset " + SMALL_WINDOW_BYTES * 2
                + " \\(was it truncated while being read\\?\\)");
        }
    }

    @Test
    void shouldReadEveryCaptureInCapturesFolderAlikeWhetherReadOrMapped() throws IOException {
        final List<Path> captures = CaptureAgreement.capturesIn(Path.of("..", "captures"));
        assertThat(captures).isNotEmpty();
        for (final Path capture : captures) {
            assertThat(outcome(capture, CaptureReader::open)).as("%s read and mapped", capture)
                .isEqualTo(outcome(capture, CaptureReader::openMapped));
        }
    }

    /** Every frame of the file, then the error that stopped the reader, if one did. */
    private static List<String> outcome(final Path file, final Opening opening) {
        final List<String> frames = new ArrayList<>();
        try (CaptureReader reader = opening.open(file)) {
            reader.forEach(frame -> frames.add(describe(frame)));
        } catch (final IOException | RuntimeException e) {
            frames.add(e.getClass().getSimpleName() + ": " + e.getMessage());
        }
        return frames;
    }

    private void assertSameThroughEveryWindow(final Path file) throws IOException {
        final List<String> whole = readThroughWindow(file, CaptureReader::open);
        assertThat(whole).hasSize(FRAMES);
        assertThat(readThroughWindow(file, f -> CaptureReader.open(f, SMALL_WINDOW_BYTES))).isEqualTo(whole);
        assertThat(readThroughWindow(file, f -> CaptureReader.openMapped(f, SMALL_WINDOW_BYTES))).isEqualTo(whole);
        assertThat(readThroughWindow(file, CaptureReader::openMapped)).isEqualTo(whole);
    }

    private interface Opening {
        CaptureReader open(Path file) throws IOException;
    }

    private static void writeFrames(final CaptureWriter writer) throws IOException {
        for (int i = 0; i < FRAMES; i++) {
            writer.write(1_000L * i, WrittenFrame.pattern(1 + (i * 37) % 300, i));
        }
    }

    /** Each frame as "number/timestamp/offset/bytes", so that lists compare with equals. */
    private static List<String> readThroughWindow(final Path file, final Opening opening) throws IOException {
        final List<String> frames = new ArrayList<>();
        try (CaptureReader reader = opening.open(file)) {
            reader.forEach(frame -> frames.add(describe(frame)));
        }
        return frames;
    }

    private static String describe(final Frame frame) {
        return frame.frameNumber() + "/" + frame.timestampNs() + "/" + frame.recordOffsetBytes() + "/"
            + Arrays.toString(frame.copyData());
    }
}
