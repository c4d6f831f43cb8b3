package org.mprt.ctk.pcap;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every prefix of a valid capture, and every single-byte corruption of it, must either read or
 * fail with a {@link CaptureFormatException}: no unchecked exception may escape the reader, since
 * the verdict engine reads captures from devices nobody here controls.
 */
class CorruptedCaptureTest {
    private static final byte[] FRAME = {0x45, 0x00, 0x00, 0x1C, 0x12, 0x34, 0x40, 0x00, 0x40, 0x11};
    private static final byte[] CORRUPT_VALUES = {0x00, (byte) 0xFF, (byte) 0x80, 0x07};

    @TempDir
    Path tempDir;

    @Test
    void shouldRaiseOnlyFormatErrorsOnCorruptedClassicPcap() throws IOException {
        final byte[] valid = CaptureBytes.bigEndian().pcapHeader(0xA1B2C3D4, 65_535, 1)
            .pcapRecord(1, 2, FRAME, 60).pcapRecord(3, 4, FRAME, 10).toByteArray();

        assertCorruptionsAreFormatErrors(valid, 2);
    }

    @Test
    void shouldRaiseOnlyFormatErrorsOnCorruptedPcapng() throws IOException {
        final byte[] valid = CaptureBytes.littleEndian().sectionHeader()
            .interfaceDescription(1, 65_535, 0x8A)
            .enhancedPacket(0, 5, FRAME, 60)
            .simplePacket(FRAME, 10)
            .block(5, new byte[8])
            .enhancedPacket(0, 6, FRAME, 2, new byte[] {2, 0, 0, 0})
            .order(ByteOrder.BIG_ENDIAN).sectionHeader()
            .interfaceDescription(113, 0, 9)
            .enhancedPacket(0, 7, FRAME, 10)
            .enhancedPacket(0, 8, FRAME, 1, new byte[] {'o', 'k'})
            .toByteArray();

        assertCorruptionsAreFormatErrors(valid, 5);
    }

    private void assertCorruptionsAreFormatErrors(final byte[] valid, final long validFrames) throws IOException {
        assertThat(readAll(valid)).as("frames in the uncorrupted file").isEqualTo(validFrames);
        for (int lengthBytes = 0; lengthBytes < valid.length; lengthBytes++) {
            readAll(Arrays.copyOf(valid, lengthBytes));
        }
        for (int index = 0; index < valid.length; index++) {
            for (final byte value : CORRUPT_VALUES) {
                final byte[] corrupted = valid.clone();
                corrupted[index] = value;
                readAll(corrupted);
            }
        }
    }

    private long readAll(final byte[] bytes) throws IOException {
        return CaptureReading.readAll(tempDir.resolve("corrupted.cap"), bytes);
    }
}
