package org.mprt.ctk.reference.mprt;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.reference.harness.Frame;
import org.mprt.ctk.reference.harness.ScriptedPeer;
import org.mprt.ctk.reference.verbs.CompletionStatus;
import org.mprt.ctk.reference.verbs.ConnectionState;
import org.mprt.ctk.reference.verbs.MemoryRegion;
import org.mprt.ctk.reference.verbs.WorkCompletion;
import org.mprt.ctk.reference.verbs.WorkOpcode;
import org.mprt.ctk.wire.mprt.MnethFlyweight;
import org.mprt.ctk.wire.mprt.MprtNakCode;
import org.mprt.ctk.wire.opcode.OpcodeTable;

/** mprt-v0.1.md sections 7 and 13.1: placement on arrival, and the checks that keep a packet from being placed. */
class MprtPlacementTest {

    private ScriptedPeer peer;
    private MemoryRegion region;

    @BeforeEach
    void setUp() {
        peer = new ScriptedPeer(MprtConfig.defaults());
        region = peer.region;
        peer.scheduler.runUntil(10_000);
    }

    private static byte[] bytes(final int length, final long seed) {
        final byte[] data = new byte[length];
        new SplittableRandom(seed).nextBytes(data);
        return data;
    }

    private List<Frame> naks() {
        return peer.answers(OpcodeTable.MPRT_NAK);
    }

    private MnethFlyweight onlyNak() {
        assertThat(naks()).hasSize(1);
        return naks().get(0).decoded().extensions().mneth();
    }

    private boolean regionIsUntouched() {
        return region.checksum() == zeroChecksum(region.lengthBytes());
    }

    private static long zeroChecksum(final int length) {
        final java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update(new byte[length]);
        return crc.getValue();
    }

    @Test
    void shouldPlaceOutOfOrderPacketsAcrossPathsAndCompleteWhenTheGapFills() {
        final byte[] message = bytes(5 * 1024, 1);
        final int[][] order = {{0, 1, 4}, {1, 0, 3}, {2, 0, 2}, {3, 0, 1}, {0, 0, 0}};
        for (final int[] packet : order) {
            final int chunk = packet[2];
            peer.data(packet[0], packet[1]).offset(chunk * 1024L).messageLength(message.length)
                .payload(Arrays.copyOfRange(message, chunk * 1024, chunk * 1024 + 1024)).deliver();
            if (chunk == 4) {
                assertThat(region.get(4096, 1024)).isEqualTo(Arrays.copyOfRange(message, 4096, 5120));
            }
        }
        final long lastArrivalNs = peer.scheduler.nowNs();
        peer.settle();

        assertThat(naks()).isEmpty();
        assertThat(region.get(0, message.length)).isEqualTo(message);
        final Frame completion = peer.answers(OpcodeTable.MPRT_ACK).stream()
            .filter(a -> a.maeth().recordCount() == 1 && a.maeth().recordCmsn(0) == 1).findFirst().orElseThrow();
        assertThat(completion.timeNs()).isLessThanOrEqualTo(lastArrivalNs + MprtConfig.defaults().ackDelayNs());
        assertThat(peer.connection.receiver().path(0).window().cack()).isEqualTo(1);
        assertThat(peer.connection.completionQueue().drain()).singleElement()
            .satisfies(wc -> assertThat(wc.opcode()).isEqualTo(WorkOpcode.RECV_RDMA_WRITE));
    }

    @Test
    void shouldAcknowledgeADuplicateAndCompleteTheMessageOnce() {
        final byte[] payload = bytes(512, 2);
        peer.data(0, 0).messageLength(1024).payload(payload).deliver();
        peer.data(0, 0).messageLength(1024).payload(payload).deliver();
        peer.data(0, 1).offset(512).messageLength(1024).payload(bytes(512, 3)).deliver();
        peer.data(0, 1).offset(512).messageLength(1024).payload(bytes(512, 3)).deliver();
        peer.settle();

        assertThat(naks()).isEmpty();
        assertThat(peer.answers(OpcodeTable.MPRT_ACK)).hasSizeGreaterThanOrEqualTo(2);
        assertThat(peer.connection.completionQueue().drain()).hasSize(1);
    }

    @Test
    void shouldNakAnUnknownRkeyPlaceNothingAndEnterError() {
        peer.data(0, 0).write(region.baseAddress(), region.rkey() ^ 1).payload(bytes(256, 4)).deliver();

        final MnethFlyweight nak = onlyNak();
        assertThat(nak.nakCode()).isEqualTo(MprtNakCode.RKEY_VIOLATION.code());
        assertThat(naks().get(0).timeNs()).isEqualTo(10_000);
        assertThat(regionIsUntouched()).isTrue();
        assertThat(peer.connection.state()).isEqualTo(ConnectionState.ERROR);
        assertThat(peer.connection.isFatalNakSentHere()).isTrue();
    }

    @Test
    void shouldNakBytesOutsideTheRegionIncludingARangeThatWrapsPastTwoToTheSixtyFour() {
        peer.data(0, 0).write(region.baseAddress() + region.lengthBytes() - 10, region.rkey()).payload(bytes(64, 5)).deliver();
        assertThat(onlyNak().nakCode()).isEqualTo(MprtNakCode.BOUNDS_VIOLATION.code());
        assertThat(regionIsUntouched()).isTrue();

        final ScriptedPeer other = new ScriptedPeer(MprtConfig.defaults());
        other.data(0, 0).write(0xFFFF_FFFF_FFFF_FFF0L, other.region.rkey()).payload(bytes(64, 6)).deliver();
        assertThat(other.answers(OpcodeTable.MPRT_NAK)).singleElement().satisfies(frame -> assertThat(
            frame.decoded().extensions().mneth().nakCode()).isEqualTo(MprtNakCode.BOUNDS_VIOLATION.code()));
    }

    @Test
    void shouldRefuseTheRkeyOfAnotherConnectionsRegionAndLeaveThatConnectionWorking() {
        final MemoryRegion otherRegion = peer.dut.registerRegion(4096);
        final MprtConnection other = peer.openSecondConnection(0x43, 0x78, otherRegion);

        peer.data(0, 0).write(otherRegion.baseAddress(), otherRegion.rkey()).payload(bytes(64, 7)).deliver();
        assertThat(onlyNak().nakCode()).isEqualTo(MprtNakCode.RKEY_VIOLATION.code());
        assertThat(otherRegion.checksum()).isEqualTo(zeroChecksum(4096));

        peer.data(0, 0).connection(0x43, 0x78).write(otherRegion.baseAddress(), otherRegion.rkey())
            .payload(bytes(64, 7)).ackReq().deliver();
        assertThat(other.state()).isEqualTo(ConnectionState.READY);
        assertThat(otherRegion.get(0, 64)).isEqualTo(bytes(64, 7));
        assertThat(peer.answers(OpcodeTable.MPRT_ACK)).singleElement()
            .satisfies(ack -> assertThat(ack.decoded().bth().destQp()).isEqualTo(0x78));
    }

    @Test
    void shouldNakAnUnknownStreamAndEnterError() {
        peer.data(0, 0).stream(4).payload(bytes(64, 8)).deliver();
        assertThat(onlyNak().nakCode()).isEqualTo(MprtNakCode.UNKNOWN_STREAM.code());
        assertThat(onlyNak().streamId()).isEqualTo(4);
        assertThat(peer.connection.state()).isEqualTo(ConnectionState.ERROR);
        assertThat(regionIsUntouched()).isTrue();
    }

    @Test
    void shouldNakInvalidHeadersAndPlaceNothing() {
        peer.data(0, 0).resv5(1).payload(bytes(64, 9)).deliver();
        assertThat(onlyNak().nakCode()).isEqualTo(MprtNakCode.INVALID_HEADER.code());
        assertThat(regionIsUntouched()).isTrue();

        final ScriptedPeer flags = new ScriptedPeer(MprtConfig.defaults());
        flags.data(0, 0).messageLength(128).firstLast(1, 1).payload(bytes(64, 9)).deliver();
        final ScriptedPeer tooLong = new ScriptedPeer(MprtConfig.defaults());
        tooLong.data(0, 0).offset(100).messageLength(128).payload(bytes(64, 9)).deliver();
        final ScriptedPeer overPmtu = new ScriptedPeer(MprtConfig.defaults());
        overPmtu.data(0, 0).payload(bytes(2048, 9)).deliver();
        for (final ScriptedPeer each : List.of(flags, tooLong, overPmtu)) {
            assertThat(each.answers(OpcodeTable.MPRT_NAK)).singleElement().satisfies(frame -> assertThat(
                frame.decoded().extensions().mneth().nakCode()).isEqualTo(MprtNakCode.INVALID_HEADER.code()));
        }
    }

    @Test
    void shouldNakAMissingReceiveBufferWithoutErrorAndPlaceTheResendOnceABufferIsPosted() {
        final MemoryRegion buffers = peer.dut.registerRegion(4096);
        peer.data(1, 0).send(0).stream(2).payload(bytes(300, 10)).deliver();

        assertThat(onlyNak().nakCode()).isEqualTo(MprtNakCode.NO_RECEIVE_BUFFER.code());
        assertThat(peer.connection.state()).isEqualTo(ConnectionState.READY);
        peer.settle();
        assertThat(peer.answers(OpcodeTable.MPRT_ACK)).isEmpty();

        peer.connection.postReceive(77, 2, buffers, 1000, 500);
        peer.data(1, 0).send(0).stream(2).payload(bytes(300, 10)).retransmitted().ackReq().deliver();

        assertThat(peer.answers(OpcodeTable.MPRT_ACK)).singleElement().satisfies(ack -> assertThat(ack.psn()).isZero());
        assertThat(buffers.get(1000, 300)).isEqualTo(bytes(300, 10));
        final List<WorkCompletion> done = peer.connection.completionQueue().drain();
        assertThat(done).singleElement().satisfies(wc -> {
            assertThat(wc.wrId()).isEqualTo(77);
            assertThat(wc.opcode()).isEqualTo(WorkOpcode.RECV);
            assertThat(wc.byteCount()).isEqualTo(300);
            assertThat(wc.streamId()).isEqualTo(2);
        });
    }

    @Test
    void shouldNakASendLongerThanItsReceiveBuffer() {
        final MemoryRegion buffers = peer.dut.registerRegion(4096);
        peer.connection.postReceive(5, 0, buffers, 0, 100);
        peer.data(0, 0).send(0).payload(bytes(200, 11)).deliver();

        assertThat(onlyNak().nakCode()).isEqualTo(MprtNakCode.RECEIVE_OVERFLOW.code());
        assertThat(peer.connection.state()).isEqualTo(ConnectionState.ERROR);
        assertThat(buffers.checksum()).isEqualTo(zeroChecksum(4096));
        assertThat(peer.connection.completionQueue().drain()).singleElement()
            .satisfies(wc -> assertThat(wc.status()).isEqualTo(CompletionStatus.WORK_REQUEST_FLUSHED));
    }

    @Test
    void shouldNakAPsnOutsideTheWindowAndNeverAcknowledgeIt() {
        peer.data(2, 300).payload(bytes(64, 12)).ackReq().deliver();
        assertThat(onlyNak().nakCode()).isEqualTo(MprtNakCode.PSN_OUT_OF_WINDOW.code());
        assertThat(naks().get(0).psn()).isEqualTo(300);

        peer.data(2, 0).msn(1).payload(bytes(64, 13)).ackReq().deliver();
        peer.settle();
        assertThat(peer.answers(OpcodeTable.MPRT_ACK)).allSatisfy(ack -> {
            assertThat(ack.psn()).isZero();
            assertThat(ack.maeth().sackBitmapWord(1)).isZero();
            assertThat(ack.maeth().recordCount()).isZero();
        });
        assertThat(peer.connection.state()).isEqualTo(ConnectionState.READY);
    }

    @Test
    void shouldDiscardPacketsOfUnknownConnectionsBadIcrcAndReservedOpcodesSilently() {
        peer.data(0, 0).connection(0x99, ScriptedPeer.PEER_NUMBER).payload(bytes(64, 14)).ackReq().deliver();
        peer.data(0, 0).connection(ScriptedPeer.DUT_NUMBER, 0x99).payload(bytes(64, 14)).ackReq().deliver();
        peer.data(0, 0).corruptIcrc().payload(bytes(64, 14)).ackReq().deliver();
        peer.data(0, 0).rawOpcode(0xC5).payload(bytes(64, 14)).ackReq().deliver();
        peer.scheduler.runFor(MprtConfig.defaults().rtoMaxNs());

        assertThat(peer.answers()).isEmpty();
        assertThat(regionIsUntouched()).isTrue();
    }

    @Test
    void shouldNeverPlaceALateCopyOfACompletedMessage() {
        peer.data(0, 0).payload(bytes(64, 15)).ackReq().deliver();
        peer.data(1, 0).payload(bytes(64, 16)).ackReq().deliver();

        assertThat(region.get(0, 64)).isEqualTo(bytes(64, 15));
        assertThat(peer.answers(OpcodeTable.MPRT_ACK)).hasSize(2);
        assertThat(naks()).isEmpty();
    }

    @Test
    void shouldRepeatItsFatalNakToLaterDataPacketsAndSendNoAckOrProbeReply() {
        peer.data(0, 0).stream(9).payload(bytes(64, 17)).deliver();
        peer.data(1, 0).msn(3).payload(bytes(64, 18)).ackReq().deliver();
        peer.probe(1, 5, 1);
        peer.settle();

        assertThat(naks()).hasSize(2);
        final MnethFlyweight repeated = naks().get(1).decoded().extensions().mneth();
        assertThat(repeated.nakCode()).isEqualTo(MprtNakCode.UNKNOWN_STREAM.code());
        assertThat(repeated.pathId()).isEqualTo(1);
        assertThat(repeated.msn()).isEqualTo(3);
        assertThat(peer.answers(OpcodeTable.MPRT_ACK)).isEmpty();
        assertThat(peer.answers(OpcodeTable.MPRT_PROBE_REPLY)).isEmpty();
    }

    @Test
    void shouldAnswerAProbeAndResynchroniseThePath() {
        peer.data(1, 0).payload(bytes(64, 19)).deliver();
        peer.data(1, 5).msn(1).payload(bytes(64, 20)).deliver();
        peer.scheduler.runFor(1_000);
        peer.probe(1, 10, 0xABC);

        final Frame reply = peer.answers(OpcodeTable.MPRT_PROBE_REPLY).get(0);
        assertThat(reply.timeNs()).isEqualTo(11_000);
        assertThat(reply.psn()).isEqualTo(10);
        assertThat(reply.decoded().extensions().mpeth().probeId()).isEqualTo(0xABC);
        assertThat(reply.decoded().extensions().mpeth().pathId()).isEqualTo(1);
        assertThat(reply.decoded().extensions().mpeth().txTimestamp()).isEqualTo(11_000);

        peer.data(1, 10).msn(2).payload(bytes(64, 21)).ackReq().deliver();
        peer.data(1, 3).msn(1).payload(bytes(64, 22)).deliver();
        final List<Frame> acks = peer.answers(OpcodeTable.MPRT_ACK);
        assertThat(acks.get(acks.size() - 2).psn()).isEqualTo(10);
        assertThat(acks.get(acks.size() - 1).psn()).isEqualTo(10);
        assertThat(naks()).isEmpty();
    }
}
