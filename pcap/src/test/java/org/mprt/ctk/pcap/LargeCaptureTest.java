package org.mprt.ctk.pcap;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Captures over 2 GiB, past what one {@link ByteBuffer} can address. The files are sparse: only
 * record headers and a frame marker are written, the frame bodies are holes, so a test costs a
 * few megabytes of disk and well under a second.
 */
class LargeCaptureTest {
    private static final long TWO_GIB = 1L << 31;
    private static final int FRAME_BYTES = 262_144;
    private static final int RECORD_BYTES = 16 + FRAME_BYTES;
    /** Enough records to run past 2 GiB: 8200 x 262160 bytes. */
    private static final int FRAMES = (int) (TWO_GIB / RECORD_BYTES) + 10;

    @TempDir
    Path tempDir;

    @Test
    void shouldReadAClassicPcapLargerThanTwoGibibytes() throws IOException {
        final Path file = tempDir.resolve("large.pcap");
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            final ByteBuffer header = ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN)
                .putInt(0xA1B23C4D).putShort((short) 2).putShort((short) 4).putInt(0).putInt(0)
                .putInt(FRAME_BYTES).putInt(1).flip();
            channel.write(header, 0);
            final ByteBuffer record = ByteBuffer.allocate(20).order(ByteOrder.LITTLE_ENDIAN);
            for (int i = 0; i < FRAMES; i++) {
                record.clear().putInt(i).putInt(i).putInt(FRAME_BYTES).putInt(FRAME_BYTES).putInt(i).flip();
                channel.write(record, 24 + (long) i * RECORD_BYTES);
            }
            channel.truncate(24 + (long) FRAMES * RECORD_BYTES);
            channel.write(ByteBuffer.allocate(1), 24 + (long) FRAMES * RECORD_BYTES - 1);
        }

        try (CaptureReader reader = CaptureReader.open(file)) {
            final Frame frame = new Frame();
            long frames = 0;
            while (reader.next(frame)) {
                assertThat(Integer.reverseBytes(frame.buffer().getInt(frame.dataOffset()))).isEqualTo(frames);
                frames++;
            }
            assertThat(frames).isEqualTo(FRAMES);
            assertThat(frame.recordOffsetBytes()).isEqualTo(24 + (long) (FRAMES - 1) * RECORD_BYTES)
                .isGreaterThan(TWO_GIB);
            assertThat(frame.timestampNs()).isEqualTo((FRAMES - 1) * 1_000_000_001L);
        }
    }

    @Test
    void shouldReadAPcapngPacketPastTwoGibibytesBehindASkippedBlock() throws IOException {
        final Path file = tempDir.resolve("large.pcapng");
        final long skippedBlockBytes = TWO_GIB + 4096;
        final byte[] head = CaptureBytes.littleEndian().sectionHeader().interfaceDescription(1, 0, 9).toByteArray();
        final byte[] packet = CaptureBytes.littleEndian().enhancedPacket(0, 42, new byte[] {7, 7, 7}, 3).toByteArray();
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            channel.write(ByteBuffer.wrap(head), 0);
            final ByteBuffer blockLength = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN);
            channel.write(ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN)
                .putInt(0x0000_0BAD).putInt((int) skippedBlockBytes).flip(), head.length);
            channel.write(blockLength.putInt((int) skippedBlockBytes).flip(), head.length + skippedBlockBytes - 4);
            channel.write(ByteBuffer.wrap(packet), head.length + skippedBlockBytes);
        }

        try (CaptureReader reader = CaptureReader.open(file)) {
            final Frame frame = new Frame();
            assertThat(reader.next(frame)).isTrue();
            assertThat(frame.recordOffsetBytes()).isEqualTo(head.length + skippedBlockBytes);
            assertThat(frame.timestampNs()).isEqualTo(42L);
            assertThat(frame.copyData()).containsExactly(7, 7, 7);
            assertThat(reader.next(frame)).isFalse();
        }
    }
}
