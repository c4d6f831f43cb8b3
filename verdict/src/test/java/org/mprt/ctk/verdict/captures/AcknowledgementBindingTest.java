package org.mprt.ctk.verdict.captures;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.IntUnaryOperator;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.pcap.CaptureReader;
import org.mprt.ctk.verdict.CaptureJudge;
import org.mprt.ctk.verdict.Judgement;
import org.mprt.ctk.verdict.Outcome;
import org.mprt.ctk.verdict.Verdict;
import org.mprt.ctk.verdict.rule.Judge;
import org.mprt.ctk.verdict.state.CapturePoint;
import org.mprt.ctk.verdict.state.CaptureState;
import org.mprt.ctk.verdict.state.QueuePairDirection;
import org.mprt.ctk.verdict.state.Timers;
import org.mprt.ctk.wire.opcode.OpcodeTable;

/**
 * A RoCEv2 acknowledgement names the requester's QP, which no request carries: the state binds it to
 * the requests of its address pair that it answers. Several QPs between two hosts whose PSNs run
 * alike leave it ambiguous; it is tried again at its QP's 2nd, 4th, 8th, ... acknowledgement, or at
 * once when another QP of the pair was bound in between.
 */
class AcknowledgementBindingTest {

    private static final int ACK = 0x1F;
    /** B's QPs that A's requests go to. */
    private static final int QP_1 = 0x11;
    private static final int QP_2 = 0x12;
    /** A's QPs that B's acknowledgements go to. */
    private static final int ANSWER_X = 0x21;
    private static final int ANSWER_Y = 0x22;

    /** Node A's and node B's addresses on plane 0, as the frames carry them. */
    private static final String A = "10.0.0.1";
    private static final String B = "10.0.0.2";

    @TempDir
    Path dir;

    @Test
    void shouldBindEachAcknowledgementAtItsFirstSightWhenOneQpHoldsItsPsn() throws Exception {
        final BehaviourCaptures b = new BehaviourCaptures();
        final CaptureFile file = CaptureFile.ethernet("distinct.pcap");
        file.at(0, request(b, QP_1, 100)).at(1, request(b, QP_2, 5000))
            .at(10, b.acknowledge(ANSWER_Y, 5000, ACK, 1)).at(11, b.acknowledge(ANSWER_X, 100, ACK, 1));

        final Map<Integer, QueuePairDirection> byQp = judged(file);

        assertThat(byQp.get(QP_1).answerQp()).isEqualTo(ANSWER_X);
        assertThat(byQp.get(QP_2).answerQp()).isEqualTo(ANSWER_Y);
    }

    @Test
    void shouldTryAnAmbiguousAcknowledgementAgainAtItsSecondFourthAndEighth() throws Exception {
        final BehaviourCaptures b = new BehaviourCaptures();
        final CaptureFile file = CaptureFile.ethernet("alike.pcap");
        // Both QPs send PSNs 0 to 7; QP_1 goes on to 12 alone.
        double t = alike(b, file, 7);
        for (int psn = 8; psn <= 12; psn++) {
            file.at(t++, request(b, QP_1, psn));
        }
        // X's acknowledgements 1 to 5 name PSNs both hold; 6 to 8 PSNs that QP_1 alone holds.
        final int[] psns = {1, 2, 3, 4, 5, 11, 12, 10};
        for (int k = 0; k < psns.length; k++) {
            file.at(t++, b.acknowledge(ANSWER_X, psns[k], ACK, k + 1));
        }

        final QueuePairDirection first = judged(file).get(QP_1);

        // Tried at the 1st, 2nd and 4th (ambiguous), not at the 6th and 7th: bound at the 8th, which alone it learnt from.
        assertThat(first.answerQp()).isEqualTo(ANSWER_X);
        assertThat(first.acknowledgedUpTo()).isEqualTo(10);
    }

    @Test
    void shouldTryAnAmbiguousAcknowledgementAgainOnceAnotherQpOfItsPairIsBound() throws Exception {
        final BehaviourCaptures b = new BehaviourCaptures();
        final CaptureFile file = CaptureFile.ethernet("bound-between.pcap");
        double t = alike(b, file, 3);
        file.at(t++, request(b, QP_1, 9))
            .at(t++, b.acknowledge(ANSWER_X, 1, ACK, 1))      // ambiguous: tried, its next try at its 4th
            .at(t++, b.acknowledge(ANSWER_X, 2, ACK, 2))      // ambiguous: tried
            .at(t++, b.acknowledge(ANSWER_Y, 9, ACK, 1))      // QP_1 alone holds 9: Y is bound to QP_1
            .at(t++, b.acknowledge(ANSWER_X, 3, ACK, 3));     // its 3rd, tried at once: QP_2 is the one left

        final Map<Integer, QueuePairDirection> byQp = judged(file);

        assertThat(byQp.get(QP_1).answerQp()).isEqualTo(ANSWER_Y);
        assertThat(byQp.get(QP_2).answerQp()).isEqualTo(ANSWER_X);
        assertThat(byQp.get(QP_2).acknowledgedUpTo()).isEqualTo(3);
    }

    @Test
    void shouldCallARuleThatFollowsAnswersInconclusiveWhenNoneCouldBeBound() throws Exception {
        final BehaviourCaptures b = new BehaviourCaptures();
        final CaptureFile file = CaptureFile.ethernet("unbound.pcap");
        double t = alike(b, file, 3);
        file.at(t++, b.acknowledge(ANSWER_X, 1, ACK, 2)).at(t++, b.acknowledge(ANSWER_Y, 1, ACK, 2))
            .at(t++, b.acknowledge(ANSWER_X, 3, ACK, 4)).at(t++, b.acknowledge(ANSWER_Y, 3, ACK, 4));
        file.write(dir);

        final Judgement j = CaptureJudge.standard().fromConnectionStart().judge(dir.resolve(file.name()));

        // The capture holds acknowledgements to judge; it cannot tell whose requests they answer.
        final Verdict msn = j.verdictOn("ROCE-ACK-002").orElseThrow();
        assertThat(msn.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(msn.explanation()).isEqualTo("frame 9: the acknowledgement to QP 0x21 at " + A + " cannot be bound to"
            + " the requests it answers: 2 QPs from " + A + " to " + B + " have requests no acknowledgement is bound to,"
            + " and several hold its PSN 1 (their PSNs run alike)");
        assertThat(msn.frames()).containsExactly(9L);
        // A rule about NAKs is not made inconclusive by ACKs: there is no NAK to judge.
        assertThat(j.verdictOn("ROCE-GBN-001").orElseThrow().outcome()).isEqualTo(Outcome.NOT_APPLICABLE);
    }

    @Test
    void shouldLeaveARuleNotApplicableWhenTheAcknowledgementsAnswerNoCapturedRequest() throws Exception {
        final BehaviourCaptures b = new BehaviourCaptures();
        final CaptureFile file = CaptureFile.ethernet("answering-nothing.pcap");
        double t = alike(b, file, 3);
        // PSNs no QP of the pair sent: tried at the 1st and 2nd, passed over at the 3rd, and none of them ambiguous.
        for (int psn = 100; psn <= 102; psn++) {
            file.at(t++, b.acknowledge(ANSWER_X, psn, ACK, psn));
        }
        file.write(dir);

        final Judgement j = CaptureJudge.standard().fromConnectionStart().judge(dir.resolve(file.name()));

        assertThat(j.verdictOn("ROCE-ACK-002").orElseThrow().outcome()).isEqualTo(Outcome.NOT_APPLICABLE);
    }

    @Test
    void shouldBindQpsWhosePsnsRunAlikeByTheUdpSourcePortBothEndsOfEachUse() throws Exception {
        final CaptureFile file = CaptureFile.ethernet("alike-shared-ports.pcap");
        alikeWithPorts(file, 5, qp -> port(qp), qp -> port(qp));

        final Map<Integer, QueuePairDirection> byQp = judged(file);

        int byPort = 0;
        for (int k = 0; k < 5; k++) {
            final QueuePairDirection d = byQp.get(0x100 + k);
            assertThat(d.answerQp()).as("QP 0x%x", 0x100 + k).isEqualTo(0x200 + k);
            assertThat(d.acknowledgedUpTo()).isEqualTo(3);
            if (d.isBoundByPort()) {
                byPort++;
                assertThat(d.label()).isEqualTo(String.format("QP 0x%06x at %s (requests from %s; its acknowledgements,"
                    + " to QP 0x%06x, told by the UDP source port %d both ends use)", 0x100 + k, B, A, 0x200 + k, port(0x100 + k)));
            }
        }
        // The fourth acknowledgement key shows the ports; the last QP left unbound is bound as the one left.
        assertThat(byPort).isEqualTo(4);
        // The rules that follow answers judge them: every ACK's MSN counts the messages of its own QP.
        final Judgement j = atResponder().judge(dir.resolve(file.name()));
        final Verdict msn = j.verdictOn("ROCE-ACK-002").orElseThrow();
        assertThat(msn.outcome()).isEqualTo(Outcome.PASS);
        // 20 ACKs, less the first three, which came before four keys had shown the ports.
        assertThat(msn.checked()).isEqualTo(17);
    }

    @Test
    void shouldFindAnAcknowledgementWithAnotherQpsCountWhenBoundByPort() throws Exception {
        final CaptureFile file = CaptureFile.ethernet("alike-shared-ports-wrong-msn.pcap");
        double t = alikeWithPorts(file, 5, qp -> port(qp), qp -> port(qp));
        final BehaviourCaptures b = new BehaviourCaptures();
        // QP 0x101's requests end a fifth message; its ACK counts six.
        file.at(t++, b.requestFrom(port(0x101), 0x101, 4)).at(t, b.acknowledgeFrom(port(0x101), 0x201, 4, ACK, 6));
        file.write(dir);

        final Judgement j = atResponder().judge(dir.resolve(file.name()));
        final Verdict msn = j.verdictOn("ROCE-ACK-002").orElseThrow();

        assertThat(msn.outcome()).isEqualTo(Outcome.FAIL);
        assertThat(msn.explanation()).startsWith("frame 42: roce.aeth.msn: expected 5");
        // The reports' list of directions says how the acknowledgements were bound.
        assertThat(j.directions()).anySatisfy(d -> assertThat(d.direction())
            .startsWith("QP 0x000101 at " + B).endsWith("told by the UDP source port " + port(0x101) + " both ends use)"));
    }

    @Test
    void shouldNotBindByPortWhereFewerThanFourAcknowledgementKeysShowThePorts() throws Exception {
        final CaptureFile file = CaptureFile.ethernet("alike-three-shared-ports.pcap");
        alikeWithPorts(file, 3, qp -> port(qp), qp -> port(qp));

        assertThat(judged(file).values()).allSatisfy(d -> assertThat(d.answerQp()).isEqualTo(-1));
    }

    @Test
    void shouldNotBindByPortWhereEachEndPicksAPortOfItsOwn() throws Exception {
        final CaptureFile file = CaptureFile.ethernet("alike-own-ports.pcap");
        // Requests from ports of their own, acknowledgements from others: no acknowledgement's port is a request's.
        alikeWithPorts(file, 5, qp -> port(qp), qp -> port(qp) + 0x80);

        assertThat(judged(file).values()).allSatisfy(d -> assertThat(d.answerQp()).isEqualTo(-1));
    }

    @Test
    void shouldNotBindByPortOnceAnAcknowledgementBoundByItsPsnCameFromAnotherPort() throws Exception {
        final BehaviourCaptures b = new BehaviourCaptures();
        final CaptureFile file = CaptureFile.ethernet("alike-contradicted-ports.pcap");
        // QP 0x1FF alone sends PSN 500, and its ACK comes from another port than its request: the pair's
        // stack does not give both ends one port, whatever the QPs whose PSNs run alike seem to show.
        file.at(0, b.requestFrom(port(0x1FF), 0x1FF, 500)).at(1, b.acknowledgeFrom(port(0x1FF) + 1, 0x2FF, 500, ACK, 1));
        alikeWithPorts(file, 5, qp -> port(qp), qp -> port(qp));

        final Map<Integer, QueuePairDirection> byQp = judged(file);

        assertThat(byQp.get(0x1FF).answerQp()).isEqualTo(0x2FF);
        for (int k = 0; k < 5; k++) {
            assertThat(byQp.get(0x100 + k).answerQp()).isEqualTo(-1);
        }
    }

    /** Judged at B, the responder: the rules of acknowledgements are judged at its port. */
    private static CaptureJudge atResponder() throws Exception {
        return CaptureJudge.standard().fromConnectionStart().takenAt(List.of(InetAddress.getByName(B)));
    }

    /** A UDP source port per connection, as a stack that derives it from both QP numbers gives both ends. */
    private static int port(final int responderQp) {
        return 0xC000 + responderQp * 7 % 0x3FFF;
    }

    /**
     * QPs 0x100 + k (k below {@code qps}) receive PSNs 0 to 3 in turn, a SEND_ONLY each, from the port
     * {@code requestPort} gives; then B acknowledges each PSN of each QP to QP 0x200 + k, from the port
     * {@code answerPort} gives. Times start 10 µs after the frames the file holds; returns the time after them.
     */
    private static double alikeWithPorts(final CaptureFile file, final int qps, final IntUnaryOperator requestPort,
                                         final IntUnaryOperator answerPort) {
        final BehaviourCaptures b = new BehaviourCaptures();
        double t = 10;
        for (int psn = 0; psn <= 3; psn++) {
            for (int k = 0; k < qps; k++) {
                file.at(t++, b.requestFrom(requestPort.applyAsInt(0x100 + k), 0x100 + k, psn));
            }
        }
        for (int psn = 0; psn <= 3; psn++) {
            for (int k = 0; k < qps; k++) {
                file.at(t++, b.acknowledgeFrom(answerPort.applyAsInt(0x100 + k), 0x200 + k, psn, ACK, psn + 1));
            }
        }
        return t;
    }

    /** Requests of QP_1 and QP_2 in turn, PSNs 0 to {@code upTo}, one microsecond apart; returns the time after them. */
    private static double alike(final BehaviourCaptures b, final CaptureFile file, final int upTo) {
        double t = 0;
        for (int psn = 0; psn <= upTo; psn++) {
            file.at(t++, request(b, QP_1, psn)).at(t++, request(b, QP_2, psn));
        }
        return t;
    }

    private static byte[] request(final BehaviourCaptures b, final int qp, final int psn) {
        return b.request(qp, OpcodeTable.RC_SEND_ONLY, psn, 8, 0);
    }

    /** The capture's request directions after a pass with no rule, by the responder QP they go to. */
    private Map<Integer, QueuePairDirection> judged(final CaptureFile file) throws Exception {
        file.write(dir);
        final CaptureState state = new CaptureState(CapturePoint.inferred(), false, Timers.defaults());
        try (CaptureReader reader = CaptureReader.open(dir.resolve(file.name()))) {
            Judge.run(reader, List.of(), state);
        }
        return state.roceDirections().stream().collect(Collectors.toMap(QueuePairDirection::destQp, Function.identity()));
    }
}
