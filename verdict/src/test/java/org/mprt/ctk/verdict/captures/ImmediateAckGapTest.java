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
 * MPRT-SACK-006 decides whether an arrival lies beyond a gap from the PSNs between the receiver's
 * cack and it. A PSN that only an ACK's SACK bit covered (its arrival is not in the capture) is no
 * longer covered once a later ACK leaves it out: an arrival after that ACK is beyond a gap, however
 * the PSNs walked under the earlier ACK were found.
 */
class ImmediateAckGapTest {

    @Test
    void shouldFindTheGapAnAckNoLongerCovers(@TempDir final Path dir) throws Exception {
        final BehaviourCaptures b = new BehaviourCaptures();
        final CaptureFile gap = CaptureFile.ethernet("gap.pcap")
            .at(0, b.data(p -> { p.psn = 0; p.msn = 0; }))                                   // 1
            .at(1, b.data(p -> { p.psn = 1; p.msn = 1; }))                                   // 2
            .at(2, b.data(p -> { p.psn = 2; p.msn = 2; }))                                   // 3
            .at(3, b.ack(p -> { p.cack = 1; p.sackedPsns = new int[] {3}; }))               // 4: PSN 3 SACKed, never captured
            .at(4, b.data(p -> { p.psn = 4; p.msn = 4; }))                                   // 5: no gap while PSN 3 is SACKed
            .at(5, b.ack(p -> p.cack = 2))                                                   // 6: PSN 3 left out
            .at(6, b.data(p -> { p.psn = 5; p.msn = 5; }))                                   // 7: beyond the gap at PSN 3
            .at(100, b.data(p -> { p.psn = 6; p.msn = 6; }));                                // 8
        gap.write(dir);

        final Verdict v = CaptureJudge.standard().takenAt(List.of(InetAddress.getByName("10.0.0.2")))
            .judge(dir.resolve("gap.pcap")).verdictOn("MPRT-SACK-006").orElseThrow();

        assertThat(v.outcome()).isEqualTo(Outcome.FAIL);
        assertThat(v.frames()).containsExactly(7L);
        assertThat(v.explanation()).startsWith("frame 7: bth.psn: PSN 5 arrived on path 0 beyond a gap (PSN 3 had not arrived)");
    }
}
