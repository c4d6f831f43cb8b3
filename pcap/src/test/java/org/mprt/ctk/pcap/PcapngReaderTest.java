package org.mprt.ctk.pcap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PcapngReaderTest {
    private static final int NO_TSRESOL = -1;
    private static final byte[] FIRST = {0x01, 0x02, 0x03, 0x04, 0x05};
    private static final byte[] SECOND = {0x45, 0x00, 0x00, 0x14, 0x00, 0x00, 0x00, 0x00};

    @TempDir
    Path tempDir;

    @Test
    void shouldReadTwoSectionsOfDifferentByteOrder() throws IOException {
        final CaptureBytes bytes = CaptureBytes.littleEndian()
            .sectionHeader()
            .interfaceDescription(1, 65_535, NO_TSRESOL)
            .enhancedPacket(0, 1_000_000L, FIRST, 60);
        final int secondSectionOffset = bytes.lengthBytes();
        bytes.order(ByteOrder.BIG_ENDIAN)
            .sectionHeader()
            .interfaceDescription(101, 0, 9)
            .enhancedPacket(0, 2_000_000_007L, SECOND, 8);
        final Path file = bytes.writeTo(tempDir.resolve("two-sections.pcapng"));

        try (CaptureReader reader = CaptureReader.open(file)) {
            assertThat(reader.format()).isEqualTo(CaptureFormat.PCAPNG);
            final Frame frame = new Frame();

            assertThat(reader.next(frame)).isTrue();
            assertThat(frame.frameNumber()).isEqualTo(1);
            assertThat(frame.linkType()).isEqualTo(LinkType.ETHERNET);
            assertThat(frame.timestampNs()).isEqualTo(1_000_000_000L);
            assertThat(frame.capturedLengthBytes()).isEqualTo(5);
            assertThat(frame.originalLengthBytes()).isEqualTo(60);
            assertThat(frame.recordOffsetBytes()).isEqualTo(28 + 20);
            assertThat(frame.copyData()).containsExactly(FIRST);

            assertThat(reader.next(frame)).isTrue();
            assertThat(frame.frameNumber()).isEqualTo(2);
            assertThat(frame.interfaceId()).isZero();
            assertThat(frame.linkType()).isEqualTo(LinkType.RAW);
            assertThat(frame.timestampNs()).isEqualTo(2_000_000_007L);
            assertThat(frame.recordOffsetBytes()).isEqualTo(secondSectionOffset + 28 + 32);
            assertThat(frame.copyData()).containsExactly(SECOND);

            assertThat(reader.next(frame)).isFalse();
        }
    }

    @Test
    void shouldConvertMicrosecondTicksWhenTsresolIsAbsentOrSix() throws IOException {
        assertThat(timestampsWithTsresol(NO_TSRESOL, 1_650_970_174_376_937L))
            .containsExactly(1_650_970_174_376_937_000L);
        assertThat(timestampsWithTsresol(6, 1_650_970_174_376_937L)).containsExactly(1_650_970_174_376_937_000L);
    }

    @Test
    void shouldKeepNanosecondTicksWhenTsresolIsNine() throws IOException {
        assertThat(timestampsWithTsresol(9, 1_650_970_174_376_937_123L)).containsExactly(1_650_970_174_376_937_123L);
    }

    @Test
    void shouldConvertBinaryTicksWhenTsresolIsTwoToTheMinusTen() throws IOException {
        // 0x8A: one tick is 2^-10 s. 5.5 s is 5632 ticks; 1 tick is 976562.5 ns, rounded down.
        assertThat(timestampsWithTsresol(0x8A, 5 * 1024 + 512)).containsExactly(5_500_000_000L);
        assertThat(timestampsWithTsresol(0x8A, 1)).containsExactly(976_562L);
    }

    @Test
    void shouldConvertPicosecondTicksWhenTsresolIsTwelve() throws IOException {
        assertThat(timestampsWithTsresol(12, 1_234_567_891_999L)).containsExactly(1_234_567_891L);
    }

    @Test
    void shouldAddTheInterfaceTimestampOffset() throws IOException {
        // if_tsoffset (code 14): 100 s to add to every timestamp of the interface.
        final Path file = CaptureBytes.littleEndian()
            .sectionHeader()
            .u32(1).u32(40).u16(1).u16(0).u32(0)
            .u16(9).u16(1).u8(9).zeros(3)
            .u16(14).u16(8).u64(100)
            .u32(40)
            .enhancedPacket(0, 5, FIRST, 5)
            .writeTo(tempDir.resolve("tsoffset.pcapng"));

        assertThat(timestampsOf(file)).containsExactly(100_000_000_005L);
    }

    @Test
    void shouldReadSimplePacketBlocksOnInterfaceZeroAsRecordingNoTime() throws IOException {
        final Path file = CaptureBytes.bigEndian()
            .sectionHeader()
            .interfaceDescription(113, 0, 9)
            .interfaceDescription(1, 0, 9)
            .simplePacket(FIRST, 5)
            .writeTo(tempDir.resolve("spb.pcapng"));

        try (CaptureReader reader = CaptureReader.open(file)) {
            final Frame frame = new Frame();
            assertThat(reader.next(frame)).isTrue();
            assertThat(frame.timestampNs()).isZero();
            assertThat(frame.isTimed()).isFalse();
            assertThat(frame.interfaceId()).isZero();
            assertThat(frame.linkType()).isEqualTo(LinkType.LINUX_SLL);
            assertThat(frame.capturedLengthBytes()).isEqualTo(5);
            assertThat(frame.originalLengthBytes()).isEqualTo(5);
            assertThat(frame.copyData()).containsExactly(FIRST);
        }
    }

    @Test
    void shouldCutSimplePacketsToTheSnapLength() throws IOException {
        final Path file = CaptureBytes.littleEndian()
            .sectionHeader()
            .interfaceDescription(1, 4, NO_TSRESOL)
            .simplePacket(new byte[] {1, 2, 3, 4}, 60)
            .writeTo(tempDir.resolve("spb-snap.pcapng"));

        try (CaptureReader reader = CaptureReader.open(file)) {
            final Frame frame = new Frame();
            assertThat(reader.next(frame)).isTrue();
            assertThat(frame.capturedLengthBytes()).isEqualTo(4);
            assertThat(frame.originalLengthBytes()).isEqualTo(60);
        }
    }

    @Test
    void shouldReadObsoletePacketBlocksLikeEnhancedOnes() throws IOException {
        // Packet Block (type 2): 16-bit interface id and 16-bit drops count where the EPB has a 32-bit id.
        final Path file = CaptureBytes.littleEndian()
            .sectionHeader()
            .interfaceDescription(1, 0, NO_TSRESOL)
            .interfaceDescription(101, 0, 9)
            .u32(2).u32(40).u16(1).u16(7).u32(0).u32(123).u32(5).u32(9).bytes(FIRST).padTo32Bits().u32(40)
            .writeTo(tempDir.resolve("packet-block.pcapng"));

        try (CaptureReader reader = CaptureReader.open(file)) {
            final Frame frame = new Frame();
            assertThat(reader.next(frame)).isTrue();
            assertThat(frame.interfaceId()).isEqualTo(1);
            assertThat(frame.linkType()).isEqualTo(LinkType.RAW);
            assertThat(frame.timestampNs()).isEqualTo(123L);
            assertThat(frame.originalLengthBytes()).isEqualTo(9);
            assertThat(frame.copyData()).containsExactly(FIRST);
        }
    }

    @Test
    void shouldReadAnEnhancedPacketThatStatesAnOriginalLengthUnderItsCapturedLength() throws IOException {
        final Path file = CaptureBytes.littleEndian().sectionHeader().interfaceDescription(1, 0, NO_TSRESOL)
            .enhancedPacket(0, 1, FIRST, 2).writeTo(tempDir.resolve("understated.pcapng"));

        try (CaptureReader reader = CaptureReader.open(file)) {
            final Frame frame = new Frame();
            assertThat(reader.next(frame)).isTrue();
            assertThat(frame.copyData()).containsExactly(FIRST);
            assertThat(frame.originalLengthBytes()).isEqualTo(5);
            assertThat(frame.statedOriginalLengthBytes()).isEqualTo(2);
            assertThat(frame.isOriginalLengthUnderstated()).isTrue();
            assertThat(reader.next(frame)).isFalse();
        }
    }

    @Test
    void shouldNumberPacketsAsWiresharkDoesPastRecordsThatAreNotPackets() throws IOException, InterruptedException {
        // Wireshark numbers custom blocks (both kinds) and systemd journal entries, not the other blocks.
        final byte[] pen = {0, 0, 0x7F, (byte) 0xFF, 'x', 0, 0, 0};
        final Path file = CaptureBytes.littleEndian().sectionHeader().interfaceDescription(1, 0, NO_TSRESOL)
            .enhancedPacket(0, 1, FIRST, FIRST.length)
            .block(0x0000_0BAD, pen)
            .enhancedPacket(0, 2, FIRST, FIRST.length)
            .block(9, "__REALTIME_TIMESTAMP=1\nMESSAGE=x\n".getBytes(StandardCharsets.US_ASCII))
            .enhancedPacket(0, 3, FIRST, FIRST.length)
            .block(0x4000_0BAD, pen)
            .block(10, new byte[] {0x4b, 0x53, 0x4c, 0x54, 4, 0, 0, 0, 'a', 'b', 'c', 'd'})
            .block(5, new byte[12])
            .enhancedPacket(0, 4, FIRST, FIRST.length)
            .writeTo(tempDir.resolve("records.pcapng"));
        final List<Long> numbers = new ArrayList<>();

        try (CaptureReader reader = CaptureReader.open(file)) {
            reader.forEach(frame -> numbers.add(frame.frameNumber()));
            assertThat(reader.framesRead()).isEqualTo(4);
        }

        assertThat(numbers).containsExactly(1L, 3L, 5L, 7L);
        if (TsharkOnPath.present()) {
            final List<String> tshark = TsharkOnPath.field(file, "frame.time_epoch");
            assertThat(numbers).allSatisfy(n -> assertThat(tshark.get((int) (n - 1))).as("tshark's frame %d", n).isNotEmpty());
            assertThat(tshark).hasSize(7);
        }
    }

    @Test
    void shouldSkipBlocksItDoesNotRead() throws IOException {
        final Path file = CaptureBytes.littleEndian()
            .sectionHeader()
            .block(0x0000_0BAD, new byte[] {0, 0, 0x7E, 0x01, 9, 9, 9})
            .interfaceDescription(1, 0, 9)
            .block(4, new byte[] {0, 0, 0, 0})
            .enhancedPacket(0, 10, FIRST, 5)
            .block(5, new byte[20])
            .block(0x0000_000A, new byte[] {1, 2, 3})
            .block(0x4000_0BAD, new byte[8])
            .enhancedPacket(0, 20, SECOND, 8)
            .writeTo(tempDir.resolve("skips.pcapng"));

        assertThat(timestampsOf(file)).containsExactly(10L, 20L);
    }

    @Test
    void shouldKeepEachInterfaceItsOwnLinkTypeAndResolution() throws IOException {
        final Path file = CaptureBytes.littleEndian()
            .sectionHeader()
            .interfaceDescription(1, 0, 9)
            .interfaceDescription(276, 0, 6)
            .enhancedPacket(1, 3, FIRST, 5)
            .enhancedPacket(0, 3, FIRST, 5)
            .writeTo(tempDir.resolve("interfaces.pcapng"));

        try (CaptureReader reader = CaptureReader.open(file)) {
            final Frame frame = new Frame();
            assertThat(reader.next(frame)).isTrue();
            assertThat(frame.interfaceId()).isEqualTo(1);
            assertThat(frame.linkType()).isEqualTo(LinkType.LINUX_SLL2);
            assertThat(frame.timestampNs()).isEqualTo(3_000L);
            assertThat(reader.next(frame)).isTrue();
            assertThat(frame.interfaceId()).isZero();
            assertThat(frame.linkType()).isEqualTo(LinkType.ETHERNET);
            assertThat(frame.timestampNs()).isEqualTo(3L);
        }
    }

    private List<Long> timestampsWithTsresol(final int tsresol, final long ticks) throws IOException {
        final Path file = CaptureBytes.littleEndian()
            .sectionHeader()
            .interfaceDescription(1, 0, tsresol)
            .enhancedPacket(0, ticks, FIRST, 5)
            .writeTo(tempDir.resolve("tsresol-" + tsresol + ".pcapng"));
        return timestampsOf(file);
    }

    private static List<Long> timestampsOf(final Path file) throws IOException {
        final List<Long> timestamps = new ArrayList<>();
        try (CaptureReader reader = CaptureReader.open(file)) {
            reader.forEach(frame -> timestamps.add(frame.timestampNs()));
        }
        return timestamps;
    }

    @Test
    void shouldTellWhichWayTheHostSawAPacketFromItsEpbFlags() throws IOException {
        final CaptureBytes bytes = CaptureBytes.littleEndian()
            .sectionHeader()
            .interfaceDescription(1, 65_535, NO_TSRESOL)
            .enhancedPacket(0, 1L, FIRST, 2, new byte[] {1, 0, 0, 0})
            .enhancedPacket(0, 2L, FIRST, 2, new byte[] {2, 0, 0, 0})
            .enhancedPacket(0, 3L, FIRST, 1, "a comment".getBytes(java.nio.charset.StandardCharsets.UTF_8))
            .enhancedPacket(0, 4L, FIRST, 60);
        bytes.order(ByteOrder.BIG_ENDIAN)
            .sectionHeader()
            .interfaceDescription(1, 65_535, NO_TSRESOL)
            .enhancedPacket(0, 5L, SECOND, 2, new byte[] {0, 0, 0, 2});
        final Path file = bytes.writeTo(tempDir.resolve("directions.pcapng"));

        final List<LinkDirection> seen = new ArrayList<>();
        try (CaptureReader reader = CaptureReader.open(file)) {
            final Frame frame = new Frame();
            while (reader.next(frame)) {
                seen.add(frame.direction());
                assertThat(frame.copyData()).isEqualTo(frame.frameNumber() == 5 ? SECOND : FIRST);
            }
        }

        assertThat(seen).containsExactly(LinkDirection.INBOUND, LinkDirection.OUTBOUND, LinkDirection.NOT_STATED,
            LinkDirection.NOT_STATED, LinkDirection.OUTBOUND);
    }

    @Test
    void shouldNameAnEnhancedPacketOptionThatRunsPastItsBlock() throws IOException {
        final byte[] good = CaptureBytes.littleEndian().sectionHeader().interfaceDescription(1, 65_535, NO_TSRESOL)
            .enhancedPacket(0, 1L, FIRST, 2, new byte[] {1, 0, 0, 0}).toByteArray();
        final int optionLengthAt = 28 + 20 + 28 + 8 + 2;
        good[optionLengthAt] = 40;
        final Path file = java.nio.file.Files.write(tempDir.resolve("bad-option.pcapng"), good);

        try (CaptureReader reader = CaptureReader.open(file)) {
            assertThatThrownBy(() -> reader.next(new Frame())).isInstanceOf(CaptureFormatException.class)
                .hasMessageContaining("frame 1").hasMessageContaining("byte offset " + (optionLengthAt - 2))
                .hasMessageContaining("enhanced packet block option 2 claims length 40, past the end of its block");
        }
    }
}
