package org.mprt.ctk.verdict;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The capture from real RoCEv2 NICs in shared/captures-external (not part of the kit, so read in
 * place): no loss, no NAK, valid ICRCs. The kit must find no MUST violated, and must report the two
 * recommendations those NICs do not follow.
 */
class ExternalCaptureVerdictTest {

    static final Path CAPTURE = Path.of("..", "..", "shared", "captures-external", "oferby-proxy_roce.pcap");

    @Test
    void shouldJudgeTheRealNicCaptureFreeOfMustViolations() throws Exception {
        assumeTrue(Files.exists(CAPTURE), "shared/captures-external is absent beside the kit: " + CAPTURE.toAbsolutePath());

        final Judgement j = CaptureJudge.standard().judge(CAPTURE);

        assertThat(j.capture().frames()).isEqualTo(123);
        assertThat(j.capture().rocev2Frames()).isEqualTo(105);
        assertThat(j.capture().malformedFrames()).isZero();
        assertThat(j.anyFailed()).as("MUST violations: %s", j.verdicts()).isFalse();
        assertThat(j.verdictOn("ROCE-ICRC-001").orElseThrow().outcome()).isEqualTo(Outcome.PASS);
        assertThat(j.verdictOn("ROCE-ICRC-001").orElseThrow().checked()).isEqualTo(105);
        assertThat(j.verdictOn("ROCE-BTH-004").orElseThrow().outcome()).isEqualTo(Outcome.PASS);
        assertThat(j.verdictOn("ROCE-RETH-002").orElseThrow().outcome()).isEqualTo(Outcome.PASS);
        // Both NICs send from UDP ports 69 and 72, and one sets bit 4 of BTH byte 4.
        assertThat(j.verdictOn("ROCE-WIRE-003").orElseThrow().outcome()).isEqualTo(Outcome.FAIL);
        assertThat(j.verdictOn("ROCE-BTH-005").orElseThrow().outcome()).isEqualTo(Outcome.FAIL);
        assertThat(j.recommendationsNotFollowed()).isEqualTo(2);
    }

    /**
     * The answers of both directions take 13 to 21 us, so the kit cannot tell where the capture was
     * taken and leaves the rules of one side inconclusive; told either node, it finds the sequence
     * and acknowledgement rules kept.
     */
    @Test
    void shouldKeepTheSequenceRulesWhicheverNodeTheCaptureIsStatedAt() throws Exception {
        assumeTrue(Files.exists(CAPTURE), "shared/captures-external is absent beside the kit: " + CAPTURE.toAbsolutePath());

        final Judgement untold = CaptureJudge.standard().judge(CAPTURE);
        assertThat(untold.verdictOn("ROCE-ACK-002").orElseThrow().outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(untold.verdictOn("ROCE-ACK-002").orElseThrow().explanation()).contains("between the nodes");

        for (final String node : new String[] {"192.168.70.4", "192.168.70.6"}) {
            final Judgement j = CaptureJudge.standard().takenAt(List.of(InetAddress.getByName(node))).judge(CAPTURE);
            assertThat(j.anyFailed()).as("MUST violations at %s: %s", node, j.verdicts()).isFalse();
        }
        final Judgement atFour = CaptureJudge.standard().takenAt(List.of(InetAddress.getByName("192.168.70.4")))
            .judge(CAPTURE);
        assertThat(atFour.verdictOn("ROCE-ACK-002").orElseThrow().outcome()).isEqualTo(Outcome.PASS);
        assertThat(atFour.verdictOn("ROCE-PSN-002").orElseThrow().outcome()).isEqualTo(Outcome.PASS);
    }
}
