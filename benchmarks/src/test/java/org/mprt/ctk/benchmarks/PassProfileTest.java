package org.mprt.ctk.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The profile command: the last passes profiled, and what it cannot run refused before any pass. */
class PassProfileTest {

    private static final String CAPTURE = Path.of("..", "captures", "behaviour", "mprt-sender-clean.pcap").toString();

    @Test
    void shouldRefuseABadOptionBeforeAnyPass() {
        assertThatThrownBy(() -> profile("--event=wall", CAPTURE)).isInstanceOf(IllegalArgumentException.class)
            .hasMessage("--event=wall: expected --event=cpu or --event=alloc");
        assertThatThrownBy(() -> profile("--passes=2", "--kept=3", CAPTURE)).isInstanceOf(IllegalArgumentException.class)
            .hasMessage("--kept=3 is more than --passes=2");
        assertThatThrownBy(() -> profile("--outfile=x", CAPTURE)).isInstanceOf(IllegalArgumentException.class)
            .hasMessage("--outfile=x: unknown option; expected --event=cpu|alloc, --out=FILE, --passes=N, --kept=K or --rules=REGEX");
        assertThatThrownBy(() -> profile("no-such.pcap")).isInstanceOf(NoSuchFileException.class)
            .hasMessageContaining("no-such.pcap");
    }

    @Test
    void shouldProfileTheLastPassesAndWriteTheirStacks(@TempDir final Path dir) throws Exception {
        // Allocation samples need no perf events, so this runs wherever the native library loads.
        final Path stacks = dir.resolve("alloc.collapsed");
        final String printed = profile("--event=alloc", "--out=" + stacks, "--passes=2", "--kept=1", CAPTURE);
        assertThat(printed).contains("pass 1: ", "pass 2: ", "passes 2 to 2 profiled (alloc): " + stacks.toAbsolutePath(),
            "part of the pass (share of every sample):", "rules, with what they call:");
        assertThat(stacks).exists();
        // What was written reads back as the summary printed.
        final long samples = ProfileSummary.of(Files.readAllLines(stacks).stream()).total();
        assertThat(printed).contains(samples + " samples");
    }

    private static String profile(final String... args) throws Exception {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PassProfile.run(args, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
