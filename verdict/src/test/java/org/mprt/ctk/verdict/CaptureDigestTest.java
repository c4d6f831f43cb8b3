package org.mprt.ctk.verdict;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The digest the reports carry is the SHA-256 of every byte of the file, whatever its size against the pieces it is read in. */
class CaptureDigestTest {

    @TempDir
    Path dir;

    @Test
    void shouldBeTheStandardSha256OfAShortFile() throws Exception {
        final Path file = Files.write(dir.resolve("abc"), "abc".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        // FIPS 180-2, appendix B.1.
        assertThat(CaptureDigest.sha256(file)).isEqualTo("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        assertThat(CaptureDigest.sha256(Files.write(dir.resolve("empty"), new byte[0])))
            .isEqualTo("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    }

    @Test
    void shouldHashEveryPieceOfAFileOfSeveralPieces() throws Exception {
        for (final int size : new int[] {(1 << 20) - 1, 1 << 20, 3 * (1 << 20) + 7}) {
            final byte[] bytes = new byte[size];
            new Random(size).nextBytes(bytes);
            final Path file = Files.write(dir.resolve("capture-" + size), bytes);
            final String expected = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
            assertThat(CaptureDigest.sha256(file)).as("%d bytes", size).isEqualTo(expected);
            assertThat(CaptureDigest.start(file).get()).as("%d bytes, on its own thread", size).isEqualTo(expected);
        }
    }
}
