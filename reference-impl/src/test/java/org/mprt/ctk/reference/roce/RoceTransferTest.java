package org.mprt.ctk.reference.roce;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.mprt.ctk.reference.harness.RocePair;
import org.mprt.ctk.reference.verbs.CompletionStatus;
import org.mprt.ctk.reference.verbs.WorkCompletion;

/** End to end: 1 MiB over one RC queue pair arrives intact under seeded random loss of every frame. */
class RoceTransferTest {

    private static final int MIB = 1 << 20;

    @ParameterizedTest(name = "{0} % loss")
    @ValueSource(ints = {0, 1, 5})
    void shouldDeliverOneMebibyteIntactUnderRandomLoss(final int lossPercent) {
        final RocePair pair = new RocePair(4096, MIB, 42 + lossPercent);
        pair.fabric.randomLoss(lossPercent / 100.0, frame -> true);

        pair.writeAll(9);
        final List<WorkCompletion> done = pair.awaitCompletionsAtA(1, 10_000_000_000L);

        assertThat(done).singleElement().satisfies(wc -> {
            assertThat(wc.status()).isEqualTo(CompletionStatus.SUCCESS);
            assertThat(wc.byteCount()).isEqualTo(MIB);
        });
        assertThat(pair.destination.checksum()).isEqualTo(pair.source.checksum());
    }
}
