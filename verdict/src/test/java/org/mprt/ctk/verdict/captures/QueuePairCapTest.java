package org.mprt.ctk.verdict.captures;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mprt.ctk.verdict.captures.FrameFactory.intact;
import static org.mprt.ctk.verdict.captures.FrameFactory.none;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.verdict.CaptureJudge;
import org.mprt.ctk.verdict.Judgement;
import org.mprt.ctk.verdict.Outcome;
import org.mprt.ctk.verdict.Verdict;
import org.mprt.ctk.verdict.state.CaptureState;
import org.mprt.ctk.wire.opcode.OpcodeTable;

/**
 * The RoCEv2 rules that keep something per QP a packet is addressed to (its UDP source port, its
 * messages, its PMTU) follow at most twice the state's cap of QPs, so that a capture of ever new
 * QPs does not grow the judgement's memory; the packets of QPs past it are not judged by them.
 */
class QueuePairCapTest {

    private static final int CAP = 2 * CaptureState.MAX_DIRECTIONS;
    private static final int FIRST_QP = 0x1000;

    @Test
    void shouldJudgeThePacketsOfTheFirstQpsAndPassOverThoseOfLaterOnes(@TempDir final Path dir) throws Exception {
        final FrameFactory f = new FrameFactory();
        final CaptureFile file = CaptureFile.ethernet("qps.pcap");
        // CAP + 2 QPs, one SEND_ONLY each from port 0xC100; then a second packet from another port to
        // the first QP (followed: ROCE-WIRE-002 fails) and to the last (past the cap: not judged).
        for (int q = 0; q < CAP + 2; q++) {
            file.at(q, send(f, 0xC100, FIRST_QP + q, 0));
        }
        file.at(CAP + 2, send(f, 0xC101, FIRST_QP, 1)).at(CAP + 3, send(f, 0xC101, FIRST_QP + CAP + 1, 1));
        file.write(dir);

        final Judgement j = CaptureJudge.standard().judge(dir.resolve("qps.pcap"));

        final Verdict port = j.verdictOn("ROCE-WIRE-002").orElseThrow();
        assertThat(port.outcome()).isEqualTo(Outcome.FAIL);
        assertThat(port.violations()).isEqualTo(1);
        assertThat(port.frames()).containsExactly(CAP + 3L);
        assertThat(port.checked()).isEqualTo(CAP + 1);
        assertThat(j.verdictOn("ROCE-RETH-002").orElseThrow().checked()).isEqualTo(CAP + 1);
        // A QP's first packet has no place in its messages yet: its second alone is checked, the first QP's.
        final Verdict messages = j.verdictOn("ROCE-BTH-004").orElseThrow();
        assertThat(messages.checked()).isEqualTo(1);
        assertThat(messages.frames()).containsExactly(CAP + 3L);
    }

    private static byte[] send(final FrameFactory f, final int udpSourcePort, final int qp, final int psn) {
        return f.frame(FrameFactory.Way.A_TO_B, 0, udpSourcePort, OpcodeTable.RC_SEND_ONLY, 8, none(),
            e -> e.bth().destQp(qp).psn(psn), intact());
    }
}
