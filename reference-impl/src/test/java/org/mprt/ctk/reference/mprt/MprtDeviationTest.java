package org.mprt.ctk.reference.mprt;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.reference.harness.Frame;
import org.mprt.ctk.reference.harness.MprtPair;
import org.mprt.ctk.reference.harness.ScriptedPeer;
import org.mprt.ctk.reference.mprt.path.PathState;
import org.mprt.ctk.reference.mprt.wire.MprtFrameWriter;
import org.mprt.ctk.reference.verbs.ConnectionState;
import org.mprt.ctk.reference.verbs.WorkOpcode;
import org.mprt.ctk.wire.decode.DecodeStatus;
import org.mprt.ctk.wire.ip.Ecn;
import org.mprt.ctk.wire.ip.NetworkKind;
import org.mprt.ctk.wire.mprt.MprtNakCode;
import org.mprt.ctk.wire.opcode.OpcodeTable;
import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * Every {@link Deviation} changes what the endpoint does: each test runs one scenario with the
 * correct endpoint and with the mutant and shows the behaviour the deviation's requirement forbids
 * in the mutant only.
 */
class MprtDeviationTest {

    private static MprtConfig mutant(final Deviation deviation) {
        return MprtConfig.builder().deviate(deviation).build();
    }

    private static MprtConfig correct() {
        return MprtConfig.defaults();
    }

    private static List<Frame> data(final MprtPair pair) {
        return pair.framesFrom("A").stream().filter(Frame::isMprtData).toList();
    }

    /** 64 KiB over 4 paths; the first transmission of PSN 2 of path 0 is lost. */
    private static MprtPair oneLoss(final MprtConfig config) {
        final MprtPair pair = MprtPair.builder().config(config).build();
        pair.fabric.dropIf(f -> f.isMprtData() && f.node().equals("A") && f.pathId() == 0 && f.psn() == 2
            && f.mdeth().r() == 0);
        pair.writeAll(1);
        pair.awaitCompletionsAtA(1, 10_000_000);
        return pair;
    }

    private static long retransmissionsOnPathZero(final MprtPair pair) {
        return data(pair).stream().filter(f -> f.pathId() == 0 && f.mdeth().r() == 1).count();
    }

    @Test
    void goBackNOnLossShouldResendSackedPsns() {
        assertThat(retransmissionsOnPathZero(oneLoss(correct()))).isEqualTo(1);
        final MprtPair mutant = oneLoss(mutant(Deviation.GO_BACK_N_ON_LOSS));
        assertThat(data(mutant).stream().filter(f -> f.pathId() == 0 && f.mdeth().r() == 1).map(Frame::psn))
            .contains(2, 3);
    }

    @Test
    void retransmitSackedShouldResendPsnsTheBitmapAcknowledged() {
        final MprtPair mutant = oneLoss(mutant(Deviation.RETRANSMIT_SACKED));
        assertThat(data(mutant).stream().filter(f -> f.pathId() == 0 && f.mdeth().r() == 1).map(Frame::psn))
            .anyMatch(psn -> psn > 2);
    }

    private static boolean claimsPsnTwoOfPathZero(final MprtPair pair) {
        return pair.framesFrom("B").stream().filter(f -> f.is(OpcodeTable.MPRT_ACK) && f.pathId() == 0).anyMatch(ack -> {
            final int d = SerialNumber.distance24(ack.psn(), 2);
            return d == 0 || d > SerialNumber.HALF_24 || d <= 256 && ack.maeth().sackBit(d - 1) == 1;
        });
    }

    @Test
    void sackUnreceivedPsnShouldClaimAPsnThatNeverArrived() {
        final Function<MprtConfig, MprtPair> run = config -> {
            final MprtPair pair = MprtPair.builder().configB(config).build();
            pair.fabric.dropIf(f -> f.isMprtData() && f.node().equals("A") && f.pathId() == 0 && f.psn() == 2);
            pair.writeAll(1);
            pair.scheduler.runUntil(50_000);
            return pair;
        };
        assertThat(claimsPsnTwoOfPathZero(run.apply(correct()))).isFalse();
        assertThat(claimsPsnTwoOfPathZero(run.apply(mutant(Deviation.SACK_UNRECEIVED_PSN)))).isTrue();
    }

    private static boolean completionReportedBeforeFirstBytesArrived(final MprtConfig receiverConfig) {
        final MprtPair pair = MprtPair.builder().configB(receiverConfig).build();
        pair.fabric.dropIf(f -> f.isMprtData() && f.mdeth().messageOffset() == 0 && f.mdeth().r() == 0);
        pair.ab.postWrite(1, 0, pair.source, 0, 8192, pair.destination.baseAddress(), pair.destination.rkey());
        pair.awaitCompletionsAtA(1, 10_000_000);
        final long firstBytesNs = data(pair).stream().filter(f -> f.mdeth().messageOffset() == 0 && f.mdeth().r() == 1)
            .findFirst().orElseThrow().timeNs();
        return pair.framesFrom("B").stream().anyMatch(f -> f.is(OpcodeTable.MPRT_ACK) && f.timeNs() < firstBytesNs
            && f.maeth().recordCount() > 0);
    }

    @Test
    void cmsnBeforePlacedShouldReportAMessageCompleteBeforeAllItsBytesArrived() {
        assertThat(completionReportedBeforeFirstBytesArrived(correct())).isFalse();
        assertThat(completionReportedBeforeFirstBytesArrived(mutant(Deviation.CMSN_BEFORE_PLACED))).isTrue();
    }

    private static long cwndOfMarkedPath(final MprtConfig config) {
        final MprtPair pair = MprtPair.builder().paths(2).regionBytes(512 * 1024).pmtu(4096).config(config).build();
        pair.fabric.markCeIf(f -> f.isMprtData() && f.pathId() == 0);
        pair.writeAll(1);
        pair.awaitCompletionsAtA(1, 100_000_000);
        return pair.ab.sender().path(0).window().cwndBytes();
    }

    @Test
    void ignoreEcnEchoShouldKeepGrowingTheWindowOfAMarkedPath() {
        assertThat(cwndOfMarkedPath(correct())).isEqualTo(4096);
        assertThat(cwndOfMarkedPath(mutant(Deviation.IGNORE_ECN_ECHO))).isGreaterThan(16 * 4096);
    }

    private static long worstGuidanceWindow(final MprtConfig config) {
        final MprtPair pair = MprtPair.builder().regionBytes(512 * 1024).pmtu(4096).configA(config).build();
        pair.fabric.rewriteIf(f -> f.is(OpcodeTable.MPRT_ACK), p -> p.extensions().maeth().guidanceRateMbps(10_000));
        pair.writeAll(1);
        pair.awaitCompletionsAtA(1, 100_000_000);
        final long firstAckNs = pair.framesFrom("B").get(0).timeNs();
        return MprtCongestionTest.maxIpBytesInAnyWindow(
            data(pair).stream().filter(f -> f.timeNs() >= firstAckNs + 10_000).toList());
    }

    @Test
    void exceedGuidanceShouldSendMoreThanTheGuidanceAllows() {
        final long bound = (long) (10_000 / 8_000.0 * 20_000 * 1.1) + MprtFrameWriter.dataDatagramBytes(NetworkKind.IPV4, 4096);
        assertThat(worstGuidanceWindow(correct())).isLessThanOrEqualTo(bound);
        assertThat(worstGuidanceWindow(mutant(Deviation.EXCEED_GUIDANCE))).isGreaterThan(2 * bound);
    }

    /** Path 0 of A loses everything in both directions from 20 us on; A writes 256 KiB. */
    private static MprtPair deadPathZero(final MprtConfig config, final long runNs) {
        final MprtPair pair = MprtPair.builder().regionBytes(256 * 1024).config(config).build();
        pair.fabric.dropIf(f -> f.timeNs() >= 20_000 && f.decoded().hasBth() && f.pathId() == 0
            && (f.node().equals("A") && !f.is(OpcodeTable.MPRT_ACK) || f.node().equals("B") && !f.isMprtData()));
        pair.scheduler.runUntil(20_000);
        pair.writeAll(1);
        pair.scheduler.runUntil(() -> pair.ab.completionQueue().size() == 1, runNs);
        return pair;
    }

    /** New data posted once path 0 has failed: how much of it goes on path 0. */
    private static long newDataOnFailedPathZero(final MprtConfig config) {
        final MprtPair pair = deadPathZero(config, 1_000_000);
        assertThat(pair.ab.sender().path(0).state()).isEqualTo(PathState.FAILED);
        final long postedAt = pair.scheduler.nowNs();
        pair.writeAll(2);
        pair.scheduler.runFor(100_000);
        return data(pair).stream().filter(f -> f.pathId() == 0 && f.mdeth().r() == 0 && f.timeNs() >= postedAt).count();
    }

    @Test
    void newDataOnFailedPathShouldSendNewDataOnAPathThatIsNotActive() {
        assertThat(newDataOnFailedPathZero(correct())).isZero();
        assertThat(newDataOnFailedPathZero(mutant(Deviation.NEW_DATA_ON_FAILED_PATH))).isPositive();
    }

    @Test
    void noResprayShouldLoseTheDataOfAFailedPath() {
        assertThat(deadPathZero(correct(), 20_000_000).ab.completionQueue().size()).isEqualTo(1);
        final MprtPair wrong = deadPathZero(mutant(Deviation.NO_RESPRAY), 20_000_000);
        assertThat(wrong.ab.completionQueue().size()).isZero();
        assertThat(wrong.ab.sender().path(0).state()).isIn(PathState.FAILED, PathState.PROBING);
    }

    private static MprtPair smallTransfer(final MprtConfig configA, final MprtConfig configB, final int bytes) {
        final MprtPair pair = MprtPair.builder().configA(configA).configB(configB).build();
        pair.ab.postWrite(1, 0, pair.source, 0, bytes, pair.destination.baseAddress(), pair.destination.rkey());
        pair.scheduler.runUntil(200_000);
        return pair;
    }

    @Test
    void wrongPadCntShouldBreakPayloadAlignment() {
        final Function<MprtConfig, Boolean> aligned = config -> data(smallTransfer(config, correct(), 1001)).stream()
            .allMatch(f -> (f.decoded().payloadLength() + f.decoded().padCount()) % 4 == 0);
        assertThat(aligned.apply(correct())).isTrue();
        assertThat(aligned.apply(mutant(Deviation.WRONG_PADCNT))).isFalse();
    }

    @Test
    void nonZeroReservedShouldSetResv5AndEarnInvalidHeader() {
        final MprtPair right = smallTransfer(correct(), correct(), 4096);
        assertThat(data(right)).allSatisfy(f -> assertThat(f.mdeth().resv5()).isZero());
        final MprtPair wrong = smallTransfer(mutant(Deviation.NON_ZERO_RESERVED), correct(), 4096);
        assertThat(data(wrong)).allSatisfy(f -> assertThat(f.mdeth().resv5()).isNotZero());
        assertThat(wrong.framesFrom("B")).anySatisfy(f -> assertThat(f.decoded().extensions().mneth().nakCode())
            .isEqualTo(MprtNakCode.INVALID_HEADER.code()));
        assertThat(wrong.ab.state()).isEqualTo(ConnectionState.ERROR);
    }

    @Test
    void badIcrcShouldMakeEveryDataPacketUnacceptable() {
        assertThat(data(smallTransfer(correct(), correct(), 4096))).allMatch(f -> f.status() == DecodeStatus.OK);
        final MprtPair wrong = smallTransfer(mutant(Deviation.BAD_ICRC), correct(), 4096);
        assertThat(data(wrong)).isNotEmpty().allMatch(f -> f.status() == DecodeStatus.ICRC_MISMATCH);
        assertThat(wrong.framesFrom("B")).isEmpty();
    }

    @Test
    void sendPauseFramesShouldAnswerCongestionWithPause() {
        final Function<MprtConfig, Long> pauses = config -> {
            final MprtPair pair = MprtPair.builder().configB(config).build();
            pair.fabric.markCeIf(Frame::isMprtData);
            pair.writeAll(1);
            pair.scheduler.runUntil(200_000);
            return pair.fabric.captured().stream().filter(f -> f.etherType() == 0x8808).count();
        };
        assertThat(pauses.apply(correct())).isZero();
        assertThat(pauses.apply(mutant(Deviation.SEND_PAUSE_FRAMES))).isPositive();
    }

    @Test
    void placeOutOfBoundsShouldAcceptAWriteThatRunsPastTheRegion() {
        final Function<MprtConfig, ScriptedPeer> run = config -> {
            final ScriptedPeer peer = new ScriptedPeer(config);
            peer.data(0, 0).write(peer.region.baseAddress() + peer.region.lengthBytes() - 16, peer.region.rkey())
                .payload(new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20}).ackReq().deliver();
            return peer;
        };
        final ScriptedPeer right = run.apply(correct());
        assertThat(right.answers(OpcodeTable.MPRT_NAK)).hasSize(1);
        assertThat(right.region.get(right.region.lengthBytes() - 16, 16)).isEqualTo(new byte[16]);
        final ScriptedPeer wrong = run.apply(mutant(Deviation.PLACE_OUT_OF_BOUNDS));
        assertThat(wrong.answers(OpcodeTable.MPRT_NAK)).isEmpty();
        assertThat(wrong.answers(OpcodeTable.MPRT_ACK)).hasSize(1);
        assertThat(wrong.region.get(wrong.region.lengthBytes() - 16, 1)).isEqualTo(new byte[] {1});
    }

    @Test
    void noProbeReplyShouldLeaveProbesUnanswered() {
        final ScriptedPeer right = new ScriptedPeer(correct());
        right.probe(0, 7, 1);
        assertThat(right.answers(OpcodeTable.MPRT_PROBE_REPLY)).hasSize(1);
        final ScriptedPeer wrong = new ScriptedPeer(mutant(Deviation.NO_PROBE_REPLY));
        wrong.probe(0, 7, 1);
        assertThat(wrong.answers()).isEmpty();
    }

    private static int cackAnsweringDuplicate(final MprtConfig config) {
        final ScriptedPeer peer = new ScriptedPeer(config);
        for (int psn = 0; psn < 5; psn++) {
            peer.data(0, psn).msn(psn).payload(new byte[8]).deliver();
        }
        peer.data(0, 1).msn(1).payload(new byte[8]).deliver();
        final List<Frame> acks = peer.answers(OpcodeTable.MPRT_ACK);
        return acks.get(acks.size() - 1).psn();
    }

    @Test
    void reverseCackShouldMoveTheCumulativePsnBack() {
        assertThat(cackAnsweringDuplicate(correct())).isEqualTo(4);
        assertThat(cackAnsweringDuplicate(mutant(Deviation.REVERSE_CACK))).isEqualTo(1);
    }

    // Stream 0's message is started but its last packet is lost for 150 us; stream 1's WRITE arrives whole.
    private static long writesCompletedBehindAStalledStream(final MprtConfig receiverConfig) {
        final MprtPair pair = MprtPair.builder().configB(receiverConfig).build();
        pair.fabric.dropIf(f -> f.timeNs() < 150_000 && f.isMprtData() && f.mdeth().streamId() == 0
            && f.mdeth().messageOffset() == 3072);
        pair.ab.postWrite(100, 0, pair.source, 0, 4096, pair.destination.baseAddress(), pair.destination.rkey());
        pair.ab.postWrite(200, 1, pair.source, 8192, 8192, pair.destination.baseAddress() + 8192, pair.destination.rkey());
        pair.scheduler.runUntil(140_000);
        return pair.ba.completionQueue().drain().stream().filter(wc -> wc.opcode() == WorkOpcode.RECV_RDMA_WRITE).count();
    }

    @Test
    void streamHeadOfLineBlockingShouldStallEveryStreamBehindOne() {
        assertThat(writesCompletedBehindAStalledStream(correct())).isEqualTo(1);
        assertThat(writesCompletedBehindAStalledStream(mutant(Deviation.STREAM_HEAD_OF_LINE_BLOCKING))).isZero();
    }

    @Test
    void notEcnCapableShouldSendDataNotEct() {
        assertThat(data(smallTransfer(correct(), correct(), 4096))).allMatch(f -> f.decoded().ecn() == Ecn.ECT_0);
        assertThat(data(smallTransfer(mutant(Deviation.NOT_ECN_CAPABLE), correct(), 4096)))
            .allMatch(f -> f.decoded().ecn() == Ecn.NOT_ECT);
    }

    private static boolean everyPathUsesConsecutivePsns(final MprtPair pair) {
        for (int path = 0; path < 4; path++) {
            final int p = path;
            final List<Integer> psns = data(pair).stream().filter(f -> f.pathId() == p && f.mdeth().r() == 0)
                .map(Frame::psn).toList();
            for (int i = 0; i < psns.size(); i++) {
                if (psns.get(i) != i) {
                    return false;
                }
            }
        }
        return true;
    }

    @Test
    void skipPsnShouldLeaveAHoleInAPathsPsns() {
        final MprtPair right = MprtPair.builder().regionBytes(512 * 1024).build();
        right.writeAll(1);
        right.scheduler.runUntil(300_000);
        assertThat(everyPathUsesConsecutivePsns(right)).isTrue();
        final MprtPair wrong = MprtPair.builder().regionBytes(512 * 1024).configA(mutant(Deviation.SKIP_PSN)).build();
        wrong.writeAll(1);
        wrong.scheduler.runUntil(300_000);
        assertThat(everyPathUsesConsecutivePsns(wrong)).isFalse();
    }

    // Zero-length messages take a PSN each but no cwnd, so only the send window holds them back.
    private static int highestPsnWithoutAcks(final MprtConfig senderConfig) {
        final MprtPair pair = MprtPair.builder().paths(1).planes(1).configA(senderConfig).build();
        pair.fabric.dropIf(f -> f.is(OpcodeTable.MPRT_ACK));
        for (int i = 0; i < 400; i++) {
            pair.ab.postWrite(i, 0, pair.source, 0, 0, pair.destination.baseAddress(), pair.destination.rkey());
        }
        pair.scheduler.runUntil(90_000);
        return data(pair).stream().mapToInt(Frame::psn).max().orElseThrow();
    }

    @Test
    void ignoreSendWindowShouldSendBeyondTheLearntCackPlus256() {
        assertThat(highestPsnWithoutAcks(correct())).isEqualTo(255);
        assertThat(highestPsnWithoutAcks(mutant(Deviation.IGNORE_SEND_WINDOW))).isGreaterThan(256);
    }

    @Test
    void nakDuplicateShouldNakADuplicate() {
        final Function<MprtConfig, ScriptedPeer> run = config -> {
            final ScriptedPeer peer = new ScriptedPeer(config);
            peer.data(0, 0).payload(new byte[8]).ackReq().deliver();
            peer.data(0, 0).payload(new byte[8]).deliver();
            return peer;
        };
        assertThat(run.apply(correct()).answers(OpcodeTable.MPRT_NAK)).isEmpty();
        assertThat(run.apply(mutant(Deviation.NAK_DUPLICATE)).answers(OpcodeTable.MPRT_NAK)).hasSize(1);
    }

    @Test
    void delayEveryAckShouldHoldTheAnswerToAnAckReqForTheCoalescingDelay() {
        final Function<MprtConfig, Long> answerDelay = config -> {
            final ScriptedPeer peer = new ScriptedPeer(config);
            peer.data(0, 0).payload(new byte[8]).ackReq().deliver();
            peer.settle();
            return peer.answers(OpcodeTable.MPRT_ACK).get(0).timeNs();
        };
        assertThat(answerDelay.apply(correct())).isZero();
        assertThat(answerDelay.apply(mutant(Deviation.DELAY_EVERY_ACK))).isEqualTo(8_000);
    }

    @Test
    void ackAfterFatalNakShouldAcknowledgeOnAConnectionInError() {
        final Function<MprtConfig, ScriptedPeer> run = config -> {
            final ScriptedPeer peer = new ScriptedPeer(config);
            peer.data(0, 0).stream(9).payload(new byte[8]).deliver();
            peer.data(0, 1).msn(1).payload(new byte[8]).ackReq().deliver();
            return peer;
        };
        assertThat(run.apply(correct()).answers(OpcodeTable.MPRT_ACK)).isEmpty();
        assertThat(run.apply(mutant(Deviation.ACK_AFTER_FATAL_NAK)).answers(OpcodeTable.MPRT_ACK)).isNotEmpty();
    }
}
