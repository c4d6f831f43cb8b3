package org.mprt.ctk.reference.roce;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.reference.harness.Frame;
import org.mprt.ctk.reference.harness.RocePair;
import org.mprt.ctk.reference.verbs.CompletionStatus;
import org.mprt.ctk.reference.verbs.ConnectionState;
import org.mprt.ctk.reference.verbs.WorkCompletion;
import org.mprt.ctk.wire.decode.DecodeStatus;
import org.mprt.ctk.wire.ip.Ecn;
import org.mprt.ctk.wire.opcode.OpcodeTable;
import org.mprt.ctk.wire.roce.AethSyndrome;

/** rocev2-baseline.md sections 6 to 9: PSNs, ACK coalescing and MSN, sequence-error NAK, go-back-N, timeouts. */
class RoceProtocolTest {

    static final long T = RoceConfig.defaults().localAckTimeoutNs();

    static List<Frame> requests(final RocePair pair) {
        return pair.framesFrom("A").stream().filter(f -> !f.is(OpcodeTable.RC_ACKNOWLEDGE)).toList();
    }

    static List<Frame> acknowledges(final RocePair pair) {
        return pair.framesFrom("B").stream().filter(f -> f.is(OpcodeTable.RC_ACKNOWLEDGE)).toList();
    }

    static int syndrome(final Frame frame) {
        return frame.decoded().extensions().aeth().syndrome();
    }

    /** Drops the first transmission of {@code psn} from A. */
    static RocePair pairLosingOnce(final int psn, final RoceConfig config) {
        final RocePair pair = new RocePair(1024, 64 * 1024, 3, config, config);
        final boolean[] done = {false};
        pair.fabric.dropIf(f -> {
            if (!done[0] && f.node().equals("A") && !f.is(OpcodeTable.RC_ACKNOWLEDGE) && f.psn() == psn) {
                done[0] = true;
                return true;
            }
            return false;
        });
        return pair;
    }

    @Test
    void shouldNakTheSequenceErrorOnceAndGoBackNFromTheNakedPsn() {
        final RocePair pair = pairLosingOnce(3, RoceConfig.defaults());
        pair.writeAll(1);
        pair.awaitCompletionsAtA(1, 10_000_000);

        final List<Frame> naks = acknowledges(pair).stream().filter(f -> syndrome(f) == 0x60).toList();
        assertThat(naks).singleElement().satisfies(nak -> assertThat(nak.psn()).isEqualTo(3));
        final long nakNs = naks.get(0).timeNs();
        final List<Frame> all = requests(pair);
        int resend = 0;
        while (all.get(resend).psn() != 3 || all.get(resend).timeNs() <= nakNs) {
            resend++;
        }
        // The NAK reaches A after two hops of 1 us: that is when it goes back.
        assertThat(all.get(resend).timeNs() - nakNs).isBetween(2_000L, 2_500L);
        final int highestSent = all.get(resend - 1).psn();
        final List<Integer> after = all.subList(resend, all.size()).stream().map(Frame::psn).toList();
        for (int i = 1; i < after.size(); i++) {
            assertThat(after.get(i)).isEqualTo(after.get(i - 1) + 1);
        }
        assertThat(after).contains(highestSent);
        assertThat(pair.destination.checksum()).isEqualTo(pair.source.checksum());
    }

    @Test
    void shouldResendFromTheOldestAfterTheLocalAckTimeoutAndReacknowledgeDuplicates() {
        final RocePair pair = new RocePair(1024, 64 * 1024, 3);
        pair.fabric.dropIf(f -> f.is(OpcodeTable.RC_ACKNOWLEDGE) && f.psn() == 63 && f.timeNs() < 1_000_000);
        pair.writeAll(1);
        pair.awaitCompletionsAtA(1, 10_000_000);

        final Frame lastProgress = acknowledges(pair).stream().filter(f -> f.psn() == 47).findFirst().orElseThrow();
        final Frame resent = requests(pair).stream().filter(f -> f.timeNs() > lastProgress.timeNs() + 10_000)
            .findFirst().orElseThrow();
        assertThat(resent.psn()).isEqualTo(48);
        assertThat(resent.timeNs() - lastProgress.timeNs()).isBetween(T, T + 3_000);
        final List<Frame> afterResend = acknowledges(pair).stream().filter(f -> f.timeNs() > resent.timeNs()).toList();
        assertThat(afterResend).isNotEmpty().allSatisfy(ack -> {
            assertThat(syndrome(ack)).isEqualTo(AethSyndrome.CREDIT_COUNT_INVALID);
            assertThat(ack.psn()).isEqualTo(63);
        });
    }

    @Test
    void shouldAskForAnAckOnEachLastPacketAndCountMessagesInTheAethMsn() {
        final RocePair pair = new RocePair(1024, 64 * 1024, 3);
        for (int i = 0; i < 3; i++) {
            pair.ab.postWrite(i, 0, pair.source, 3000L * i, 3000, pair.destination.baseAddress() + 3000L * i,
                pair.destination.rkey());
        }
        pair.awaitCompletionsAtA(3, 1_000_000);

        assertThat(requests(pair)).extracting(Frame::opcode).containsExactly(0x06, 0x07, 0x08, 0x06, 0x07, 0x08, 0x06,
            0x07, 0x08);
        assertThat(requests(pair)).extracting(f -> f.decoded().bth().ackReq()).containsExactly(0, 0, 1, 0, 0, 1, 0, 0, 1);
        assertThat(requests(pair).stream().filter(f -> f.decoded().extensions().has(
            org.mprt.ctk.wire.roce.RethFlyweight.LAYOUT))).extracting(Frame::opcode).containsOnly(0x06);
        assertThat(acknowledges(pair)).extracting(f -> f.decoded().extensions().aeth().msn()).containsExactly(1, 2, 3);
        assertThat(pair.fabric.captured()).allSatisfy(f -> {
            assertThat(f.status()).isEqualTo(DecodeStatus.OK);
            assertThat(f.decoded().ecn()).isEqualTo(Ecn.NOT_ECT);
        });
        assertThat(requests(pair)).extracting(f -> f.decoded().udp().sourcePort()).containsOnly(0xC000);
        assertThat(pair.ba.completionQueue().drain()).hasSize(3);
    }

    @Test
    void shouldAnswerASendWithoutReceiveBufferWithAnRnrNakAndResendAfterItsTimer() {
        final RocePair pair = new RocePair(1024, 64 * 1024, 3);
        pair.ab.postSend(5, 0, pair.source, 0, 2000);
        pair.scheduler.runUntil(25_000);
        final List<Frame> rnr = acknowledges(pair).stream().filter(f -> syndrome(f) == 0x21).toList();
        assertThat(rnr).isNotEmpty().allSatisfy(nak -> assertThat(nak.psn()).isZero());
        final List<Frame> sends = requests(pair).stream().filter(f -> f.psn() == 0).toList();
        for (int i = 1; i < sends.size(); i++) {
            assertThat(sends.get(i).timeNs() - rnr.get(i - 1).timeNs()).isGreaterThanOrEqualTo(10_000);
        }
        final var buffer = pair.b.registerRegion(4096);
        pair.ba.postReceive(6, 0, buffer, 0, 4096);
        pair.scheduler.runFor(50_000);
        assertThat(pair.ba.completionQueue().drain()).singleElement().satisfies(wc -> {
            assertThat(wc.wrId()).isEqualTo(6);
            assertThat(wc.byteCount()).isEqualTo(2000);
        });
        assertThat(buffer.get(0, 2000)).isEqualTo(pair.source.get(0, 2000));
        assertThat(pair.ab.completionQueue().drain()).extracting(WorkCompletion::status).containsExactly(CompletionStatus.SUCCESS);
    }

    @Test
    void shouldNakARemoteAccessErrorAndExecuteNothingAfterwards() {
        final RocePair pair = new RocePair(1024, 64 * 1024, 3);
        pair.ab.postWrite(1, 0, pair.source, 0, 100, pair.destination.baseAddress(), pair.destination.rkey() ^ 1);
        pair.ab.postWrite(2, 0, pair.source, 0, 100, pair.destination.baseAddress(), pair.destination.rkey());
        pair.scheduler.runUntil(100_000);

        assertThat(acknowledges(pair)).extracting(RoceProtocolTest::syndrome).containsExactly(0x62);
        assertThat(pair.ba.state()).isEqualTo(ConnectionState.ERROR);
        assertThat(pair.ab.completionQueue().drain()).extracting(WorkCompletion::status)
            .containsExactly(CompletionStatus.REMOTE_ACCESS_ERROR, CompletionStatus.WORK_REQUEST_FLUSHED);
        assertThat(pair.destination.get(0, 100)).isEqualTo(new byte[100]);
    }

    @Test
    void shouldGiveUpAfterRetryCountTimeoutsWithoutProgress() {
        final RocePair pair = new RocePair(1024, 4096, 3);
        pair.fabric.dropIf(f -> f.node().equals("A"));
        pair.writeAll(1);
        pair.scheduler.runUntil(1);
        final long t0 = requests(pair).get(0).timeNs();

        pair.scheduler.runUntil(t0 + 8 * T - 1);
        assertThat(pair.ab.state()).isEqualTo(ConnectionState.READY);
        pair.scheduler.runUntil(t0 + 8 * T + 1_000);
        assertThat(pair.ab.state()).isEqualTo(ConnectionState.ERROR);
        assertThat(pair.ab.completionQueue().drain()).extracting(WorkCompletion::status)
            .containsExactly(CompletionStatus.RETRY_EXCEEDED);
        assertThat(requests(pair).stream().filter(f -> f.psn() == 0)).hasSize(8);
    }
}
