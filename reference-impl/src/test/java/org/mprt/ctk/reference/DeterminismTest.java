package org.mprt.ctk.reference;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.reference.harness.Frame;
import org.mprt.ctk.reference.harness.MprtPair;
import org.mprt.ctk.reference.harness.RocePair;

/** House rule 7: the same seed and inputs give the same frames at the same virtual times, byte for byte. */
class DeterminismTest {

    private static String digest(final Iterable<Frame> frames) throws NoSuchAlgorithmException {
        final MessageDigest sha = MessageDigest.getInstance("SHA-256");
        for (final Frame frame : frames) {
            sha.update(ByteBuffer.allocate(Long.BYTES).putLong(0, frame.timeNs()));
            sha.update(frame.bytes());
        }
        return HexFormat.of().formatHex(sha.digest());
    }

    private static String mprtRun(final long seed) throws NoSuchAlgorithmException {
        final MprtPair pair = MprtPair.builder().regionBytes(256 * 1024).seed(seed).build();
        pair.fabric.randomLoss(0.05, f -> true);
        pair.writeAll(1);
        pair.awaitCompletionsAtA(1, 100_000_000);
        return digest(pair.fabric.captured());
    }

    private static String roceRun(final long seed) throws NoSuchAlgorithmException {
        final RocePair pair = new RocePair(1024, 256 * 1024, seed);
        pair.fabric.randomLoss(0.05, f -> true);
        pair.writeAll(1);
        pair.awaitCompletionsAtA(1, 1_000_000_000);
        return digest(pair.fabric.captured());
    }

    @Test
    void shouldProduceIdenticalFramesForTheSameSeed() throws NoSuchAlgorithmException {
        assertThat(mprtRun(21)).isEqualTo(mprtRun(21)).isNotEqualTo(mprtRun(22));
        assertThat(roceRun(21)).isEqualTo(roceRun(21)).isNotEqualTo(roceRun(22));
    }
}
