package org.mprt.ctk.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Two builds in one JVM: here the build under test twice, each copy from a class loader of its own. */
class PairedPassesTest {

    private static final String CAPTURE = Path.of("..", "captures", "behaviour", "mprt-sender-clean.pcap").toString();
    private static final String BUILD = System.getProperty("java.class.path");
    private static final Pattern ROUND = Pattern.compile("round (\\d+): A (\\d+\\.\\d{3}) s  B (\\d+\\.\\d{3}) s");

    @Test
    void shouldPrintEveryRoundAndASummaryOfThem() throws Exception {
        final List<String> lines = paired(BUILD, BUILD, "--warm=1", "--rounds=3", "--rules=.*Ack.*", CAPTURE);

        assertThat(lines).hasSize(5);
        assertThat(lines.get(0)).isEqualTo("warm-up: 1 pass of each build");
        final double[] a = new double[3];
        final double[] b = new double[3];
        int won = 0;
        int tied = 0;
        for (int r = 0; r < 3; r++) {
            final Matcher m = ROUND.matcher(lines.get(r + 1));
            assertThat(m.matches()).as(lines.get(r + 1)).isTrue();
            assertThat(m.group(1)).isEqualTo(Integer.toString(r + 1));
            a[r] = Double.parseDouble(m.group(2));
            b[r] = Double.parseDouble(m.group(3));
            won += b[r] < a[r] ? 1 : 0;
            tied += b[r] == a[r] ? 1 : 0;
        }
        Arrays.sort(a);
        Arrays.sort(b);
        final Matcher summary = Pattern.compile("B faster in (\\d) of 3 rounds; median A (\\S+) s, B (\\S+) s;"
            + " median of B/A by round \\d+\\.\\d{3}").matcher(lines.get(4));
        assertThat(summary.matches()).as(lines.get(4)).isTrue();
        // Rounds count as won on the times themselves, which the lines round to the millisecond.
        assertThat(Integer.parseInt(summary.group(1))).isBetween(won, won + tied);
        // The medians are the middle rounds' times.
        assertThat(summary.group(2)).isEqualTo(String.format(Locale.ROOT, "%.3f", a[1]));
        assertThat(summary.group(3)).isEqualTo(String.format(Locale.ROOT, "%.3f", b[1]));
    }

    @Test
    void shouldRefuseWhatIsNotTwoBuildsBeforeAnyPass() {
        assertThatThrownBy(() -> paired(BUILD, CAPTURE + ".absent")).isInstanceOf(NoSuchFileException.class)
            .hasMessageContaining(".absent").hasMessageContaining("no such build");
        assertThatThrownBy(() -> paired(BUILD)).isInstanceOf(IllegalArgumentException.class)
            .hasMessage("expected two builds (benchmarks.jar files or class paths) and at most a capture, got 1 operands");
        assertThatThrownBy(() -> paired(BUILD, Path.of("..", "captures").toString(), CAPTURE))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("no org.mprt.ctk.benchmarks.VerdictBenchmark in it");
        assertThatThrownBy(() -> paired(BUILD, BUILD, "--round=3", CAPTURE)).isInstanceOf(IllegalArgumentException.class)
            .hasMessageStartingWith("--round=3: unknown option");
        assertThatThrownBy(() -> paired(BUILD, BUILD, "--rounds=0", CAPTURE)).isInstanceOf(IllegalArgumentException.class)
            .hasMessage("--rounds=0: expected a positive whole number");
        assertThatThrownBy(() -> paired(BUILD, BUILD, "no-such.pcap")).isInstanceOf(NoSuchFileException.class)
            .hasMessageContaining("no-such.pcap");
    }

    private static List<String> paired(final String... args) throws Exception {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PairedPasses.run(args, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return bytes.toString(StandardCharsets.UTF_8).lines().toList();
    }
}
