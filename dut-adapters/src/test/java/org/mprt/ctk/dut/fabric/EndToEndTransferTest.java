package org.mprt.ctk.dut.fabric;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.mprt.ctk.fabric.impairment.Delay;
import org.mprt.ctk.fabric.impairment.LossModel;
import org.mprt.ctk.reference.verbs.CompletionStatus;

/**
 * The reference implementation and the RoCEv2 baseline in the emulated fabric: every transfer
 * completes with every byte checked (a CRC-32 of the destination memory against the source), under
 * each impairment. Virtual time only; the seed fixes every random choice.
 */
class EndToEndTransferTest {

    private static void assertDelivered(final FabricTransfer.Result r) {
        assertThat(r.completed()).as("every message completed: %s", r).isTrue();
        assertThat(r.statuses()).containsOnly(CompletionStatus.SUCCESS);
        assertThat(r.intact()).as("destination memory equals the source").isTrue();
    }

    @ParameterizedTest(name = "MPRT with {0} loss on every switch link")
    @ValueSource(doubles = {0.0, 0.01, 0.05})
    void shouldDeliverEveryByteOverMprtUnderRandomLoss(final double loss) {
        final FabricTransfer t = new FabricTransfer();
        t.impairments = Impair.everySwitchLink(i -> i.loss(LossModel.bernoulli(loss)));
        assertDelivered(t.run());
    }

    @ParameterizedTest(name = "RoCEv2 baseline with {0} loss on every switch link")
    @ValueSource(doubles = {0.0, 0.01, 0.05})
    void shouldDeliverEveryByteOverTheRocev2BaselineUnderRandomLoss(final double loss) {
        final FabricTransfer t = new FabricTransfer();
        t.transport = FabricTransfer.Transport.ROCEV2;
        t.bytesPerSender = 1024 * 1024;
        t.impairments = Impair.everySwitchLink(i -> i.loss(LossModel.bernoulli(loss)));
        assertDelivered(t.run());
    }

    @Test
    void shouldDeliverEveryByteUnderBurstLoss() {
        final FabricTransfer t = new FabricTransfer();
        t.impairments = Impair.everySwitchLink(i -> i.loss(LossModel.gilbertElliott(0.005, 0.2, 0.5, 0.0)));
        assertDelivered(t.run());
    }

    @Test
    void shouldDiscardCorruptedPacketsAndStillDeliverEveryByte() {
        final FabricTransfer t = new FabricTransfer();
        t.impairments = Impair.everySwitchLink(i -> i.corruption(0.01));
        assertDelivered(t.run());
    }

    @Test
    void shouldPlacePacketsReorderedAcrossPathsOfDifferentDelay() {
        final FabricTransfer t = new FabricTransfer();
        t.impairments = Impair.spine(0, 0, i -> i.delay(Delay.jittered(20_000, 5_000)))
            .andThen(Impair.spine(1, 2, i -> i.delay(Delay.fixed(8_000))));
        assertDelivered(t.run());
    }

    @Test
    void shouldRouteAroundOneFailedPath() {
        final FabricTransfer t = new FabricTransfer();
        t.impairments = Impair.failPath(3);
        assertDelivered(t.run());
    }

    @Test
    void shouldRouteAroundSeveralFailedPaths() {
        final FabricTransfer t = new FabricTransfer();
        t.impairments = Impair.failPath(1).andThen(Impair.failPath(2)).andThen(Impair.failPath(6));
        assertDelivered(t.run());
    }

    @Test
    void shouldDeliverAcrossAPathThatFailsAndHeals() {
        final FabricTransfer t = new FabricTransfer();
        t.bytesPerSender = 16 * 1024 * 1024;
        t.impairments = Impair.pathOutage(3, 20_000, 1_000_000);
        assertDelivered(t.run());
    }

    @Test
    void shouldDeliverEveryByteOfAnIncastOfSixteenSenders() {
        final FabricTransfer t = new FabricTransfer();
        t.senders = 16;
        t.bytesPerSender = 1024 * 1024;
        assertDelivered(t.run());
    }
}
