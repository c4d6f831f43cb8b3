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
import org.mprt.ctk.wire.opcode.OpcodeTable;

/**
 * ROCE-ACK-002 on a capture that holds a QP from its start, whose first request did not reach the
 * capture point (lost before it, or discarded for its ICRC) and came again after a later one, as
 * go-back-N resends it: the QP's count starts at the lowest PSN its requests carry, not at the first
 * one captured.
 */
class AckMsnStartTest {

    private static final int QP = 0x11;
    private static final int ANSWER_QP = 0x21;
    private static final int ACK = 0x1F;

    @TempDir
    Path dir;

    @Test
    void shouldCountFromTheLowestPsnWhenTheFirstRequestCameAgainLater() throws Exception {
        final BehaviourCaptures b = new BehaviourCaptures();
        final CaptureFile file = CaptureFile.ethernet("first-request-again.pcap");
        // PSN 0's first transmission never arrived; PSN 1 did, then PSN 0 and 1 again; both SENDs end a message.
        file.at(0, b.request(QP, OpcodeTable.RC_SEND_ONLY, 1, 8, 1))
            .at(1, b.request(QP, OpcodeTable.RC_SEND_ONLY, 0, 8, 0))
            .at(2, b.request(QP, OpcodeTable.RC_SEND_ONLY, 1, 8, 1))
            .at(3, b.acknowledge(ANSWER_QP, 1, ACK, 2));
        file.write(dir);

        final Verdict msn = CaptureJudge.standard().fromConnectionStart().takenAt(List.of(InetAddress.getByName("10.0.0.2")))
            .judge(dir.resolve(file.name())).verdictOn("ROCE-ACK-002").orElseThrow();

        assertThat(msn.outcome()).as(msn.explanation()).isEqualTo(Outcome.PASS);
        assertThat(msn.frames()).containsExactly(4L);
    }
}
