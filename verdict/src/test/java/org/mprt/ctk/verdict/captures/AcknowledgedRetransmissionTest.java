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
 * MPRT-LOSS-005 and the sender's reaction time: a copy of an acknowledged packet captured within the
 * judging tolerance (10 µs by default) after the ACK may have left before the sender processed that
 * ACK; one captured later may not.
 */
class AcknowledgedRetransmissionTest {

    @Test
    void shouldFailACopyOfAnAcknowledgedPacketOnlyWhenItLeftLaterThanTheToleranceAfterTheAck(@TempDir final Path dir)
        throws Exception {
        final BehaviourCaptures b = new BehaviourCaptures();
        CaptureFile.ethernet("copies.pcap")
            .at(0, b.data(p -> { p.psn = 0; p.msn = 0; }))                                         // 1
            .at(1, b.data(p -> { p.psn = 1; p.msn = 1; p.ackReq = 1; }))                           // 2
            .at(60, b.ack(p -> { p.cack = 0; }))                                                    // 3: PSN 0 acknowledged
            .at(65, b.data(p -> { p.psn = 0; p.msn = 0; p.r = 1; p.txTimestamp = 2000L; }))        // 4: 5 µs later
            .at(100, b.ack(p -> { p.cack = 1; }))                                                   // 5: PSN 1 acknowledged
            .at(120, b.data(p -> { p.psn = 1; p.msn = 1; p.r = 1; p.txTimestamp = 2001L; }))       // 6: 20 µs later
            .write(dir);

        final Verdict v = CaptureJudge.standard().takenAt(List.of(InetAddress.getByName("10.0.0.1")))
            .judge(dir.resolve("copies.pcap")).verdictOn("MPRT-LOSS-005").orElseThrow();

        assertThat(v.outcome()).isEqualTo(Outcome.FAIL);
        assertThat(v.frames()).containsExactly(6L);
        assertThat(v.explanation()).startsWith("frame 6: bth.psn: PSN 1 is retransmitted on path 0 (previous"
            + " transmission: frame 2), but the ACK of frame 5 had acknowledged it");
        assertThat(v.checked()).isEqualTo(2);
    }
}
