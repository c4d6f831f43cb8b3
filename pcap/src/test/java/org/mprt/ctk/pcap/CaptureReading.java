package org.mprt.ctk.pcap;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What reading any file must come to: every frame read with lengths that make sense, or a
 * {@link CaptureFormatException} naming frame and byte offset. Any other exception escapes and fails
 * the caller, since the verdict engine reads captures from devices nobody here controls.
 */
final class CaptureReading {

    private CaptureReading() {
    }

    /** Writes {@code bytes} to {@code file} and reads it to the end: the frames read, or -1 after a format error. */
    static long readAll(final Path file, final byte[] bytes) throws IOException {
        Files.write(file, bytes);
        try (CaptureReader reader = CaptureReader.open(file)) {
            final Frame frame = new Frame();
            while (reader.next(frame)) {
                assertThat(frame.capturedLengthBytes()).isBetween(0, bytes.length);
                assertThat(frame.originalLengthBytes()).isGreaterThanOrEqualTo(frame.capturedLengthBytes());
                frame.copyData();
            }
            return reader.framesRead();
        } catch (final CaptureFormatException expected) {
            assertThat(expected.getMessage()).startsWith("file " + file + ", ")
                .containsPattern(", (frame [1-9][0-9]*|before the first frame), byte offset [0-9]+: ");
            return -1;
        }
    }
}
