package org.mprt.ctk.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The steady pass in JVMs of their own: one best pass from each, their median, and a failing child reported. */
class PassesInJvmsTest {

    private static final Path CAPTURE = Path.of("..", "captures", "behaviour", "mprt-sender-clean.pcap");

    @Test
    void shouldGiveEachJvmsBestPassFastestFirst() throws Exception {
        final PassesInJvms.Spread s = PassesInJvms.measure(CAPTURE, 3);
        assertThat(s.seconds()).hasSize(3).isSorted();
        assertThat(s.fastest()).isPositive();
        assertThat(s.median()).isEqualTo(s.seconds()[1]);
        assertThat(s.fastest()).isEqualTo(s.seconds()[0]);
        assertThat(s.slowest()).isEqualTo(s.seconds()[2]);
    }

    @Test
    void shouldTakeTheMeanOfTheMiddleTwoOfAnEvenCount() {
        assertThat(new PassesInJvms.Spread(new double[] {1.0, 1.25, 1.75, 2.0}).median()).isEqualTo(1.5);
    }

    @Test
    void shouldReadTheBestPassFromTheSeriesLastLineOnly() throws IOException {
        assertThat(PassesInJvms.best("pass 1: 1.500 s\npass 2: 1.100 s\nbest 1.100", "x")).isEqualTo(1.1);
        assertThatThrownBy(() -> PassesInJvms.best("pass 1: 1.500 s", "timing passes over a.pcap"))
            .isInstanceOf(IOException.class)
            .hasMessage("the fresh JVM timing passes over a.pcap printed no best pass as its last line: 'pass 1: 1.500 s'");
    }

    @Test
    void shouldReportAChildThatCouldNotTimeTheFile(@TempDir final Path dir) throws IOException {
        final Path notACapture = Files.writeString(dir.resolve("notes.txt"), "not a capture\n");
        assertThatThrownBy(() -> PassesInJvms.measure(notACapture, 1))
            .isInstanceOf(IOException.class)
            .hasMessageContaining("(exit 2)");
    }
}
