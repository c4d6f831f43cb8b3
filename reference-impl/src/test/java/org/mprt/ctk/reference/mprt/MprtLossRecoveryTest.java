package org.mprt.ctk.reference.mprt;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.reference.harness.Frame;
import org.mprt.ctk.reference.harness.MprtPair;
import org.mprt.ctk.reference.mprt.path.PathState;
import org.mprt.ctk.wire.opcode.OpcodeTable;
import org.mprt.ctk.wire.sequence.SerialNumber;

/** mprt-v0.1.md section 9: loss detected by SACK or by timeout, repaired on the path that lost it. */
class MprtLossRecoveryTest {

    private static List<Frame> data(final MprtPair pair) {
        return pair.framesFrom("A").stream().filter(Frame::isMprtData).toList();
    }

    private static List<Frame> retransmissions(final MprtPair pair, final int pathId) {
        return data(pair).stream().filter(f -> f.mdeth().r() == 1 && f.pathId() == pathId).toList();
    }

    @Test
    void shouldRetransmitASackDetectedLossOnItsOwnPathWithTheSamePsnAndROne() {
        final MprtPair pair = MprtPair.builder().build();
        pair.fabric.dropIf(f -> f.isMprtData() && f.node().equals("A") && f.pathId() == 0 && f.psn() == 2
            && f.mdeth().r() == 0);
        pair.writeAll(1);
        pair.awaitCompletionsAtA(1, 10_000_000);

        final Frame original = data(pair).stream().filter(f -> f.pathId() == 0 && f.psn() == 2).findFirst().orElseThrow();
        final long originalOffset = original.mdeth().messageOffset();
        assertThat(data(pair).stream().filter(f -> f.mdeth().r() == 1)).singleElement().satisfies(retransmission -> {
            assertThat(retransmission.pathId()).isZero();
            assertThat(retransmission.psn()).isEqualTo(2);
            assertThat(retransmission.mdeth().messageOffset()).isEqualTo(originalOffset);
            assertThat(retransmission.decoded().bth().ackReq()).isEqualTo(1);
            final Frame detectingAck = pair.framesFrom("B").stream()
                .filter(a -> a.is(OpcodeTable.MPRT_ACK) && a.pathId() == 0 && a.psn() == 1 && a.maeth().sackBit(1) == 1)
                .findFirst().orElseThrow();
            // The retransmission leaves in the event where that ACK reaches A, after its two hops of 1 us.
            final long ackArrivalNs = retransmission.timeNs();
            assertThat(ackArrivalNs - detectingAck.timeNs()).isBetween(2_000L, 2_500L);
            final boolean newDataBetween = data(pair).stream().anyMatch(f -> f.pathId() == 0 && f.mdeth().r() == 0
                && f.timeNs() >= ackArrivalNs && f.timeNs() < retransmission.timeNs());
            assertThat(newDataBetween).isFalse();
        });
        assertThat(pair.destination.checksum()).isEqualTo(pair.source.checksum());
    }

    @Test
    void shouldNeverResendAPsnAnEarlierAckAcknowledgedNorGoBackN() {
        final MprtPair pair = MprtPair.builder().regionBytes(1 << 20).pmtu(4096).seed(11).build();
        pair.fabric.randomLoss(0.05, f -> true);
        pair.writeAll(1);
        pair.awaitCompletionsAtA(1, 1_000_000_000);
        final List<Frame> acks = pair.framesFrom("B").stream().filter(f -> f.is(OpcodeTable.MPRT_ACK)).toList();

        long retransmitted = 0;
        for (final Frame frame : data(pair)) {
            if (frame.mdeth().r() == 0) {
                continue;
            }
            retransmitted++;
            for (final Frame ack : acks) {
                if (ack.pathId() == frame.pathId() && ack.timeNs() + 10_000 < frame.timeNs()) {
                    assertThat(acknowledges(ack, frame.psn())).as("PSN %d of path %d resent after %s", frame.psn(),
                        frame.pathId(), ack).isFalse();
                }
            }
        }
        assertThat(retransmitted).isPositive().isLessThanOrEqualTo(pair.fabric.dropped());
        assertThat(pair.destination.checksum()).isEqualTo(pair.source.checksum());
    }

    private static boolean acknowledges(final Frame ack, final int psn) {
        final int d = SerialNumber.distance24(ack.psn(), psn);
        return d == 0 || d > SerialNumber.HALF_24 || d <= 256 && ack.maeth().sackBit(d - 1) == 1;
    }

    @Test
    void shouldTimeOutAtTheDoublingRtoTimesThenFailThePath() {
        final MprtPair pair = MprtPair.builder().regionBytes(16 * 1024).build();
        pair.fabric.dropIf(f -> f.is(OpcodeTable.MPRT_ACK) && f.pathId() == 0);
        pair.writeAll(1);
        pair.scheduler.runUntil(1_000);
        final long t0 = data(pair).stream().filter(f -> f.pathId() == 0).findFirst().orElseThrow().timeNs();
        final int oldestPsn = 0;

        pair.scheduler.runUntil(t0 + 100_000 - 1);
        assertThat(pair.ab.sender().path(0).state()).isEqualTo(PathState.ACTIVE);
        pair.scheduler.runUntil(t0 + 100_000);
        assertThat(pair.ab.sender().path(0).state()).isEqualTo(PathState.SUSPECT);
        pair.scheduler.runUntil(t0 + 700_000 - 1);
        assertThat(pair.ab.sender().path(0).state()).isEqualTo(PathState.SUSPECT);
        pair.scheduler.runUntil(t0 + 700_000);
        assertThat(pair.ab.sender().path(0).state()).isEqualTo(PathState.FAILED);

        assertThat(retransmissions(pair, 0)).extracting(Frame::timeNs).containsExactly(t0 + 100_000, t0 + 300_000);
        assertThat(retransmissions(pair, 0)).extracting(Frame::psn).containsOnly(oldestPsn);
        assertThat(pair.awaitCompletionsAtA(1, 2_000_000)).hasSize(1);
        final long sentOnPathZero = data(pair).stream().filter(f -> f.pathId() == 0 && f.mdeth().r() == 0).count();
        final List<Frame> resprayed = data(pair).stream().filter(f -> f.pathId() != 0 && f.mdeth().r() == 1).toList();
        assertThat(resprayed).hasSize((int) sentOnPathZero).allSatisfy(f -> assertThat(f.timeNs()).isLessThan(t0 + 701_000));
        assertThat(pair.destination.checksum()).isEqualTo(pair.source.checksum());
    }

    @Test
    void shouldTimeOutAfterTheRtoTheSamplesGive() {
        final MprtPair pair = MprtPair.builder().regionBytes(16 * 1024).build();
        pair.writeAll(1);
        pair.awaitCompletionsAtA(1, 1_000_000);
        assertThat(pair.ab.sender().path(0).rtt().hasSample()).isTrue();
        assertThat(pair.ab.sender().path(0).rtt().rtoNs()).isEqualTo(MprtConfig.defaults().rtoMinNs());

        pair.fabric.dropIf(f -> f.is(OpcodeTable.MPRT_ACK) && f.pathId() == 0);
        final long start = pair.scheduler.nowNs();
        pair.writeAll(2);
        pair.scheduler.runFor(60_000);
        final long t0 = data(pair).stream().filter(f -> f.pathId() == 0 && f.timeNs() >= start).findFirst().orElseThrow()
            .timeNs();
        assertThat(retransmissions(pair, 0)).extracting(Frame::timeNs).containsExactly(t0 + 50_000);
    }
}
