package org.mprt.ctk.pcap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A native ERF file, the records an Endace card writes with no file header, is read as a capture of
 * LINKTYPE_ERF frames, each stamped with its record's own time; a file that is not one is still
 * refused as having no known magic; a broken record is reported at its frame and byte offset.
 */
class ErfFileTest {

    private static final int TYPE_ETH = 2;
    private static final int TYPE_IPV4 = 22;
    /** 2026-01-01T00:00:00Z, and a fraction of a second that is no whole number of nanoseconds. */
    private static final long SECONDS = 1_767_225_600L;
    private static final long FRACTION = 0x8000_0001L;

    @TempDir
    Path dir;

    /** An ERF record of {@code type} around {@code payload}, padded to a multiple of 8 bytes. */
    private static byte[] record(final int type, final long seconds, final long fraction, final byte[] payload) {
        final int length = (ErfLayout.HEADER_LENGTH + payload.length + 7) / 8 * 8;
        return ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN).putLong(seconds << 32 | fraction)
            .order(ByteOrder.BIG_ENDIAN).put((byte) type).put((byte) 0).putShort((short) length).putShort((short) 0)
            .putShort((short) payload.length).put(payload).array();
    }

    private static byte[] payload(final int length, final int seed) {
        final byte[] bytes = new byte[length];
        Arrays.fill(bytes, (byte) seed);
        return bytes;
    }

    private Path file(final byte[]... records) throws IOException {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (final byte[] r : records) {
            out.write(r);
        }
        return Files.write(dir.resolve("card.erf"), out.toByteArray());
    }

    @Test
    void shouldReadEachRecordAsAnErfFrameStampedWithItsOwnTime() throws IOException {
        final List<byte[]> records = List.of(record(TYPE_ETH, SECONDS, FRACTION, payload(62, 1)),
            record(TYPE_IPV4, SECONDS + 1, 0, payload(40, 2)), record(TYPE_ETH | 0x80, SECONDS + 2, 1, payload(70, 3)));
        final Path file = file(records.toArray(byte[][]::new));
        try (CaptureReader reader = CaptureReader.open(file)) {
            assertThat(reader.format()).isEqualTo(CaptureFormat.ERF);
            final Frame frame = new Frame();
            final List<Long> times = new ArrayList<>();
            long offset = 0;
            for (final byte[] r : records) {
                assertThat(reader.next(frame)).isTrue();
                assertThat(frame.linkType()).isEqualTo(LinkType.ERF);
                assertThat(frame.linkTypeNumber()).isEqualTo(197);
                assertThat(frame.capturedLengthBytes()).isEqualTo(r.length);
                assertThat(frame.recordOffsetBytes()).isEqualTo(offset);
                final byte[] data = new byte[frame.capturedLengthBytes()];
                frame.buffer().get(frame.dataOffset(), data);
                assertThat(data).isEqualTo(r);
                times.add(frame.timestampNs());
                offset += r.length;
            }
            assertThat(reader.next(frame)).isFalse();
            // 0x80000001 / 2^32 s is 500000000.23 ns; 1 / 2^32 s is 0.23 ns: both to the nearest nanosecond.
            assertThat(times).containsExactly(SECONDS * 1_000_000_000L + 500_000_000L, (SECONDS + 1) * 1_000_000_000L,
                (SECONDS + 2) * 1_000_000_000L);
        }
    }

    @Test
    void shouldAgreeWithWiresharkOnTheRecordsAndTheirTimes() throws IOException, InterruptedException {
        assumeTrue(TsharkOnPath.present(), TsharkOnPath.INSTALL);
        final Path file = file(record(TYPE_ETH, SECONDS, FRACTION, payload(62, 1)),
            record(TYPE_ETH, SECONDS, 0xFFFF_0000L, payload(100, 2)), record(TYPE_IPV4, SECONDS + 5, 123_456_789L, payload(40, 3)));
        final List<String> times = TsharkOnPath.field(file, "frame.time_epoch");
        final List<String> ours = new ArrayList<>();
        try (CaptureReader reader = CaptureReader.open(file)) {
            final Frame frame = new Frame();
            while (reader.next(frame)) {
                ours.add(String.format("%d.%09d", frame.timestampNs() / 1_000_000_000L, frame.timestampNs() % 1_000_000_000L));
            }
        }
        assertThat(ours).containsExactlyElementsOf(times);
    }

    @Test
    void shouldReportARecordCutShortAtItsFrameAndOffset() throws IOException {
        final byte[] first = record(TYPE_ETH, SECONDS, 0, payload(62, 1));
        final byte[] second = record(TYPE_ETH, SECONDS, 1, payload(62, 2));
        final byte[] third = record(TYPE_ETH, SECONDS, 2, payload(62, 3));
        final Path file = file(first, second, Arrays.copyOf(third, third.length - 5));
        final CaptureFormatException error = readFails(file);
        assertThat(error.getMessage()).contains("frame 3, byte offset " + (first.length + second.length)
            + ": file ends mid-record: the ERF record claims " + third.length + " bytes, but only " + (third.length - 5)
            + " remain");
    }

    @Test
    void shouldReportARecordShorterThanItsHeader() throws IOException {
        final byte[] r = record(TYPE_ETH, SECONDS, 0, payload(62, 1));
        final byte[] broken = record(TYPE_ETH, SECONDS, 3, payload(62, 4));
        ByteBuffer.wrap(broken).putShort(ErfLayout.RECORD_LENGTH_FIELD_OFFSET, (short) 8);
        final Path file = file(r, r, r, broken);
        final CaptureFormatException error = readFails(file);
        assertThat(error.getMessage()).contains("frame 4, byte offset " + (3 * r.length + ErfLayout.RECORD_LENGTH_FIELD_OFFSET)
            + ": ERF record length 8 (expected at least the 16-byte header)");
    }

    @Test
    void shouldNotTakeForErfWhatNoCardWrote() throws IOException {
        final byte[] zeroType = record(0, SECONDS, 0, payload(62, 1));
        final byte[] unknownType = record(ErfLayout.LARGEST_TYPE + 1, SECONDS, 0, payload(62, 1));
        final byte[] beyond = record(TYPE_ETH, SECONDS, 0, payload(62, 1));
        ByteBuffer.wrap(beyond).putShort(ErfLayout.RECORD_LENGTH_FIELD_OFFSET, (short) 4096);
        final byte[] noRoomForExtension = record(TYPE_ETH | 0x80, SECONDS, 0, new byte[0]);
        final byte[] good = record(TYPE_ETH, SECONDS, 0, payload(62, 1));
        final byte[] badSecond = record(0, SECONDS, 0, payload(62, 1));
        for (final byte[][] records : List.of(new byte[][] {zeroType}, new byte[][] {unknownType}, new byte[][] {beyond},
            new byte[][] {noRoomForExtension}, new byte[][] {good, badSecond}, new byte[][] {Arrays.copyOf(good, 12)})) {
            final CaptureFormatException error = readFails(file(records));
            assertThat(error.getMessage()).contains("before the first frame, byte offset 0: unknown magic number")
                .contains("or the ERF records of an Endace capture card)");
        }
    }

    private static CaptureFormatException readFails(final Path file) {
        final CaptureFormatException error = catchThrowableOfType(CaptureFormatException.class, () -> {
            try (CaptureReader reader = CaptureReader.open(file)) {
                final Frame frame = new Frame();
                while (reader.next(frame)) {
                    assertThat(frame.capturedLengthBytes()).isPositive();
                }
            }
        });
        assertThat(error).as("a CaptureFormatException for %s", file).isNotNull();
        return error;
    }
}
