package org.mprt.ctk.verdict.rule;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.mprt.ctk.verdict.Outcome;
import org.mprt.ctk.verdict.Verdict;
import org.mprt.ctk.verdict.state.CaptureSide;
import org.mprt.ctk.verdict.state.Direction;
import org.mprt.ctk.verdict.state.Directions;

class SidedEvidenceTest {

    private static Verdict verdict(final SidedEvidence e) {
        return e.verdict(n -> n + " checked", "nothing");
    }

    @Test
    void shouldJudgeOnlyDirectionsCapturedWhereTheRuleIsJudged() {
        final SidedEvidence e = new SidedEvidence("MPRT-PATH-001", JudgedAt.SENDER, false, false);
        final Direction atSender = Directions.placed("a", CaptureSide.SENDER, true);
        final Direction atReceiver = Directions.placed("b", CaptureSide.RECEIVER, true);
        e.of(atSender).conforming(3);
        e.of(atReceiver).violation(7, "a gap that is only a loss on the way");

        final Verdict v = verdict(e);

        assertThat(v.outcome()).isEqualTo(Outcome.PASS);
        assertThat(v.frames()).containsExactly(3L);
    }

    @Test
    void shouldBeInconclusiveWithTheReasonWhenNoDirectionIsCapturedWhereTheRuleIsJudged() {
        final SidedEvidence e = new SidedEvidence("MPRT-SACK-003", JudgedAt.RECEIVER, false, false);
        e.of(Directions.placed("a", CaptureSide.BETWEEN, true)).conforming(4);

        final Verdict v = verdict(e);

        assertThat(v.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(v.explanation()).contains("judged at the receiver's port").contains("a point between the nodes");
    }

    @Test
    void shouldCountAViolationSeenElsewhereWhenTheRuleSaysItIsCertainAnywhere() {
        final SidedEvidence e = new SidedEvidence("MPRT-PATH-003", JudgedAt.SENDER, true, false);
        e.of(Directions.placed("a", CaptureSide.RECEIVER, true)).violation(9, "another plane");
        e.of(Directions.placed("b", CaptureSide.SENDER, true)).violation(12, "another plane again");

        final Verdict v = verdict(e);

        assertThat(v.outcome()).isEqualTo(Outcome.FAIL);
        assertThat(v.frames()).containsExactly(9L, 12L);
        assertThat(v.explanation()).startsWith("frame 9: another plane");
    }

    @Test
    void shouldSetAsideADirectionCapturedFromMidConnectionWhenTheRuleNeedsItsStart() {
        final SidedEvidence e = new SidedEvidence("MPRT-STREAM-003", JudgedAt.RECEIVER, false, true);
        e.of(Directions.placed("a", CaptureSide.RECEIVER, false)).violation(2, "bytes before the capture");

        final Verdict v = verdict(e);

        assertThat(v.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(v.explanation()).contains("needs its beginning");
    }

    @Test
    void shouldJudgeSenderAndReceiverRulesOnADirectionCapturedAtBothEnds() {
        final SidedEvidence sender = new SidedEvidence("MPRT-PATH-001", JudgedAt.SENDER, false, false);
        final SidedEvidence receiver = new SidedEvidence("MPRT-SACK-003", JudgedAt.RECEIVER, false, false);
        final Direction onLoopback = Directions.placed("lo", CaptureSide.BOTH_ENDS, true);
        sender.of(onLoopback).violation(5, "a PSN skipped");
        receiver.of(onLoopback).conforming(6);

        assertThat(verdict(sender).outcome()).isEqualTo(Outcome.FAIL);
        assertThat(verdict(receiver).outcome()).isEqualTo(Outcome.PASS);
    }
}
