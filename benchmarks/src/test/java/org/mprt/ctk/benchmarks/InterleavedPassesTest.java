package org.mprt.ctk.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.pcap.CaptureFormatException;

/**
 * Two builds in one JVM, each from a class loader of its own: the pairs alternate which build runs
 * first, and the last line is the median of the pairs' ratios.
 */
class InterleavedPassesTest {

    private static final Path CAPTURE = Path.of("..", "captures", "behaviour", "mprt-sender-clean.pcap");

    @Test
    void shouldTimeTwoCopiesInTurnAndPrintTheMedianOfThePairsRatios() throws Exception {
        final Method a = InterleavedPasses.pass("A", classPath());
        final Method b = InterleavedPasses.pass("B", classPath());
        assertThat(a.getDeclaringClass()).as("each build's own classes").isNotEqualTo(b.getDeclaringClass())
            .isNotEqualTo(VerdictBenchmark.class);
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        InterleavedPasses.compare(a, b, CAPTURE, 3, 1, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        final List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
        assertThat(lines).hasSize(4);
        final double[] ratios = new double[3];
        for (int i = 0; i < 3; i++) {
            assertThat(lines.get(i)).matches("pair " + (i + 1) + ": A \\d+\\.\\d{3} s  B \\d+\\.\\d{3} s  B/A \\d+\\.\\d{3}");
            ratios[i] = Double.parseDouble(lines.get(i).replaceAll(".*B/A ", ""));
        }
        Arrays.sort(ratios);
        assertThat(lines.get(3)).isEqualTo(String.format(Locale.ROOT, "pairs B/A %.3f", ratios[1]));
    }

    @Test
    void shouldRefuseBadArgumentsBeforeAnyPass() {
        assertThatThrownBy(() -> run("only-one.jar")).isInstanceOf(NoSuchFileException.class).hasMessageContaining("only-one.jar");
        assertThatThrownBy(() -> run("--pairs=0")).isInstanceOf(IllegalArgumentException.class)
            .hasMessage("--pairs=0: expected a positive whole number");
        assertThatThrownBy(() -> run("--pair=2")).isInstanceOf(IllegalArgumentException.class)
            .hasMessageStartingWith("--pair=2: unknown option");
        assertThatThrownBy(() -> run(CAPTURE.toString())).isInstanceOf(IllegalArgumentException.class)
            .hasMessage("expected two builds' benchmarks.jar, A then B");
        assertThatThrownBy(() -> InterleavedPasses.pass("empty", new URL[0])).isInstanceOf(IllegalArgumentException.class)
            .hasMessageStartingWith("empty: not a benchmarks.jar");
    }

    @Test
    void shouldRefuseAFileThatIsNotACaptureBeforeLoadingAnyBuild(@TempDir final Path dir) throws Exception {
        final Path jar = Files.writeString(dir.resolve("a.jar"), "not opened: the capture is refused first\n");
        final Path notACapture = Files.writeString(dir.resolve("notes.txt"), "not a capture\n");
        assertThatThrownBy(() -> run(jar.toString(), jar.toString(), notACapture.toString()))
            .isInstanceOf(CaptureFormatException.class)
            .hasMessageStartingWith("file " + notACapture + ", before the first frame, byte offset 0: unknown magic number");
    }

    private static void run(final String... args) throws Exception {
        InterleavedPasses.run(args, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    }

    /** This module's classes and its dependencies, as a build's jar holds them. */
    private static URL[] classPath() throws Exception {
        final List<URL> urls = new ArrayList<>();
        for (final String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (!entry.isEmpty()) {
                urls.add(Path.of(entry).toUri().toURL());
            }
        }
        return urls.toArray(new URL[0]);
    }
}
