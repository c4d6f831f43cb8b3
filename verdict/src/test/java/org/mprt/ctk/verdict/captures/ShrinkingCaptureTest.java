package org.mprt.ctk.verdict.captures;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.pcap.CaptureReader;
import org.mprt.ctk.pcap.CaptureShrankException;
import org.mprt.ctk.verdict.rule.Judge;
import org.mprt.ctk.verdict.rule.PassObserver;
import org.mprt.ctk.verdict.rule.RuleBook;
import org.mprt.ctk.verdict.state.CapturePoint;
import org.mprt.ctk.verdict.state.CaptureState;
import org.mprt.ctk.verdict.state.Timers;

/**
 * A capture truncated while it is judged ends the pass with {@link CaptureShrankException}, naming
 * the file, the frame and the byte offset where the file now ends, whether the reader meets the end
 * or a rule reading an earlier frame's bytes again does (MPRT-LOSS-002): an error of the input, which
 * {@code ctk verdict} reports as one, never a rule's failure or a half-judged capture.
 */
class ShrinkingCaptureTest {

    @Test
    void shouldNameTheFrameTheReaderWasReadingWhenTheFileEnded(@TempDir final Path dir) throws Exception {
        final Path capture = FirstTransmissionReadAgainTest.copyFarBack(dir, "shrinking.pcap", false);
        final CaptureShrankException e = judgeTruncating(capture, 1, 600_000);
        assertThat(e.frameNumber()).isGreaterThan(1);
        assertThat(e.getMessage()).startsWith(capture + ": frame " + e.frameNumber() + ": reading ")
            .endsWith(", the file now ends at byte offset 600000 (was it truncated while being read?)");
    }

    @Test
    void shouldNameTheFileWhenARuleReadsAnEarlierFrameAgainPastItsEnd(@TempDir final Path dir) throws Exception {
        final Path capture = FirstTransmissionReadAgainTest.copyFarBack(dir, "shrinking.pcap", false);
        // After the last other packet, every remaining frame is already read; MPRT-LOSS-002 then reads frame 1 again.
        final CaptureShrankException e = judgeTruncating(capture, FirstTransmissionReadAgainTest.OTHER_PACKETS + 1, 0);
        assertThat(e.frameNumber()).isZero();
        assertThat(e.getMessage()).startsWith(capture + ": reading 1024 bytes at byte offset ")
            .endsWith(", the file now ends at byte offset 0 (was it truncated while being read?)");
    }

    /** Judges the capture with every rule, truncating it to {@code size} bytes once frame {@code atFrame} has been shown. */
    private static CaptureShrankException judgeTruncating(final Path capture, final long atFrame, final long size)
        throws IOException {
        final PassObserver truncate = o -> {
            if (o.frameNumber() == atFrame) {
                try (RandomAccessFile f = new RandomAccessFile(capture.toFile(), "rw")) {
                    f.setLength(size);
                } catch (final IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        };
        try (CaptureReader reader = CaptureReader.open(capture)) {
            final CaptureState state = new CaptureState(CapturePoint.takenAt(List.of(InetAddress.getByName("10.0.0.1"))),
                false, Timers.defaults());
            return catchThrowableOfType(() -> Judge.run(reader, RuleBook.all(), state, List.of(truncate)),
                CaptureShrankException.class);
        }
    }
}
