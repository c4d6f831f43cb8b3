package org.mprt.ctk.reference.mprt;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.reference.harness.Frame;
import org.mprt.ctk.reference.harness.ScriptedPeer;
import org.mprt.ctk.wire.mprt.MaethFlyweight;
import org.mprt.ctk.wire.opcode.OpcodeTable;

/** mprt-v0.1.md section 8.2 and 11.3: when a receiver acknowledges, and what its ACKs carry. */
class MprtAckTriggerTest {

    private ScriptedPeer peer;

    @BeforeEach
    void setUp() {
        peer = new ScriptedPeer(MprtConfig.defaults());
        peer.scheduler.runUntil(10_000);
    }

    private List<Frame> acks() {
        return peer.answers(OpcodeTable.MPRT_ACK);
    }

    @Test
    void shouldAcknowledgeAnAckReqPacketAtOnce() {
        peer.data(0, 0).payload(new byte[64]).ackReq().deliver();

        assertThat(acks()).singleElement().satisfies(ack -> {
            assertThat(ack.timeNs()).isEqualTo(10_000);
            assertThat(ack.psn()).isZero();
            assertThat(ack.pathId()).isZero();
            assertThat(ack.decoded().bth().destQp()).isEqualTo(ScriptedPeer.PEER_NUMBER);
            assertThat(ack.maeth().scn()).isEqualTo(ScriptedPeer.DUT_NUMBER);
        });
    }

    @Test
    void shouldAcknowledgeAPacketBeyondAGapAtOnceWithItsSackBit() {
        peer.data(1, 0).payload(new byte[64]).msn(0).deliver();
        peer.data(1, 2).payload(new byte[64]).msn(1).deliver();

        assertThat(acks()).singleElement().satisfies(ack -> {
            assertThat(ack.psn()).isZero();
            assertThat(ack.maeth().sackBit(0)).isZero();
            assertThat(ack.maeth().sackBit(1)).isEqualTo(1);
            assertThat(ack.pathId()).isEqualTo(1);
        });
    }

    @Test
    void shouldAcknowledgeADuplicateAtOnce() {
        peer.data(0, 0).payload(new byte[64]).ackReq().deliver();
        peer.scheduler.runFor(1_000);
        peer.data(0, 0).payload(new byte[64]).deliver();

        assertThat(acks()).hasSize(2);
        assertThat(acks().get(1).timeNs()).isEqualTo(11_000);
        assertThat(peer.answers(OpcodeTable.MPRT_NAK)).isEmpty();
    }

    @Test
    void shouldAcknowledgeEveryAckCoalesceCountPackets() {
        for (int psn = 0; psn < 8; psn++) {
            peer.data(0, psn).msn(psn).payload(new byte[64]).deliver();
        }
        assertThat(acks()).singleElement().satisfies(ack -> assertThat(ack.psn()).isEqualTo(7));
    }

    @Test
    void shouldAcknowledgeWithinAckCoalesceDelayOfAnUnreportedArrival() {
        peer.data(0, 0).payload(new byte[64]).deliver();
        peer.scheduler.runFor(3_000);
        peer.data(0, 1).msn(1).payload(new byte[64]).deliver();
        peer.settle();

        assertThat(acks()).singleElement().satisfies(ack -> {
            assertThat(ack.timeNs()).isEqualTo(10_000 + 8_000);
            assertThat(ack.psn()).isEqualTo(1);
        });
    }

    @Test
    void shouldEchoCeMarksAndTheLatestTxTimestamp() {
        peer.data(0, 0).msn(0).payload(new byte[64]).ce().deliver();
        peer.scheduler.runFor(500);
        peer.data(0, 1).msn(1).payload(new byte[64]).ce().deliver();
        peer.scheduler.runFor(500);
        peer.data(0, 2).msn(2).payload(new byte[64]).ackReq().deliver();
        peer.data(0, 3).msn(3).payload(new byte[64]).ackReq().deliver();

        assertThat(acks()).hasSize(2);
        assertThat(acks().get(0).maeth().e()).isEqualTo(1);
        assertThat(acks().get(0).maeth().ceCount()).isEqualTo(2);
        assertThat(acks().get(0).maeth().echoTimestamp()).isEqualTo(11_000);
        assertThat(acks().get(1).maeth().e()).isZero();
        assertThat(acks().get(1).maeth().ceCount()).isZero();
    }

    @Test
    void shouldAdvertiseNoLimitWhenUncontended() {
        peer.data(0, 0).payload(new byte[64]).ackReq().deliver();
        assertThat(acks().get(0).maeth().guidanceRateMbps()).isEqualTo(MaethFlyweight.GUIDANCE_NO_LIMIT);
    }

    @Test
    void shouldReportACompletedMessageInAStreamRecordOfTheNextAck() {
        peer.data(2, 0).stream(3).payload(new byte[100]).deliver();
        peer.settle();

        assertThat(acks()).singleElement().satisfies(ack -> {
            assertThat(ack.maeth().recordCount()).isEqualTo(1);
            assertThat(ack.maeth().recordStreamId(0)).isEqualTo(3);
            assertThat(ack.maeth().recordCmsn(0)).isEqualTo(1);
        });
        peer.data(2, 1).stream(3).msn(1).offset(0).messageLength(200).payload(new byte[100]).ackReq().deliver();
        assertThat(acks().get(1).maeth().recordCount()).isZero();
    }
}
