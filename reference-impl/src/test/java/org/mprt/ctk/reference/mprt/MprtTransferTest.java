package org.mprt.ctk.reference.mprt;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.mprt.ctk.reference.harness.MprtPair;
import org.mprt.ctk.reference.verbs.CompletionStatus;
import org.mprt.ctk.reference.verbs.WorkCompletion;
import org.mprt.ctk.reference.verbs.WorkOpcode;

/** End to end: 1 MiB over 4 paths on 2 planes arrives intact under seeded random loss of every frame. */
class MprtTransferTest {

    private static final int MIB = 1 << 20;

    @ParameterizedTest(name = "{0} % loss")
    @ValueSource(ints = {0, 1, 5})
    void shouldDeliverOneMebibyteIntactUnderRandomLoss(final int lossPercent) {
        final MprtPair pair = MprtPair.builder().paths(4).planes(2).pmtu(4096).regionBytes(MIB).seed(42 + lossPercent).build();
        pair.fabric.randomLoss(lossPercent / 100.0, frame -> true);

        pair.writeAll(7);
        final List<WorkCompletion> done = pair.awaitCompletionsAtA(1, 1_000_000_000L);

        assertThat(done).singleElement().satisfies(wc -> {
            assertThat(wc.status()).isEqualTo(CompletionStatus.SUCCESS);
            assertThat(wc.wrId()).isEqualTo(7);
            assertThat(wc.byteCount()).isEqualTo(MIB);
        });
        assertThat(pair.destination.checksum()).isEqualTo(pair.source.checksum());
        pair.scheduler.runFor(100_000);
        assertThat(pair.ba.completionQueue().drain()).singleElement()
            .satisfies(wc -> assertThat(wc.opcode()).isEqualTo(WorkOpcode.RECV_RDMA_WRITE));
    }

    @Test
    void shouldRunOverIpv6WithVlanTagsUnderLoss() {
        final MprtPair pair = MprtPair.builder().paths(4).pmtu(2048).regionBytes(256 * 1024).ipv6(true).vlan(42).seed(5)
            .build();
        pair.fabric.randomLoss(0.02, frame -> true);
        pair.writeAll(3);

        assertThat(pair.awaitCompletionsAtA(1, 1_000_000_000L)).singleElement()
            .satisfies(wc -> assertThat(wc.status()).isEqualTo(CompletionStatus.SUCCESS));
        assertThat(pair.destination.checksum()).isEqualTo(pair.source.checksum());
        assertThat(pair.fabric.captured()).allSatisfy(frame -> {
            assertThat(frame.decoded().hasIpv6()).isTrue();
            assertThat(frame.decoded().vlanCount()).isEqualTo(1);
            assertThat(frame.decoded().vlan(0).vid()).isEqualTo(42);
        });
    }
}
