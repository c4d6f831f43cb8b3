package org.mprt.ctk.verdict.captures;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mprt.ctk.verdict.captures.BehaviourCaptures.connection;

import java.net.InetAddress;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.verdict.CaptureJudge;
import org.mprt.ctk.verdict.Judgement;
import org.mprt.ctk.verdict.Outcome;
import org.mprt.ctk.verdict.Verdict;

/**
 * The periodic scans for overdue packets (MPRT-LOSS-006, MPRT-FAIL-002) let go of a connection
 * direction whose packets owed wait only for ACK progress, and take it back with the frame that
 * brings that progress: connection 1's PSN 0 of path 0 is never answered; long after its bounds
 * have passed, with no ACK progress yet, path 1 makes progress (frame 203); the next scan finds the
 * packet overdue (frame 1) before A re-sprays it (frame 224). Connection 2 keeps the capture going
 * meanwhile, so that the scans run.
 */
class QuietDirectionTest {

    @Test
    void findsAPacketOverdueOnceProgressComesToADirectionLongQuiet(@TempDir final Path dir) throws Exception {
        final BehaviourCaptures b = new BehaviourCaptures();
        final CaptureFile file = CaptureFile.ethernet("quiet-direction.pcap")
            .at(0, b.data(p -> { }))                                                                  // 1: never answered
            .at(1, b.data(p -> { p.plane = 1; p.pathId = 1; p.msn = 1; }));                           // 2
        for (int k = 0; k < 120; k++) {
            final int psn = k;
            file.at(5 + 100 * k, b.data(p -> { connection(p, 2); p.psn = psn; p.msn = psn; p.ackReq = 1; }));
            file.at(25 + 100 * k, b.ack(p -> { connection(p, 2); p.cack = psn; p.echoTimestamp = 1000L + psn; }));
        }
        file.at(10_000, b.ack(p -> { p.plane = 1; p.pathId = 1; }))                                  // 203: progress
            .at(11_000, b.data(p -> { p.plane = 1; p.pathId = 1; p.psn = 1; p.r = 1; p.ackReq = 1; })) // 224: re-spray
            .at(11_020, b.ack(p -> { p.plane = 1; p.pathId = 1; p.cack = 1; }));
        file.inTimeOrder().write(dir);

        final Judgement j = CaptureJudge.standard()
            .takenAt(List.of(InetAddress.getByName("10.0.0.1"), InetAddress.getByName("10.1.0.1")))
            .judge(dir.resolve(file.name()));

        for (final String id : List.of("MPRT-LOSS-006", "MPRT-FAIL-002")) {
            final Verdict v = j.verdictOn(id).orElseThrow();
            assertThat(v.outcome()).as(v.explanation()).isEqualTo(Outcome.FAIL);
            assertThat(v.frames()).as(v.explanation()).containsExactly(1L);
        }
    }
}
