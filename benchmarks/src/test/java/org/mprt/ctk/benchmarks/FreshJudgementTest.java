package org.mprt.ctk.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A judgement in a JVM started for it: timed from inside and from outside, and a failure reported, not hidden. */
class FreshJudgementTest {

    private static final Path CAPTURE = Path.of("..", "captures", "behaviour", "mprt-sender-clean.pcap");

    @Test
    void shouldTimeTheJudgementInsideAChildJvmThatTakesLongerStillToStartAndExit() throws Exception {
        final FreshJudgement.Times t = FreshJudgement.measure(CAPTURE);
        assertThat(t.judgementSeconds()).isPositive();
        assertThat(t.processSeconds()).isGreaterThan(t.judgementSeconds());
    }

    @Test
    void shouldGiveTheChildThisJvmsHeapCollectorAndCompilerFlagsButNoAgentOrRecording() {
        assertThat(ChildJvm.flags(List.of("-XX:+UseSerialGC", "-Xmx512m", "-XX:TieredStopAtLevel=1",
            "-agentpath:/opt/ap/libasyncProfiler.so=start,file=p.html", "-agentlib:jdwp=transport=dt_socket,address=5005",
            "-javaagent:/opt/jacoco.jar", "-XX:StartFlightRecording=filename=run.jfr", "-Dctk.home=/kit")))
            .containsExactly("-XX:+UseSerialGC", "-Xmx512m", "-XX:TieredStopAtLevel=1", "-Dctk.home=/kit");
    }

    @Test
    void shouldReportAChildThatCouldNotJudgeTheFile(@TempDir final Path dir) throws IOException {
        final Path notACapture = Files.writeString(dir.resolve("notes.txt"), "not a capture\n");
        assertThatThrownBy(() -> FreshJudgement.measure(notACapture))
            .isInstanceOf(IOException.class)
            .hasMessageContaining(notACapture.toString())
            .hasMessageContaining("exit 1");
    }
}
