package org.mprt.ctk.pcap;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClassicPcapReaderTest {
    private static final int MAGIC_MICROSECONDS = 0xA1B2C3D4;
    private static final int MAGIC_NANOSECONDS = 0xA1B23C4D;
    private static final byte[] FIRST = {0x01, 0x02, 0x03, 0x04, 0x05};
    private static final byte[] SECOND = {(byte) 0xFF, 0x00, 0x7F};

    @TempDir
    Path tempDir;

    @Test
    void shouldReadBigEndianMicrosecondPcap() throws IOException {
        final Path file = CaptureBytes.bigEndian()
            .pcapHeader(MAGIC_MICROSECONDS, 65_535, 1)
            .pcapRecord(1_650_970_174L, 376_937, FIRST, 60)
            .pcapRecord(1_650_970_175L, 999_999, SECOND, 3)
            .writeTo(tempDir.resolve("be-us.pcap"));

        try (CaptureReader reader = CaptureReader.open(file)) {
            assertThat(reader.format()).isEqualTo(CaptureFormat.PCAP_MICROSECONDS);
            final Frame frame = new Frame();

            assertThat(reader.next(frame)).isTrue();
            assertThat(frame.frameNumber()).isEqualTo(1);
            assertThat(frame.timestampNs()).isEqualTo(1_650_970_174_376_937_000L);
            assertThat(frame.capturedLengthBytes()).isEqualTo(5);
            assertThat(frame.originalLengthBytes()).isEqualTo(60);
            assertThat(frame.isTruncated()).isTrue();
            assertThat(frame.linkType()).isEqualTo(LinkType.ETHERNET);
            assertThat(frame.interfaceId()).isZero();
            assertThat(frame.recordOffsetBytes()).isEqualTo(24);
            assertThat(frame.copyData()).containsExactly(FIRST);

            assertThat(reader.next(frame)).isTrue();
            assertThat(frame.frameNumber()).isEqualTo(2);
            assertThat(frame.timestampNs()).isEqualTo(1_650_970_175_999_999_000L);
            assertThat(frame.recordOffsetBytes()).isEqualTo(24 + 16 + 5);
            assertThat(frame.copyData()).containsExactly(SECOND);
            assertThat(frame.isTruncated()).isFalse();

            assertThat(reader.next(frame)).isFalse();
            assertThat(reader.framesRead()).isEqualTo(2);
        }
    }

    @Test
    void shouldReadLittleEndianNanosecondPcap() throws IOException {
        final Path file = CaptureBytes.littleEndian()
            .pcapHeader(MAGIC_NANOSECONDS, 262_144, 101)
            .pcapRecord(4_294_967_295L, 999_999_999, FIRST, 5)
            .writeTo(tempDir.resolve("le-ns.pcap"));

        try (CaptureReader reader = CaptureReader.open(file)) {
            assertThat(reader.format()).isEqualTo(CaptureFormat.PCAP_NANOSECONDS);
            final Frame frame = new Frame();
            assertThat(reader.next(frame)).isTrue();
            assertThat(frame.timestampNs()).isEqualTo(4_294_967_295_999_999_999L);
            assertThat(frame.linkType()).isEqualTo(LinkType.RAW);
            assertThat(frame.linkTypeNumber()).isEqualTo(101);
            assertThat(frame.dataSlice().remaining()).isEqualTo(5);
            assertThat(frame.byteAt(4)).isEqualTo((byte) 0x05);
            assertThat(reader.next(frame)).isFalse();
        }
    }

    @Test
    void shouldReadLittleEndianMicrosecondAndBigEndianNanosecondPcap() throws IOException {
        final Path littleMicro = CaptureBytes.littleEndian().pcapHeader(MAGIC_MICROSECONDS, 65_535, 1)
            .pcapRecord(7, 5, FIRST, 5).writeTo(tempDir.resolve("le-us.pcap"));
        final Path bigNano = CaptureBytes.bigEndian().pcapHeader(MAGIC_NANOSECONDS, 65_535, 1)
            .pcapRecord(7, 5, FIRST, 5).writeTo(tempDir.resolve("be-ns.pcap"));

        assertThat(timestampsOf(littleMicro)).containsExactly(7_000_005_000L);
        assertThat(timestampsOf(bigNano)).containsExactly(7_000_000_005L);
    }

    @Test
    void shouldIgnoreFcsBitsInTheLinkTypeField() throws IOException {
        // Bits 28..31 say "4 bytes of FCS per frame"; the link type is still Ethernet.
        final Path file = CaptureBytes.littleEndian().pcapHeader(MAGIC_NANOSECONDS, 65_535, 0x1000_0000 | 1)
            .pcapRecord(0, 0, FIRST, 5).writeTo(tempDir.resolve("fcs.pcap"));

        try (CaptureReader reader = CaptureReader.open(file)) {
            final Frame frame = new Frame();
            assertThat(reader.next(frame)).isTrue();
            assertThat(frame.linkTypeNumber()).isEqualTo(1);
            assertThat(frame.linkType()).isEqualTo(LinkType.ETHERNET);
        }
    }

    @Test
    void shouldDeliverFramesOfUnknownLinkTypes() throws IOException {
        final Path file = CaptureBytes.littleEndian().pcapHeader(MAGIC_NANOSECONDS, 65_535, 147)
            .pcapRecord(0, 0, FIRST, 5).writeTo(tempDir.resolve("user0.pcap"));

        try (CaptureReader reader = CaptureReader.open(file)) {
            final Frame frame = new Frame();
            assertThat(reader.next(frame)).isTrue();
            assertThat(frame.linkType()).isEqualTo(LinkType.UNKNOWN);
            assertThat(frame.linkTypeNumber()).isEqualTo(147);
            assertThat(frame.copyData()).containsExactly(FIRST);
        }
    }

    @Test
    void shouldMapDltRawNumbersToRaw() {
        assertThat(LinkType.fromLinkTypeNumber(12)).isEqualTo(LinkType.RAW);
        assertThat(LinkType.fromLinkTypeNumber(14)).isEqualTo(LinkType.RAW);
        assertThat(LinkType.fromLinkTypeNumber(101)).isEqualTo(LinkType.RAW);
        assertThat(LinkType.fromLinkTypeNumber(0)).isEqualTo(LinkType.NULL);
        assertThat(LinkType.fromLinkTypeNumber(108)).isEqualTo(LinkType.LOOP);
        assertThat(LinkType.fromLinkTypeNumber(113)).isEqualTo(LinkType.LINUX_SLL);
        assertThat(LinkType.fromLinkTypeNumber(276)).isEqualTo(LinkType.LINUX_SLL2);
        assertThat(LinkType.fromLinkTypeNumber(228)).isEqualTo(LinkType.IPV4);
        assertThat(LinkType.fromLinkTypeNumber(229)).isEqualTo(LinkType.IPV6);
        assertThat(LinkType.fromLinkTypeNumber(9999)).isEqualTo(LinkType.UNKNOWN);
    }

    @Test
    void shouldAcceptRecordsOverTheSnapLengthUpToLibpcapMaximum() throws IOException {
        // Some capture stacks write a snap length smaller than what they keep; libpcap tolerates it.
        final byte[] data = new byte[200];
        final Path file = CaptureBytes.littleEndian().pcapHeader(MAGIC_NANOSECONDS, 64, 1)
            .pcapRecord(0, 0, data, 200).writeTo(tempDir.resolve("snap.pcap"));

        try (CaptureReader reader = CaptureReader.open(file)) {
            final Frame frame = new Frame();
            assertThat(reader.next(frame)).isTrue();
            assertThat(frame.capturedLengthBytes()).isEqualTo(200);
        }
    }

    @Test
    void shouldReadARecordThatStatesAnOriginalLengthUnderItsCapturedLength() throws IOException {
        // libpcap and Wireshark read such records; every captured byte was on the wire.
        final Path file = CaptureBytes.littleEndian().pcapHeader(MAGIC_NANOSECONDS, 65_535, 1)
            .pcapRecord(1, 0, FIRST, 0).pcapRecord(2, 0, FIRST, 4).pcapRecord(3, 0, SECOND, 3)
            .writeTo(tempDir.resolve("understated.pcap"));

        try (CaptureReader reader = CaptureReader.open(file)) {
            final Frame frame = new Frame();
            for (final long stated : new long[] {0, 4}) {
                assertThat(reader.next(frame)).isTrue();
                assertThat(frame.copyData()).containsExactly(FIRST);
                assertThat(frame.originalLengthBytes()).isEqualTo(5);
                assertThat(frame.statedOriginalLengthBytes()).isEqualTo(stated);
                assertThat(frame.isOriginalLengthUnderstated()).isTrue();
                assertThat(frame.isTruncated()).isFalse();
            }
            assertThat(reader.next(frame)).isTrue();
            assertThat(frame.originalLengthBytes()).isEqualTo(3);
            assertThat(frame.isOriginalLengthUnderstated()).isFalse();
            assertThat(reader.next(frame)).isFalse();
        }
    }

    /**
     * A fraction of a second past its field's range (as a writer that puts nanoseconds under the
     * microsecond magic makes it) is carried into the seconds and told; one within it is not.
     */
    @Test
    void shouldCarryAFractionOfASecondOfASecondOrMoreIntoTheSecondsAndTellIt() throws IOException {
        final Path micro = CaptureBytes.littleEndian().pcapHeader(MAGIC_MICROSECONDS, 65_535, 1)
            .pcapRecord(10, 999_999, FIRST, 5).pcapRecord(10, 1_000_000, FIRST, 5).pcapRecord(10, 123_456_789, FIRST, 5)
            .pcapRecord(11, 0, FIRST, 5)
            .writeTo(tempDir.resolve("overlong-us.pcap"));
        final Path nano = CaptureBytes.bigEndian().pcapHeader(MAGIC_NANOSECONDS, 65_535, 1)
            .pcapRecord(10, 999_999_999, FIRST, 5).pcapRecord(10, 4_294_967_295L, FIRST, 5)
            .writeTo(tempDir.resolve("overlong-ns.pcap"));

        assertThat(timesAndOverlongFractions(micro)).containsExactly(
            10_999_999_000L, 0L, 11_000_000_000L, 1_000_000_000L, 133_456_789_000L, 123_456_789_000L, 11_000_000_000L, 0L);
        assertThat(timesAndOverlongFractions(nano)).containsExactly(
            10_999_999_999L, 0L, 14_294_967_295L, 4_294_967_295L);
    }

    /** Each frame's time and overlong fraction, in turn, in nanoseconds. */
    private static List<Long> timesAndOverlongFractions(final Path file) throws IOException {
        final List<Long> out = new ArrayList<>();
        try (CaptureReader reader = CaptureReader.open(file)) {
            reader.forEach(frame -> {
                out.add(frame.timestampNs());
                out.add(frame.overlongFractionNs());
            });
        }
        return out;
    }

    @Test
    void shouldReadAnEmptyCaptureAndZeroLengthFrames() throws IOException {
        final Path headerOnly = CaptureBytes.littleEndian().pcapHeader(MAGIC_NANOSECONDS, 65_535, 1)
            .writeTo(tempDir.resolve("header-only.pcap"));
        final Path zeroLength = CaptureBytes.littleEndian().pcapHeader(MAGIC_NANOSECONDS, 65_535, 1)
            .pcapRecord(1, 2, new byte[0], 0).writeTo(tempDir.resolve("zero.pcap"));

        assertThat(timestampsOf(headerOnly)).isEmpty();
        assertThat(timestampsOf(zeroLength)).containsExactly(1_000_000_002L);
    }

    @Test
    void shouldHandEveryFrameToForEach() throws IOException {
        final Path file = CaptureBytes.bigEndian().pcapHeader(MAGIC_NANOSECONDS, 65_535, 1)
            .pcapRecord(0, 1, FIRST, 5).pcapRecord(0, 2, SECOND, 3).pcapRecord(0, 3, FIRST, 5)
            .writeTo(tempDir.resolve("three.pcap"));
        final List<Long> frameNumbers = new ArrayList<>();

        try (CaptureReader reader = CaptureReader.open(file)) {
            final long count = reader.forEach(frame -> frameNumbers.add(frame.frameNumber()));
            assertThat(count).isEqualTo(3);
        }
        assertThat(frameNumbers).containsExactly(1L, 2L, 3L);
    }

    private static List<Long> timestampsOf(final Path file) throws IOException {
        final List<Long> timestamps = new ArrayList<>();
        try (CaptureReader reader = CaptureReader.open(file)) {
            reader.forEach(frame -> timestamps.add(frame.timestampNs()));
        }
        return timestamps;
    }
}
