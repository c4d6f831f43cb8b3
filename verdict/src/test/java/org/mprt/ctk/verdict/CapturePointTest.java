package org.mprt.ctk.verdict;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the judge is told about a capture decides which rules it judges: those of a sender at the
 * sender's port, those of a receiver at the receiver's, and the first PSN of a path only when the
 * capture holds the connection's start.
 */
class CapturePointTest {

    private static final Path BEHAVIOUR = Path.of("..", "captures", "behaviour");

    private static Verdict verdict(final CaptureJudge judge, final String capture, final String requirement)
        throws Exception {
        return judge.judge(BEHAVIOUR.resolve(capture)).verdictOn(requirement).orElseThrow();
    }

    private static CaptureJudge at(final String address) throws Exception {
        return CaptureJudge.standard().takenAt(List.of(InetAddress.getByName(address)));
    }

    @Test
    void shouldJudgeTheSendersRulesOnlyWhereTheCaptureIsStatedToBeTheSender() throws Exception {
        assertThat(verdict(at("10.0.0.1"), "mprt-sender-faults.pcap", "MPRT-PATH-001").frames()).containsExactly(3L);

        final Verdict atReceiver = verdict(at("10.0.0.2"), "mprt-sender-faults.pcap", "MPRT-PATH-001");
        final Verdict untold = verdict(CaptureJudge.standard(), "mprt-sender-faults.pcap", "MPRT-PATH-001");

        assertThat(atReceiver.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(atReceiver.explanation()).contains("the receiver's port (stated");
        assertThat(untold.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(untold.explanation()).contains("state the capture point");
    }

    @Test
    void shouldCountAViolationThatNoCapturePointCanFake() throws Exception {
        final Verdict v = verdict(at("10.0.0.2"), "mprt-sender-faults.pcap", "MPRT-PATH-003");

        assertThat(v.outcome()).isEqualTo(Outcome.FAIL);
        assertThat(v.frames()).containsExactly(5L);
    }

    @Test
    void shouldHoldASecondSequenceErrorNakAgainstTheResponderOnlyAtItsOwnPort() throws Exception {
        final Verdict atResponder = verdict(at("10.0.0.2"), "rocev2-responder-faults.pcap", "ROCE-NAK-002");
        // At the requester's port a resend of the NAKed PSN may cross the first NAK and be captured before it.
        final Verdict atRequester = verdict(at("10.0.0.1"), "rocev2-responder-faults.pcap", "ROCE-NAK-002");

        assertThat(atResponder.outcome()).isEqualTo(Outcome.FAIL);
        assertThat(atResponder.frames()).containsExactly(8L);
        assertThat(atRequester.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(atRequester.explanation()).contains("the capture is at the sender's port (stated");
    }

    @Test
    void shouldInferTheSenderFromAnswersThatComeAtOnceTheOtherWay() throws Exception {
        final Judgement j = CaptureJudge.standard().judge(BEHAVIOUR.resolve("mprt-sender-clean.pcap"));

        assertThat(j.verdictOn("MPRT-LOSS-001").orElseThrow().outcome()).isEqualTo(Outcome.PASS);
        assertThat(j.verdictOn("MPRT-SACK-005").orElseThrow().outcome()).isEqualTo(Outcome.PASS);
    }

    @Test
    void shouldJudgeAPathsFirstPsnOnlyWhenTheCaptureHoldsTheConnectionsStart() throws Exception {
        final CaptureJudge atSender = at("10.0.0.1");

        final Verdict fromMiddle = verdict(atSender, "mprt-mid-connection.pcap", "MPRT-PATH-001");
        final Verdict fromStart = verdict(atSender.fromConnectionStart(), "mprt-mid-connection.pcap", "MPRT-PATH-001");

        assertThat(fromMiddle.outcome()).isEqualTo(Outcome.PASS);
        assertThat(fromStart.outcome()).isEqualTo(Outcome.FAIL);
        assertThat(fromStart.explanation()).startsWith("frame 1: bth.psn: expected 0");
    }
}
