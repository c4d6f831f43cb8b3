package org.mprt.ctk.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.airlift.compress.zstd.ZstdOutputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.mprt.ctk.pcap.Compression;

/**
 * Changed and cut compressed captures, seeded: each either decompresses (a change the format's
 * checksums do not cover, such as a byte of a gzip header's name) or ends in an {@link InputException}
 * naming the capture. Never another exception, which the command line would report as a kit error;
 * never a stream read without end (the timeout stops the build, not a user's run).
 */
class DecompressionMutationTest {

    private static final Path FIXTURES = Path.of("src", "test", "resources", "compressed");
    private static final int MUTANTS = 200;

    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(Compression.class)
    @Timeout(120)
    void shouldDecompressOrSayTheStreamIsBrokenForEveryChangedCopy(final Compression compression) throws Exception {
        mutate(compression, ZstdDecoder.available());
    }

    @Test
    @Timeout(120)
    void shouldDecompressOrSayTheStreamIsBrokenForEveryChangedCopyOfAZstdStreamReadInPureJava() throws Exception {
        mutate(Compression.ZSTD, ZstdDecoder.PURE_JAVA);
    }

    private void mutate(final Compression compression, final ZstdDecoder zstd) throws IOException {
        final byte[] original = compressed(compression);
        final SplittableRandom random = new SplittableRandom(compression.ordinal() + 4791L);
        int refused = 0;
        for (int m = 0; m < MUTANTS; m++) {
            final byte[] mutant = mutant(original, random);
            try {
                Decompression.write(compression, new ByteArrayInputStream(mutant), dir.resolve("copy.pcap"), "mutant-" + m,
                    64 * 1024, zstd);
            } catch (final InputException e) {
                assertThat(e.getMessage()).startsWith("mutant-" + m + ": compressed with ");
                refused++;
            } catch (final Exception | Error e) {
                fail("mutant " + m + " of the " + compression.label() + " stream raised " + e + " where an input error was expected", e);
            }
        }
        // Most changes break a checksum or the stream's structure.
        assertThat(refused).as("mutants refused").isGreaterThan(MUTANTS / 2);
    }

    /** A byte changed, a cut, or bytes inserted, each a third of the time. */
    private static byte[] mutant(final byte[] original, final SplittableRandom random) {
        switch (random.nextInt(3)) {
            case 0: {
                final byte[] changed = original.clone();
                changed[random.nextInt(changed.length)] ^= (byte) (1 + random.nextInt(255));
                return changed;
            }
            case 1:
                return Arrays.copyOf(original, random.nextInt(original.length));
            default: {
                final int at = random.nextInt(original.length);
                final byte[] inserted = new byte[1 + random.nextInt(16)];
                random.nextBytes(inserted);
                final byte[] grown = new byte[original.length + inserted.length];
                System.arraycopy(original, 0, grown, 0, at);
                System.arraycopy(inserted, 0, grown, at, inserted.length);
                System.arraycopy(original, at, grown, at + inserted.length, original.length - at);
                return grown;
            }
        }
    }

    /** The fixture the tools wrote, or for gzip and zstd the same capture compressed here. */
    private static byte[] compressed(final Compression compression) throws IOException {
        switch (compression) {
            case LZ4:
                return Files.readAllBytes(FIXTURES.resolve("mprt-fair-share-faults.pcap.lz4"));
            case XZ:
                return Files.readAllBytes(FIXTURES.resolve("mprt-fair-share-faults.pcap.xz"));
            case BZIP2:
                return Files.readAllBytes(FIXTURES.resolve("mprt-fair-share-faults.pcap.bz2"));
            default:
                final byte[] plain = Files.readAllBytes(CtkCommandLineTest.CAPTURES.resolve("wire/mprt-bad-data.pcap"));
                final ByteArrayOutputStream out = new ByteArrayOutputStream();
                try (var z = compression == Compression.GZIP ? new GZIPOutputStream(out) : new ZstdOutputStream(out)) {
                    z.write(plain);
                }
                return out.toByteArray();
        }
    }
}
