package org.mprt.ctk.pcap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PcapngWriterTest {
    @TempDir
    Path tempDir;

    @Test
    void shouldReadBackFramesOfSeveralInterfacesWithExactTimestamps() throws IOException {
        final Path file = tempDir.resolve("round-trip.pcapng");
        try (PcapngWriter writer = PcapngWriter.create(file, ByteOrder.LITTLE_ENDIAN)) {
            final int port0 = writer.addInterface("dut0-port0", LinkType.ETHERNET, 65_535);
            final int port1 = writer.addInterface("", LinkType.RAW, 65_535);
            writer.write(port0, 1_650_970_174_376_937_123L, ByteBuffer.wrap(WrittenFrame.pattern(61, 1)), 61);
            writer.write(port1, Long.MAX_VALUE, WrittenFrame.pattern(3, 2), 0, 3, 1500);
            writer.write(7L, WrittenFrame.pattern(64, 3));
        }

        final List<WrittenFrame> frames = WrittenFrame.readAll(file);

        assertThat(frames).extracting(WrittenFrame::timestampNs)
            .containsExactly(1_650_970_174_376_937_123L, Long.MAX_VALUE, 7L);
        assertThat(frames).extracting(WrittenFrame::interfaceId).containsExactly(0, 1, 0);
        assertThat(frames).extracting(WrittenFrame::linkType)
            .containsExactly(LinkType.ETHERNET, LinkType.RAW, LinkType.ETHERNET);
        assertThat(frames).extracting(WrittenFrame::originalLengthBytes).containsExactly(61L, 1500L, 64L);
        assertThat(frames.get(0).data()).isEqualTo(WrittenFrame.pattern(61, 1));
        assertThat(frames.get(1).data()).isEqualTo(WrittenFrame.pattern(3, 2));
        assertThat(new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1)).contains("dut0-port0");
    }

    /** The direction round-trips through our reader, and Wireshark, an independent reader, reads the same. */
    @Test
    void shouldWriteWhichWayTheHostSawEachFrameAsEpbFlags() throws IOException, InterruptedException {
        final Path file = tempDir.resolve("directions.pcapng");
        final List<LinkDirection> written = List.of(LinkDirection.OUTBOUND, LinkDirection.INBOUND, LinkDirection.NOT_STATED);
        try (PcapngWriter writer = PcapngWriter.create(file, ByteOrder.LITTLE_ENDIAN)) {
            writer.addInterface("eth0", LinkType.ETHERNET, 65_535);
            for (int i = 0; i < written.size(); i++) {
                writer.write(0, i + 1, WrittenFrame.pattern(61 + i, i), 0, 61 + i, 61 + i, written.get(i));
            }
        }

        final List<LinkDirection> read = new ArrayList<>();
        try (CaptureReader reader = CaptureReader.open(file)) {
            final Frame frame = new Frame();
            while (reader.next(frame)) {
                read.add(frame.direction());
                assertThat(frame.copyData()).isEqualTo(WrittenFrame.pattern(61 + read.size() - 1, read.size() - 1));
            }
        }
        assertThat(read).isEqualTo(written);

        Assumptions.assumeTrue(TsharkOnPath.present(), TsharkOnPath.INSTALL);
        assertThat(TsharkOnPath.field(file, "frame.packet_flags_direction").stream()
            .map(l -> l.isEmpty() ? 0 : Long.decode(l).intValue()).toList())
            .containsExactly(LinkDirection.OUTBOUND.pcapngFlags(), LinkDirection.INBOUND.pcapngFlags(), 0);
    }

    @Test
    void shouldWriteBigEndianSectionsOnRequest() throws IOException {
        final Path file = tempDir.resolve("big.pcapng");
        try (PcapngWriter writer = PcapngWriter.create(file, ByteOrder.BIG_ENDIAN)) {
            writer.addInterface("eth0", LinkType.LINUX_SLL2, 262_144);
            writer.write(9L, WrittenFrame.pattern(20, 1));
        }

        assertThat(Files.readAllBytes(file)).startsWith(0x0A, 0x0D, 0x0D, 0x0A, 0, 0, 0, 28, 0x1A, 0x2B, 0x3C, 0x4D);
        assertThat(WrittenFrame.readAll(file)).singleElement().satisfies(frame -> {
            assertThat(frame.timestampNs()).isEqualTo(9L);
            assertThat(frame.linkType()).isEqualTo(LinkType.LINUX_SLL2);
        });
    }

    @Test
    void shouldWriteByteIdenticalFilesForTheSameFrames() throws IOException {
        final Path first = tempDir.resolve("first.pcapng");
        final Path second = tempDir.resolve("second.pcapng");

        writeSameFrames(first);
        writeSameFrames(second);

        assertThat(PcapWriterTest.sha256(first)).isEqualTo(PcapWriterTest.sha256(second));
    }

    @Test
    void shouldShowTheFileOnlyOnceClosedAndNothingWhenAborted() throws IOException {
        final Path kept = tempDir.resolve("kept.pcapng");
        final Path dropped = tempDir.resolve("dropped.pcapng");
        final PcapngWriter keeping = PcapngWriter.create(kept, LinkType.ETHERNET);
        final PcapngWriter dropping = PcapngWriter.create(dropped, LinkType.ETHERNET);
        keeping.write(1L, WrittenFrame.pattern(60, 1));
        dropping.write(1L, WrittenFrame.pattern(60, 1));

        assertThat(kept).doesNotExist();
        keeping.close();
        dropping.abort();

        assertThat(PcapWriterTest.filesIn(tempDir)).containsExactly("kept.pcapng");
    }

    @Test
    void shouldWriteSimplePacketBlocksThatRecordNoTimeAndThatTsharkReadsToo() throws IOException, InterruptedException {
        final Path file = tempDir.resolve("simple.pcapng");
        try (PcapngWriter writer = PcapngWriter.create(file, ByteOrder.LITTLE_ENDIAN)) {
            writer.addInterface("eth0", LinkType.ETHERNET, 64);
            writer.writeSimple(WrittenFrame.pattern(61, 1), 0, 61, 61);
            writer.write(5L, WrittenFrame.pattern(62, 2));
            writer.writeSimple(WrittenFrame.pattern(64, 3), 0, 64, 1500);
            assertThatThrownBy(() -> writer.writeSimple(WrittenFrame.pattern(60, 4), 0, 60, 61))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a simple packet block of original length 61 holds 61 bytes (its original length cut to"
                    + " interface 0's snap length 64); 60 given");
        }

        final List<Boolean> timed = new ArrayList<>();
        final List<byte[]> data = new ArrayList<>();
        final List<Long> original = new ArrayList<>();
        try (CaptureReader reader = CaptureReader.open(file)) {
            final Frame frame = new Frame();
            while (reader.next(frame)) {
                timed.add(frame.isTimed());
                data.add(frame.copyData());
                original.add(frame.originalLengthBytes());
            }
        }
        assertThat(timed).containsExactly(false, true, false);
        assertThat(data).containsExactly(WrittenFrame.pattern(61, 1), WrittenFrame.pattern(62, 2),
            WrittenFrame.pattern(64, 3));
        assertThat(original).containsExactly(61L, 62L, 1500L);

        Assumptions.assumeTrue(TsharkOnPath.present(), TsharkOnPath.INSTALL);
        assertThat(TsharkOnPath.field(file, "frame.len")).containsExactly("61", "62", "1500");
        assertThat(TsharkOnPath.field(file, "frame.cap_len")).containsExactly("61", "62", "64");
    }

    @Test
    void shouldCutFramesToTheirInterfaceSnapLength() throws IOException {
        final Path file = tempDir.resolve("snap.pcapng");
        try (PcapngWriter writer = PcapngWriter.create(file, ByteOrder.LITTLE_ENDIAN)) {
            writer.addInterface("short", LinkType.ETHERNET, 64);
            writer.write(1L, WrittenFrame.pattern(1500, 1));
        }

        assertThat(WrittenFrame.readAll(file)).singleElement().satisfies(frame -> {
            assertThat(frame.data()).isEqualTo(WrittenFrame.pattern(64, 1));
            assertThat(frame.originalLengthBytes()).isEqualTo(1500);
        });
    }

    @Test
    void shouldRejectFramesForInterfacesNotAdded() throws IOException {
        try (PcapngWriter writer = PcapngWriter.create(tempDir.resolve("none.pcapng"), ByteOrder.LITTLE_ENDIAN)) {
            assertThatThrownBy(() -> writer.write(1L, new byte[1]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("interfaceId 0");
            writer.addInterface("", LinkType.ETHERNET, 100);
            assertThatThrownBy(() -> writer.write(1, 1L, ByteBuffer.allocate(1), 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("interfaceId 1 (expected 0 to 0");
            assertThatThrownBy(() -> writer.write(-1L, new byte[1]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("before 1970");
        }
    }

    private static void writeSameFrames(final Path file) throws IOException {
        try (PcapngWriter writer = PcapngWriter.create(file, ByteOrder.LITTLE_ENDIAN)) {
            writer.addInterface("a", LinkType.ETHERNET, 65_535);
            writer.addInterface("b", LinkType.ETHERNET, 65_535);
            for (int i = 0; i < 100; i++) {
                writer.write(i % 2, 1_000_000_000L * i + i, WrittenFrame.pattern(60 + i, i), 0, 60 + i, 60 + i);
            }
        }
    }
}
