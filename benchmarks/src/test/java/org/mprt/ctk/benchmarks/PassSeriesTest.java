package org.mprt.ctk.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.pcap.CaptureFormatException;

/** The series two builds are compared by: one line per pass, then the best of the last passes kept. */
class PassSeriesTest {

    private static final String CAPTURE = Path.of("..", "captures", "behaviour", "mprt-sender-clean.pcap").toString();

    @Test
    void shouldPrintEveryPassAndTheBestOfTheLastKept() throws Exception {
        final List<String> lines = series("--passes=3", "--kept=2", "--rules=.*Ack.*", CAPTURE);
        assertThat(lines).hasSize(4);
        assertThat(lines.subList(0, 3)).allMatch(l -> l.matches("pass [123]: \\d+\\.\\d{3} s"));
        final double second = seconds(lines.get(1));
        final double third = seconds(lines.get(2));
        assertThat(lines.get(3)).isEqualTo(String.format(java.util.Locale.ROOT, "best %.3f", Math.min(second, third)));
    }

    @Test
    void shouldRefuseABadOptionBeforeAnyPass() {
        assertThatThrownBy(() -> series("--passes=0", CAPTURE)).isInstanceOf(IllegalArgumentException.class)
            .hasMessage("--passes=0: expected a positive whole number");
        assertThatThrownBy(() -> series("--passes=2", "--kept=3", CAPTURE)).isInstanceOf(IllegalArgumentException.class)
            .hasMessage("--kept=3 is more than --passes=2");
        assertThatThrownBy(() -> series("--rule=x", CAPTURE)).isInstanceOf(IllegalArgumentException.class)
            .hasMessageStartingWith("--rule=x: unknown option");
        assertThatThrownBy(() -> series("no-such.pcap")).isInstanceOf(NoSuchFileException.class)
            .hasMessageContaining("no-such.pcap");
    }

    @Test
    void shouldNameAFileThatIsNotACaptureWhereItIsAtFault(@TempDir final Path dir) throws Exception {
        final Path notACapture = Files.writeString(dir.resolve("notes.txt"), "not a capture\n");
        assertThatThrownBy(() -> series("--passes=1", "--kept=1", notACapture.toString()))
            .isInstanceOf(CaptureFormatException.class)
            .hasMessageStartingWith("file " + notACapture + ", before the first frame, byte offset 0: unknown magic number");
    }

    private static List<String> series(final String... args) throws Exception {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PassSeries.run(args, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return bytes.toString(StandardCharsets.UTF_8).lines().toList();
    }

    private static double seconds(final String passLine) {
        return Double.parseDouble(passLine.replaceAll("pass \\d+: (\\S+) s", "$1"));
    }
}
