package org.mprt.ctk.dut.fabric;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.fabric.impairment.LossModel;

/**
 * The same seed gives a byte-identical capture of a whole MPRT transfer under random loss, and
 * another seed a different one: every random choice (loss, ECMP hashing, the endpoints' own
 * choices) comes from the scenario's seed.
 */
class DeterministicCaptureTest {

    @TempDir
    Path dir;

    private byte[] capture(final long seed, final String name) throws Exception {
        final FabricTransfer t = new FabricTransfer();
        t.seed = seed;
        t.bytesPerSender = 1024 * 1024;
        t.impairments = Impair.everySwitchLink(i -> i.loss(LossModel.bernoulli(0.02)));
        t.capture = dir.resolve(name);
        assertThat(t.run().intact()).isTrue();
        return Files.readAllBytes(t.capture);
    }

    @Test
    void shouldWriteTheSameBytesForTheSameSeedAndOthersForAnother() throws Exception {
        final byte[] first = capture(42, "a.pcap");
        final byte[] again = capture(42, "b.pcap");
        final byte[] other = capture(43, "c.pcap");

        assertThat(again).isEqualTo(first);
        assertThat(other).isNotEqualTo(first);
    }
}
