package org.mprt.ctk.verdict.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.verdict.CaptureJudge;

/** The console's few lines about a capture say where the capture stood for its connections. */
class ConsoleSummaryTest {

    @Test
    void shouldCountTheDirectionsByWhereTheCaptureStood() throws Exception {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();

        ConsoleSummary.print(CaptureJudge.standard().judge(Path.of("..", "captures", "behaviour",
            "mprt-receiver-faults-loopback.pcap")), new PrintStream(out, true, StandardCharsets.UTF_8));

        assertThat(out.toString(StandardCharsets.UTF_8).lines().skip(1).findFirst().orElseThrow())
            .isEqualTo("  capture point: 2 directions at both ends at once (a capture on the one host of both nodes, as on"
                + " loopback) (why: verdict.json, verdict.html)");
    }

    @Test
    void shouldNotRepeatTheRequirementAfterItsId() throws Exception {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();

        ConsoleSummary.print(CaptureJudge.standard().judge(Path.of("..", "captures", "wire", "mprt-bad-headers.pcap")),
            new PrintStream(out, true, StandardCharsets.UTF_8));

        assertThat(out.toString(StandardCharsets.UTF_8)).contains("  INCONCLUSIVE  MPRT-PATH-001 is judged at the sender's port;")
            .doesNotContain("MPRT-PATH-001 MPRT-PATH-001");
    }
}
