package org.mprt.ctk.verdict.captures;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.verdict.CaptureJudge;
import org.mprt.ctk.verdict.Judgement;
import org.mprt.ctk.verdict.Outcome;
import org.mprt.ctk.verdict.report.ConsoleSummary;

/**
 * The state follows at most 1024 MPRT connection directions (and 1024 RoCEv2 QP directions), so that
 * its memory does not grow with the number of connections a long capture holds: the packets of the
 * directions past the cap are still judged by the header rules, the behavioural rules do not see
 * them, and the capture summary counts them.
 */
class DirectionCapTest {

    @Test
    void shouldFollowTheFirst1024DirectionsAndCountThePacketsOfTheOthers(@TempDir final Path dir) throws Exception {
        final BehaviourCaptures b = new BehaviourCaptures();
        final CaptureFile file = CaptureFile.ethernet("cap.pcap");
        final int connections = 1030;
        for (int n = 1; n <= connections; n++) {
            final int c = n;
            file.at(n, b.data(p -> { BehaviourCaptures.connection(p, c); p.txTimestamp = 7L * c; }));
        }
        file.at(connections + 1.0, b.data(p -> { BehaviourCaptures.connection(p, connections); p.psn = 5; p.msn = 1;
            p.udpSourcePort = 0xC0F0; }));
        file.write(dir);

        final Judgement j = CaptureJudge.standard().fromConnectionStart().judge(dir.resolve("cap.pcap"));

        assertThat(j.capture().mprtFrames()).isEqualTo(connections + 1);
        assertThat(j.capture().untrackedFrames()).isEqualTo(connections - 1024 + 1);
        // The last frame skips PSNs on an untracked direction: no behavioural rule sees it.
        assertThat(j.verdictOn("MPRT-PATH-001").orElseThrow().outcome()).isNotEqualTo(Outcome.FAIL);
        assertThat(j.verdictOn("MPRT-WIRE-001").orElseThrow().checked()).isEqualTo(connections + 1);
        assertThat(j.anyFailed()).isFalse();
        // Every report says so beside the verdicts, the console summary too.
        final ByteArrayOutputStream console = new ByteArrayOutputStream();
        ConsoleSummary.print(j, new PrintStream(console, true, StandardCharsets.UTF_8));
        assertThat(console.toString(StandardCharsets.UTF_8)).contains("  " + (connections - 1024 + 1)
            + " of the MPRT and RoCEv2 frames belong to connection directions past the engine's cap of 1024 per profile"
            + " and were judged by the header rules only; the behavioural verdicts cover the first 1024 directions");
    }
}
