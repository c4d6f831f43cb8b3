package org.mprt.ctk.verdict.captures;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.verdict.CaptureJudge;
import org.mprt.ctk.verdict.Judgement;
import org.mprt.ctk.verdict.Outcome;

/**
 * A snap length that cuts an ACK before its headers end hides what the ACK said: the rules that rest
 * on having seen every answer do not hold the unread ACK's absence against the receiver.
 */
class CutAnswerTest {

    @Test
    void shouldNotFailTheReceiverForAnAckTheSnapLengthMadeUnreadable(@TempDir final Path dir) throws Exception {
        final BehaviourCaptures b = new BehaviourCaptures();
        // The ACK carries four stream records: 14 + 20 + 8 + 12 + 48 + 32 + 4 = 138 bytes, over a snap length of 128.
        final CaptureFile whole = CaptureFile.ethernet("whole.pcap")
            .at(0, b.data(p -> p.ackReq = 1))
            .at(0.5, b.ack(p -> p.streamRecords = new int[][] {{0, 1}, {1, 0}, {2, 0}, {3, 0}}))
            .at(30, b.data(p -> { p.psn = 1; p.msn = 1; }));
        whole.write(dir);
        BehaviourCaptures.snapped("cut.pcap", whole).write(dir);
        final CaptureJudge atB = CaptureJudge.standard().takenAt(List.of(InetAddress.getByName("10.0.0.2")));

        final Judgement j = atB.judge(dir.resolve("whole.pcap"));
        final Judgement cut = atB.judge(dir.resolve("cut.pcap"));

        assertThat(j.verdictOn("MPRT-SACK-006").orElseThrow().outcome()).isEqualTo(Outcome.PASS);
        assertThat(cut.capture().snappedFrames()).isEqualTo(3);
        for (final String id : List.of("MPRT-SACK-006", "MPRT-SACK-007", "MPRT-STREAM-005")) {
            assertThat(cut.verdictOn(id).orElseThrow().outcome()).as(id).isNotEqualTo(Outcome.FAIL);
        }
        assertThat(cut.verdictOn("MPRT-SACK-006").orElseThrow().outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(cut.verdictOn("MPRT-SACK-006").orElseThrow().explanation()).contains("cut 1 frames short");
    }
}
