package org.mprt.ctk.reference.mprt;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.reference.harness.Frame;
import org.mprt.ctk.reference.harness.MprtPair;
import org.mprt.ctk.reference.verbs.MemoryRegion;
import org.mprt.ctk.reference.verbs.WorkCompletion;
import org.mprt.ctk.reference.verbs.WorkOpcode;
import org.mprt.ctk.wire.mprt.MprtNakCode;
import org.mprt.ctk.wire.opcode.OpcodeTable;

/** mprt-v0.1.md sections 6 and 7.2: ordered, independent streams; SENDs matched to receive buffers by RSN. */
class MprtStreamTest {

    private static final long RNR_DELAY = 50_000;

    @Test
    void shouldKeepCompletingOneStreamWhileAnotherStallsOnAMissingReceiveBuffer() {
        final MprtPair pair = MprtPair.builder().regionBytes(64 * 1024).build();
        pair.ab.postSend(100, 0, pair.source, 0, 4096);
        for (int i = 0; i < 3; i++) {
            pair.ab.postWrite(200 + i, 1, pair.source, 8192L * (i + 1), 8192,
                pair.destination.baseAddress() + 8192L * (i + 1), pair.destination.rkey());
        }
        pair.scheduler.runUntil(200_000);

        final List<WorkCompletion> atB = pair.ba.completionQueue().drain();
        assertThat(atB).hasSize(3).allSatisfy(wc -> {
            assertThat(wc.streamId()).isEqualTo(1);
            assertThat(wc.opcode()).isEqualTo(WorkOpcode.RECV_RDMA_WRITE);
        });
        assertThat(atB).extracting(WorkCompletion::msn).containsExactly(0L, 1L, 2L);
        assertThat(pair.ab.completionQueue().drain()).extracting(WorkCompletion::wrId).containsExactly(200L, 201L, 202L);
        assertThat(pair.ba.receiver().streams().stream(0).cmsn()).isZero();
        assertThat(pair.ba.state()).isEqualTo(org.mprt.ctk.reference.verbs.ConnectionState.READY);

        final List<Frame> naks = pair.framesFrom("B").stream().filter(f -> f.is(OpcodeTable.MPRT_NAK)).toList();
        assertThat(naks).isNotEmpty().allSatisfy(nak -> assertThat(nak.decoded().extensions().mneth().nakCode())
            .isEqualTo(MprtNakCode.NO_RECEIVE_BUFFER.code()));
        for (final Frame nak : naks.stream().filter(n -> n.timeNs() < 140_000).toList()) {
            final Frame resend = pair.framesFrom("A").stream().filter(f -> f.isMprtData() && f.timeNs() > nak.timeNs()
                && f.pathId() == nak.pathId() && f.psn() == nak.psn()).findFirst().orElseThrow();
            assertThat(resend.mdeth().r()).isEqualTo(1);
            assertThat(resend.timeNs()).isGreaterThanOrEqualTo(nak.timeNs() + 2_000 + RNR_DELAY);
        }

        final MemoryRegion buffer = pair.sourceAtB;
        pair.ba.postReceive(300, 0, buffer, 0, 8192);
        pair.scheduler.runFor(200_000);
        assertThat(pair.ba.completionQueue().drain()).singleElement().satisfies(wc -> {
            assertThat(wc.wrId()).isEqualTo(300);
            assertThat(wc.byteCount()).isEqualTo(4096);
        });
        assertThat(buffer.get(0, 4096)).isEqualTo(pair.source.get(0, 4096));
        assertThat(pair.ab.completionQueue().drain()).extracting(WorkCompletion::wrId).containsExactly(100L);
    }

    @Test
    void shouldCompleteTheMessagesOfAStreamInMsnOrderWhenALaterOneIsPlacedFirst() {
        final MprtPair pair = MprtPair.builder().build();
        pair.fabric.dropIf(f -> f.isMprtData() && f.mdeth().msn() == 0 && f.mdeth().messageOffset() == 0
            && f.mdeth().r() == 0);
        pair.ab.postWrite(1, 2, pair.source, 0, 1024, pair.destination.baseAddress(), pair.destination.rkey());
        pair.ab.postWrite(2, 2, pair.source, 1024, 1024, pair.destination.baseAddress() + 1024, pair.destination.rkey());
        pair.scheduler.runUntil(500_000);

        assertThat(pair.ba.completionQueue().drain()).extracting(WorkCompletion::msn).containsExactly(0L, 1L);
        final List<Long> reported = pair.framesFrom("B").stream().filter(f -> f.is(OpcodeTable.MPRT_ACK))
            .flatMap(f -> java.util.stream.IntStream.range(0, f.maeth().recordCount()).mapToObj(k -> f.maeth().recordCmsn(k)))
            .toList();
        assertThat(reported).isNotEmpty().isSorted().doesNotContain(1L);
        assertThat(pair.ab.completionQueue().drain()).extracting(WorkCompletion::wrId).containsExactly(1L, 2L);
    }

    @Test
    void shouldMatchEachSendToTheReceiveBufferItsRsnNames() {
        final MprtPair pair = MprtPair.builder().build();
        pair.ba.postReceive(10, 3, pair.sourceAtB, 0, 2048);
        pair.ba.postReceive(11, 3, pair.sourceAtB, 4096, 2048);
        pair.ab.postSend(1, 3, pair.source, 0, 1500);
        pair.ab.postWrite(2, 3, pair.source, 2000, 100, pair.destination.baseAddress(), pair.destination.rkey());
        pair.ab.postSend(3, 3, pair.source, 3000, 2000);
        pair.scheduler.runUntil(200_000);

        assertThat(pair.sourceAtB.get(0, 1500)).isEqualTo(pair.source.get(0, 1500));
        assertThat(pair.sourceAtB.get(4096, 2000)).isEqualTo(pair.source.get(3000, 2000));
        assertThat(pair.ba.completionQueue().drain()).extracting(WorkCompletion::wrId)
            .containsExactly(10L, WorkCompletion.NO_WORK_REQUEST, 11L);
        assertThat(pair.framesFrom("A").stream().filter(f -> f.is(OpcodeTable.MPRT_SEND)).map(f -> f.mdeth().rsn())
            .distinct()).containsExactly(0L, 1L);
    }
}
