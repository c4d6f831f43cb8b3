package org.mprt.ctk.pics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PicsTest {

    static final Path REFERENCE_MPRT = Path.of("..", "spec", "pics", "reference-mprt.yaml");
    static final Path REFERENCE_ROCEV2 = Path.of("..", "spec", "pics", "reference-rocev2.yaml");

    @Test
    void shouldReadTheReferencePicsOfBothProfiles() throws Exception {
        final Pics mprt = Pics.load(REFERENCE_MPRT);
        assertThat(mprt.profile()).isEqualTo("mprt-0.1");
        assertThat(mprt.capability("pmtu")).contains(4096L);
        assertThat(mprt.capability("streams")).contains(64L);
        assertThat(mprt.supports("probe")).isTrue();
        assertThat(mprt.judgingToleranceNs()).isEqualTo(10_000);
        assertThat(Pics.load(REFERENCE_ROCEV2).profile()).isEqualTo("rocev2");
    }

    @Test
    void shouldListTheTimersDeclaredInTheirOrderAndNoOthers(@TempDir final Path dir) throws Exception {
        assertThat(Pics.load(REFERENCE_MPRT).timers()).isEmpty();
        final Path own = dir.resolve("own.yaml");
        Files.writeString(own, Files.readString(REFERENCE_MPRT).replace("timers: {}",
            "timers: {RTO_INIT: 200000, MD_FACTOR: 0.25, ACK_COALESCE_COUNT: 4}"));
        assertThat(Pics.load(own).timers()).containsExactly(java.util.Map.entry("RTO_INIT", 200_000L),
            java.util.Map.entry("MD_FACTOR", 0.25), java.util.Map.entry("ACK_COALESCE_COUNT", 4L));
    }

    @Test
    void shouldRejectTimersThatBreakTheConstraintsOfSection14WithTheDefaultsOfThoseLeftOut(@TempDir final Path dir)
        throws Exception {
        final Path bad = dir.resolve("bad.yaml");
        // RTO_MIN alone, within its range, above the default RTO_INIT of 100 µs.
        Files.writeString(bad, Files.readString(REFERENCE_MPRT).replace("timers: {}", "timers: {RTO_MIN: 1000000}"));
        assertThatThrownBy(() -> Pics.load(bad)).isInstanceOf(PicsException.class).hasMessage("PICS " + bad
            + ": /timers: expected RTO_MIN <= RTO_INIT <= RTO_MAX, here RTO_MIN 1000000, RTO_INIT 100000, RTO_MAX 2000000"
            + " (mprt-v0.1.md section 14; the timers left out are at their defaults)");
        final Path good = dir.resolve("good.yaml");
        Files.writeString(good, Files.readString(REFERENCE_MPRT).replace("timers: {}",
            "timers: {RTO_MIN: 1000000, RTO_INIT: 1000000}"));
        assertThat(Pics.load(good).timers()).hasSize(2);
    }

    @Test
    void shouldReadAPicsFromItsTextNamedByWhereItCameFrom() throws Exception {
        final byte[] yaml = Files.readAllBytes(REFERENCE_MPRT);
        assertThat(Pics.parse("classpath:/spec/pics/reference-mprt.yaml", yaml).source())
            .isEqualTo("classpath:/spec/pics/reference-mprt.yaml");
        assertThat(Pics.load(REFERENCE_MPRT).source()).isEqualTo(REFERENCE_MPRT.toString());
        assertThatThrownBy(() -> Pics.parse("the device's own", "picsVersion: [".getBytes(StandardCharsets.UTF_8)))
            .isInstanceOf(PicsException.class).hasMessageStartingWith("PICS the device's own: cannot be read as YAML: ");
    }

    @Test
    void shouldSayWhatIsWrongWithAPathThatIsNoPicsFile(@TempDir final Path dir) {
        assertThatThrownBy(() -> Pics.load(dir.resolve("none.yaml"))).isInstanceOf(PicsException.class)
            .hasMessage("PICS " + dir.resolve("none.yaml") + ": no such file");
        assertThatThrownBy(() -> Pics.load(dir)).isInstanceOf(PicsException.class)
            .hasMessage("PICS " + dir + ": is a folder, expected a PICS file (YAML)");
    }

    @Test
    void shouldRejectAMisspeltCapabilityNamingTheFileAndTheKey(@TempDir final Path dir) throws Exception {
        final Path bad = dir.resolve("bad.yaml");
        Files.writeString(bad, Files.readString(REFERENCE_MPRT).replace("streams: 64", "stream: 64"));

        assertThatThrownBy(() -> Pics.load(bad)).isInstanceOf(PicsException.class)
            .hasMessageContaining("bad.yaml").hasMessageContaining("capabilities");
    }

    @Test
    void shouldRejectAValueOutOfRangeAndBrokenYaml(@TempDir final Path dir) throws Exception {
        final Path range = dir.resolve("range.yaml");
        Files.writeString(range, Files.readString(REFERENCE_MPRT).replace("pmtu: 4096", "pmtu: 9000"));
        assertThatThrownBy(() -> Pics.load(range)).isInstanceOf(PicsException.class).hasMessageContaining("pmtu");

        final Path yaml = dir.resolve("broken.yaml");
        Files.writeString(yaml, "profile: [unclosed");
        assertThatThrownBy(() -> Pics.load(yaml)).isInstanceOf(PicsException.class).hasMessageContaining("YAML");
    }

    /**
     * The schema is compiled once and shared: PICS read at once on several threads, valid and invalid
     * in turn, each get their own answer (a validator that kept state between validations would mix
     * them up).
     */
    @Test
    void shouldJudgeEachPicsOnItsOwnWhenSeveralAreReadAtOnce() throws Exception {
        final String text = Files.readString(REFERENCE_MPRT);
        final byte[] good = text.getBytes(StandardCharsets.UTF_8);
        final byte[] bad = text.replace("pmtu: 4096", "pmtu: 9000").getBytes(StandardCharsets.UTF_8);
        final ExecutorService threads = Executors.newFixedThreadPool(4);
        try {
            final List<Future<String>> answers = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                final boolean valid = i % 2 == 0;
                final String name = "pics " + i;
                answers.add(threads.submit(() -> {
                    try {
                        return Pics.parse(name, valid ? good : bad).source();
                    } catch (final PicsException e) {
                        return e.getMessage();
                    }
                }));
            }
            for (int i = 0; i < answers.size(); i++) {
                final String answer = answers.get(i).get();
                if (i % 2 == 0) {
                    assertThat(answer).isEqualTo("pics " + i);
                } else {
                    assertThat(answer).startsWith("PICS pics " + i + ": /capabilities/pmtu");
                }
            }
        } finally {
            threads.shutdownNow();
        }
    }
}
