package org.mprt.ctk.verdict.captures;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.verdict.CaptureJudge;
import org.mprt.ctk.verdict.Outcome;
import org.mprt.ctk.verdict.Verdict;

/**
 * MPRT-LOSS-001 looks for the packets an ACK detects lost only below the PSN that detects them while
 * the capture shows the path's PSNs first sent in PSN order. A capture that shows a PSN before lower
 * ones is walked whole: the PSN sent early is detected lost like the ones below.
 */
class SackRetransmitOrderTest {

    @Test
    void shouldDetectAPsnCapturedBeforeLowerOnesAsLost(@TempDir final Path dir) throws Exception {
        final BehaviourCaptures b = new BehaviourCaptures();
        final CaptureFile early = CaptureFile.ethernet("early.pcap")
            .at(0, b.data(p -> { p.psn = 0; p.msn = 0; }))                                   // 1
            .at(1, b.data(p -> { p.psn = 1; p.msn = 1; }))                                   // 2
            .at(2, b.data(p -> { p.psn = 2; p.msn = 2; }))                                   // 3
            .at(3, b.data(p -> { p.psn = 3; p.msn = 3; }))                                   // 4
            .at(4, b.data(p -> { p.psn = 7; p.msn = 7; }))                                   // 5: before PSNs 4 to 6
            .at(5, b.data(p -> { p.psn = 4; p.msn = 4; }))                                   // 6
            .at(6, b.data(p -> { p.psn = 5; p.msn = 5; }))                                   // 7
            .at(7, b.data(p -> { p.psn = 6; p.msn = 6; }))                                   // 8
            .at(25, b.ack(p -> { p.cack = 0; p.sackedPsns = new int[] {4, 5, 6}; }))        // 9: detects 1 to 3 and 7 lost
            .at(60, b.data(p -> { p.psn = 8; p.msn = 8; }));                                 // 10: new data first
        early.write(dir);

        final Verdict v = CaptureJudge.standard().takenAt(List.of(InetAddress.getByName("10.0.0.1")))
            .judge(dir.resolve("early.pcap")).verdictOn("MPRT-LOSS-001").orElseThrow();

        assertThat(v.outcome()).isEqualTo(Outcome.FAIL);
        assertThat(v.frames()).containsExactly(10L);
        assertThat(v.explanation()).startsWith("frame 10: bth.psn: new PSN 8 goes out on path 0 before the retransmission"
            + " of PSN 7, which the ACK of frame 9 detected lost");
    }
}
