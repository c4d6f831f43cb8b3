package org.mprt.ctk.pcap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PcapWriterTest {
    /** The last nanosecond the 32-bit seconds field of pcap can hold (2106-02-07T06:28:15.999999999Z). */
    private static final long LAST_TIMESTAMP_NS = 4_294_967_295_999_999_999L;

    @TempDir
    Path tempDir;

    @Test
    void shouldReadBackEveryFrameWithItsExactNanosecondTimestamp() throws IOException {
        final Path file = tempDir.resolve("round-trip.pcap");
        try (PcapWriter writer = PcapWriter.create(file, LinkType.ETHERNET)) {
            writer.write(0L, WrittenFrame.pattern(60, 1));
            writer.write(1_650_970_174_376_937_123L, WrittenFrame.pattern(1514, 2));
            writer.write(LAST_TIMESTAMP_NS, WrittenFrame.pattern(1, 3), 0, 1, 9000);
            writer.write(5L, ByteBuffer.wrap(WrittenFrame.pattern(100, 4), 10, 50), 64);
        }

        final List<WrittenFrame> frames = WrittenFrame.readAll(file);

        assertThat(frames).hasSize(4);
        assertThat(frames).extracting(WrittenFrame::timestampNs)
            .containsExactly(0L, 1_650_970_174_376_937_123L, LAST_TIMESTAMP_NS, 5L);
        assertThat(frames).extracting(WrittenFrame::originalLengthBytes).containsExactly(60L, 1514L, 9000L, 64L);
        assertThat(frames.get(1).data()).isEqualTo(WrittenFrame.pattern(1514, 2));
        assertThat(frames.get(2).data()).isEqualTo(new byte[] {WrittenFrame.pattern(1, 3)[0]});
        assertThat(frames.get(3).data()).isEqualTo(Arrays.copyOfRange(WrittenFrame.pattern(100, 4), 10, 60));
        assertThat(frames).extracting(WrittenFrame::linkType).containsOnly(LinkType.ETHERNET);
    }

    @Test
    void shouldWriteNanosecondMagicLittleEndianByDefault() throws IOException {
        final Path file = tempDir.resolve("little.pcap");
        try (PcapWriter writer = PcapWriter.create(file, LinkType.RAW)) {
            writer.write(1L, new byte[] {0x45});
        }

        final byte[] bytes = Files.readAllBytes(file);
        assertThat(bytes).startsWith(0x4D, 0x3C, 0xB2, 0xA1, 0x02, 0x00, 0x04, 0x00);
        assertThat(bytes[20]).isEqualTo((byte) 101);
        try (CaptureReader reader = CaptureReader.open(file)) {
            assertThat(reader.format()).isEqualTo(CaptureFormat.PCAP_NANOSECONDS);
        }
    }

    @Test
    void shouldWriteBigEndianOnRequest() throws IOException {
        final Path file = tempDir.resolve("big.pcap");
        try (PcapWriter writer = PcapWriter.create(file, LinkType.LINUX_SLL, ByteOrder.BIG_ENDIAN, 65_535)) {
            writer.write(3_000_000_001L, WrittenFrame.pattern(20, 5));
        }

        assertThat(Files.readAllBytes(file)).startsWith(0xA1, 0xB2, 0x3C, 0x4D, 0x00, 0x02, 0x00, 0x04);
        final List<WrittenFrame> frames = WrittenFrame.readAll(file);
        assertThat(frames).singleElement().satisfies(frame -> {
            assertThat(frame.timestampNs()).isEqualTo(3_000_000_001L);
            assertThat(frame.linkType()).isEqualTo(LinkType.LINUX_SLL);
            assertThat(frame.data()).isEqualTo(WrittenFrame.pattern(20, 5));
        });
    }

    @Test
    void shouldWriteByteIdenticalFilesForTheSameFrames() throws IOException {
        final Path first = tempDir.resolve("first.pcap");
        final Path second = Files.createDirectory(tempDir.resolve("elsewhere")).resolve("second.pcap");

        writeSameFrames(first);
        writeSameFrames(second);

        assertThat(sha256(first)).isEqualTo(sha256(second));
    }

    @Test
    void shouldShowTheFileOnlyOnceClosed() throws IOException {
        final Path file = tempDir.resolve("atomic.pcap");
        final PcapWriter writer = PcapWriter.create(file, LinkType.ETHERNET);
        writer.write(1L, WrittenFrame.pattern(60, 1));

        assertThat(file).doesNotExist();
        writer.close();

        assertThat(file).exists();
        assertThat(filesIn(tempDir)).containsExactly("atomic.pcap");
    }

    @Test
    void shouldLeaveNothingBehindWhenAborted() throws IOException {
        final Path file = tempDir.resolve("aborted.pcap");
        final PcapWriter writer = PcapWriter.create(file, LinkType.ETHERNET);
        writer.write(1L, WrittenFrame.pattern(60, 1));

        writer.abort();
        writer.close();

        assertThat(filesIn(tempDir)).isEmpty();
        assertThatThrownBy(() -> writer.write(2L, new byte[1])).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void shouldReplaceAPreviousFileWhole() throws IOException {
        final Path file = tempDir.resolve("replaced.pcap");
        Files.write(file, new byte[] {1, 2, 3});

        try (PcapWriter writer = PcapWriter.create(file, LinkType.ETHERNET)) {
            writer.write(1L, WrittenFrame.pattern(60, 1));
            assertThat(Files.readAllBytes(file)).containsExactly(1, 2, 3);
        }

        assertThat(WrittenFrame.readAll(file)).hasSize(1);
    }

    @Test
    void shouldDeleteThePartFileWhenTheFinalRenameFails() throws IOException {
        final Path target = Files.createDirectory(tempDir.resolve("occupied.pcap"));
        Files.write(target.resolve("keep"), new byte[] {1});
        final PcapWriter writer = PcapWriter.create(target, LinkType.ETHERNET);
        writer.write(1L, WrittenFrame.pattern(60, 1));

        assertThatThrownBy(writer::close).isInstanceOf(IOException.class);

        assertThat(filesIn(tempDir)).containsExactly("occupied.pcap");
        assertThat(target.resolve("keep")).exists();
    }

    @Test
    void shouldCutFramesToTheSnapLength() throws IOException {
        final Path file = tempDir.resolve("snap.pcap");
        try (PcapWriter writer = PcapWriter.create(file, LinkType.ETHERNET, ByteOrder.LITTLE_ENDIAN, 64)) {
            writer.write(1L, WrittenFrame.pattern(1500, 1));
        }

        assertThat(WrittenFrame.readAll(file)).singleElement().satisfies(frame -> {
            assertThat(frame.data()).hasSize(64).startsWith(WrittenFrame.pattern(64, 1));
            assertThat(frame.originalLengthBytes()).isEqualTo(1500);
        });
    }

    @Test
    void shouldWriteFramesLargerThanItsBuffer() throws IOException {
        final Path file = tempDir.resolve("large.pcap");
        final int lengthBytes = CaptureOutput.BUFFER_SIZE_BYTES + 12_345;
        try (PcapWriter writer = PcapWriter.create(file, LinkType.ETHERNET, ByteOrder.LITTLE_ENDIAN, 4 << 20)) {
            writer.write(1L, WrittenFrame.pattern(100, 1));
            writer.write(2L, ByteBuffer.wrap(WrittenFrame.pattern(lengthBytes, 2)), lengthBytes);
            writer.write(3L, WrittenFrame.pattern(lengthBytes, 3));
        }

        final List<WrittenFrame> frames = WrittenFrame.readAll(file);
        assertThat(frames).hasSize(3);
        assertThat(frames.get(1).data()).isEqualTo(WrittenFrame.pattern(lengthBytes, 2));
        assertThat(frames.get(2).data()).isEqualTo(WrittenFrame.pattern(lengthBytes, 3));
    }

    @Test
    void shouldLeaveTheFrameBufferPositionAlone() throws IOException {
        final ByteBuffer frame = ByteBuffer.wrap(WrittenFrame.pattern(60, 1));
        frame.position(4);
        try (PcapWriter writer = PcapWriter.create(tempDir.resolve("position.pcap"), LinkType.ETHERNET)) {
            writer.write(1L, frame, 56);
        }

        assertThat(frame.position()).isEqualTo(4);
        assertThat(frame.limit()).isEqualTo(60);
    }

    @Test
    void shouldRejectFramesNoPcapCanHold() throws IOException {
        try (PcapWriter writer = PcapWriter.create(tempDir.resolve("bad.pcap"), LinkType.ETHERNET)) {
            assertThatThrownBy(() -> writer.write(-1L, new byte[1]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("before 1970");
            assertThatThrownBy(() -> writer.write(LAST_TIMESTAMP_NS + 1, new byte[1]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("after 2106");
            assertThatThrownBy(() -> writer.write(1L, new byte[10], 0, 10, 9))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("originalLengthBytes 9");
            assertThatThrownBy(() -> writer.write(1L, new byte[10], 5, 6, 6))
                .isInstanceOf(IndexOutOfBoundsException.class);
        }
        assertThatThrownBy(() -> PcapWriter.create(tempDir.resolve("unknown.pcap"), LinkType.UNKNOWN))
            .isInstanceOf(IllegalArgumentException.class);
        assertThat(WrittenFrame.readAll(tempDir.resolve("bad.pcap"))).isEmpty();
    }

    private static void writeSameFrames(final Path file) throws IOException {
        try (PcapWriter writer = PcapWriter.create(file, LinkType.ETHERNET)) {
            for (int i = 0; i < 100; i++) {
                writer.write(1_000_000_000L * i + i, WrittenFrame.pattern(60 + i, i));
            }
        }
    }

    static String sha256(final Path file) throws IOException {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
        } catch (final NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK provides SHA-256", e);
        }
    }

    static List<String> filesIn(final Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.map(path -> path.getFileName().toString()).sorted().toList();
        }
    }
}
