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

        assertThat(out.toString(StandardCharsets.UTF_8).lines().skip(1).limit(2))
            .containsExactly("  judged with the spec's defaults (no PICS), JUDGING_TOLERANCE 10000 ns", "  capture point: 2 directions at both ends at once (a capture on the one host of both nodes, as on"
                + " loopback) (why: verdict.json, verdict.html)");
    }

    @Test
    void shouldSayWhichPicsJudgedTheCapture(@org.junit.jupiter.api.io.TempDir final Path dir) throws Exception {
        final Path pics = dir.resolve("own.yaml");
        java.nio.file.Files.writeString(pics, java.nio.file.Files.readString(Path.of("..", "spec", "pics",
            "reference-mprt.yaml")).replace("judgingToleranceNs: 10000", "judgingToleranceNs: 25000"));
        final ByteArrayOutputStream out = new ByteArrayOutputStream();

        ConsoleSummary.print(CaptureJudge.declaring(org.mprt.ctk.pics.Pics.load(pics)).judge(Path.of("..", "captures",
            "wire", "mprt-bad-headers.pcap")), new PrintStream(out, true, StandardCharsets.UTF_8));

        assertThat(out.toString(StandardCharsets.UTF_8)).contains("  judged with the PICS " + pics
            + " of mprt-ctk reference implementation 0.1.0-SNAPSHOT, JUDGING_TOLERANCE 25000 ns\n");
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
