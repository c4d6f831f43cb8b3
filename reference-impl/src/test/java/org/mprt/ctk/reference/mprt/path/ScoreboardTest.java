package org.mprt.ctk.reference.mprt.path;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.reference.mprt.sack.SackBitmap;
import org.mprt.ctk.reference.mprt.stream.OutboundStreams;
import org.mprt.ctk.reference.mprt.stream.Segment;
import org.mprt.ctk.reference.verbs.MemoryRegistry;
import org.mprt.ctk.reference.verbs.WorkOpcode;
import org.mprt.ctk.wire.sequence.SerialNumber;

/** mprt-v0.1.md section 9.1: acknowledgement by cack and bitmap, and loss detection by SACK. */
class ScoreboardTest {

    private final Scoreboard scoreboard = new Scoreboard();
    private final OutboundStreams streams = new OutboundStreams(1, 256);
    private final SentPacket[] lost = new SentPacket[Scoreboard.CAPACITY];
    private int nextPsn;

    ScoreboardTest() {
        final var region = new MemoryRegistry(new java.util.SplittableRandom(1)).register(64 * 1024);
        streams.post(WorkOpcode.RDMA_WRITE, 1, 0, region, 0, 64 * 1024, 0, 0);
    }

    private SentPacket send(final long nowNs) {
        final Segment segment = streams.cut();
        final SentPacket packet = scoreboard.append(nextPsn, segment);
        nextPsn = SerialNumber.add24(nextPsn, 1);
        packet.onTransmitted(nowNs, nextPsn);
        return packet;
    }

    /** Applies an ACK as the sender does: acknowledge, then detect losses; returns the number lost. */
    private int ack(final int cack, final SackBitmap bitmap, final int threshold) {
        scoreboard.acknowledge(cack, bitmap, true, p -> { });
        return scoreboard.detectLosses(cack, bitmap, threshold, lost);
    }

    private static SackBitmap bits(final int... indexes) {
        final SackBitmap bitmap = new SackBitmap();
        for (final int i : indexes) {
            bitmap.set(i);
        }
        return bitmap;
    }

    @Test
    void shouldNotResendAPacketALaterAckAcknowledgedAfterItWasFoundLost() {
        final SentPacket first = send(0);
        final SentPacket second = send(0);
        for (int i = 0; i < 4; i++) {
            send(0);
        }
        assertThat(ack(SerialNumber.MASK_24, bits(2, 3, 4, 5), 3)).as("PSNs 0 and 1, three later PSNs SACKed").isEqualTo(2);
        second.markRtoRetransmit();

        scoreboard.acknowledge(SerialNumber.MASK_24, bits(1, 2, 3, 4, 5), true, p -> { });

        assertThat(second.isRetransmissionDue(0)).as("SACKed by an ACK that came after").isFalse();
        assertThat(first.isRetransmissionDue(0)).isTrue();
        assertThat(scoreboard.nextDueRetransmission(0)).isSameAs(first);
    }

    @Test
    void shouldAcknowledgeCumulativelyAndByBitmapAndForgetTheFront() {
        for (int i = 0; i < 6; i++) {
            send(0);
        }
        final List<Integer> acked = new ArrayList<>();
        final int count = scoreboard.acknowledge(1, bits(1, 3), true, p -> acked.add(p.psn()));
        assertThat(count).isEqualTo(4);
        assertThat(acked).containsExactly(0, 1, 3, 5);
        assertThat(scoreboard.size()).isEqualTo(4);
        assertThat(scoreboard.oldestUnacked().psn()).isEqualTo(2);
    }

    @Test
    void shouldDetectAPacketLostWhenALaterPsnIsSacked() {
        for (int i = 0; i < 4; i++) {
            send(0);
        }
        assertThat(ack(0, bits(1), 1)).isEqualTo(1);
        assertThat(lost[0].psn()).isEqualTo(1);
        assertThat(scoreboard.get(3).isLost()).isFalse();
    }

    @Test
    void shouldWaitForLossReorderThresholdSacks() {
        for (int i = 0; i < 5; i++) {
            send(0);
        }
        assertThat(ack(0, bits(1, 2), 3)).isZero();
        assertThat(ack(0, bits(1, 2, 3), 3)).isEqualTo(1);
        assertThat(lost[0].psn()).isEqualTo(1);
    }

    @Test
    void shouldNotJudgeARetransmissionLostOnTheAckInformationThatTriggeredIt() {
        for (int i = 0; i < 4; i++) {
            send(0);
        }
        assertThat(ack(0, bits(1, 2), 1)).isEqualTo(1);
        scoreboard.get(1).onTransmitted(10, nextPsn);
        assertThat(ack(0, bits(1, 2), 1)).isZero();
        send(20);
        assertThat(ack(0, bits(1, 2, 3), 1)).isEqualTo(1);
        assertThat(lost[0].psn()).isEqualTo(1);
    }

    @Test
    void shouldNotDetectAPacketHeldByNoReceiveBufferLost() {
        for (int i = 0; i < 3; i++) {
            send(0);
        }
        scoreboard.get(0).segment().holdUntil(1_000);
        assertThat(ack(SerialNumber.MASK_24, bits(1, 2), 1)).isZero();
        assertThat(scoreboard.oldestUnacked()).isNull();
        assertThat(scoreboard.hasUnacked()).isTrue();
    }

    @Test
    void shouldTrackPsnsAcrossTheWrap() {
        nextPsn = SerialNumber.MASK_24 - 1;
        final Scoreboard wrapped = new Scoreboard();
        final var region = new MemoryRegistry(new java.util.SplittableRandom(2)).register(4096);
        final OutboundStreams more = new OutboundStreams(1, 256);
        more.post(WorkOpcode.RDMA_WRITE, 1, 0, region, 0, 4096, 0, 0);
        int psn = SerialNumber.MASK_24 - 1;
        skipTo(wrapped, psn);
        for (int i = 0; i < 4; i++) {
            wrapped.append(psn, more.cut()).onTransmitted(0, SerialNumber.add24(psn, 1));
            psn = SerialNumber.add24(psn, 1);
        }
        final int count = wrapped.acknowledge(SerialNumber.MASK_24, bits(1), true, p -> { });
        assertThat(count).isEqualTo(3);
        assertThat(wrapped.oldestUnacked().psn()).isZero();
    }

    private static void skipTo(final Scoreboard board, final int psn) {
        for (int p = 0; p != psn; p = SerialNumber.add24(p, 1)) {
            board.append(p, null);
            if (board.size() == Scoreboard.CAPACITY - 1) {
                board.abandonAll(x -> { });
            }
        }
        board.abandonAll(x -> { });
    }
}
