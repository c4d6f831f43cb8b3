package org.mprt.ctk.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.mprt.ctk.pcap.Compression;

/**
 * Captures compressed by the tools themselves (lz4, xz and bzip2 as Debian packages them; see
 * {@code src/test/resources/compressed/README.md}) are judged as the capture they hold. The lz4 file
 * links each block to the ones before, as liblz4 and so Wireshark write by default. gzip and zstd:
 * {@link CtkCommandLineTest}.
 */
class CompressedCaptureTest {

    private static final Path FIXTURES = Path.of("src", "test", "resources", "compressed");
    /** SHA-256 of the capture the fixtures hold, captures/behaviour/mprt-fair-share-faults.pcap as it was compressed. */
    private static final String CAPTURE_SHA256 = "2fe17b9013bfe5c214248fb18a4c6ba89c53f65c2e5d18d328e99886e2bd8f3c";

    @RegisterExtension
    final ConsoleCapture console = new ConsoleCapture();

    @TempDir
    Path reports;

    @ParameterizedTest
    @CsvSource({"mprt-fair-share-faults.pcap.lz4", "mprt-fair-share-faults.pcap.xz", "mprt-fair-share-faults.pcap.bz2"})
    void shouldJudgeACaptureTheToolCompressedAsItsPlainSelf(final String fixture) throws Exception {
        final Path capture = FIXTURES.resolve(fixture);

        assertThat(Ctk.execute("verdict", "--out", reports.toString(), capture.toString())).isEqualTo(ExitCodes.PASS);

        assertThat(console.out()).contains(capture + ": 448 frames (448 MPRT, 0 RoCEv2")
            .contains("34 pass, 0 fail, 10 inconclusive, 46 not applicable");
        assertThat(Files.readString(reports.resolve("mprt-fair-share-faults/verdict.json")))
            .contains(capture.toString()).contains(CAPTURE_SHA256);
    }

    @ParameterizedTest
    @CsvSource({"mprt-fair-share-faults.pcap.lz4, lz4", "mprt-fair-share-faults.pcap.xz, xz",
        "mprt-fair-share-faults.pcap.bz2, bzip2"})
    void shouldRefuseAStreamCutShortOrChangedAndJudgeNothing(final String fixture, final String label,
                                                             @TempDir final Path dir) throws Exception {
        final byte[] whole = Files.readAllBytes(FIXTURES.resolve(fixture));
        final Path cut = Files.write(dir.resolve("cut-" + fixture), Arrays.copyOf(whole, whole.length / 2));
        final byte[] changed = whole.clone();
        // Inside the compressed blocks: their checksums, or the content's, no longer hold.
        changed[whole.length / 2] ^= 0x55;
        final Path broken = Files.write(dir.resolve("changed-" + fixture), changed);
        final Path headerOnly = Files.write(dir.resolve("header-" + fixture), Arrays.copyOf(whole, 7));

        for (final Path capture : new Path[] {cut, broken, headerOnly}) {
            assertThat(Ctk.execute("verdict", "--out", reports.toString(), capture.toString()))
                .as(capture.toString()).isEqualTo(ExitCodes.INPUT_ERROR);
            assertThat(console.err()).contains(capture + ": compressed with " + label + ", and its " + label
                + " stream is broken or cut short after");
        }
        assertThat(console.err()).contains("nothing was judged").doesNotContain("Exception").doesNotContain("(null)");
        assertThat(reports).isEmptyDirectory();
    }

    @Test
    void shouldRefuseAnXzStreamWhoseDictionaryTakesMoreMemoryThanAllowed(@TempDir final Path dir) throws Exception {
        // xz --lzma2=dict=1000MiB: the decoder would allocate a dictionary of 1 GiB before the first byte.
        final Path capture = FIXTURES.resolve("mprt-bad-data-1gib-dictionary.pcap.xz");
        try (InputStream in = Files.newInputStream(capture)) {
            assertThatThrownBy(() -> Decompression.write(Compression.XZ, in, dir.resolve("copy.pcap"), capture.toString(),
                64 * 1024, ZstdDecoder.available()))
                .isInstanceOf(InputException.class)
                .hasMessage(capture + ": compressed with xz, with a dictionary that needs 1024 MiB to decompress, more than"
                    + " the 64 MiB the kit lets it take (half its heap); decompress it first (xz -dc " + capture
                    + " > capture.pcap) or give the kit more heap (JAVA_TOOL_OPTIONS=-Xmx4g); nothing was judged");
        }
        // Within the limit, the same stream is the capture it holds.
        try (InputStream in = Files.newInputStream(capture)) {
            Decompression.write(Compression.XZ, in, dir.resolve("copy.pcap"), capture.toString(), 2048 * 1024,
                ZstdDecoder.available());
        }
        // captures/wire/mprt-bad-data.pcap as it was compressed.
        assertThat(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(dir.resolve("copy.pcap")))))
            .isEqualTo("f28ecaac193412a53d5c6fe2978e304b88925db28c2028e4df686e5f5432e847");
    }

    @Test
    void shouldLoadZstdsOwnLibraryOnTheKitsPlatforms() {
        // Its jar carries the native code for Linux on x86-64 and ARM64, among others.
        assumeTrue(System.getProperty("os.name").equals("Linux") && List.of("amd64", "aarch64").contains(System.getProperty("os.arch")));
        assertThat(ZstdDecoder.available()).isEqualTo(ZstdDecoder.REFERENCE);
    }

    @Test
    void shouldReadZstdFramesOfWindowsUpTo128MibAndSayThatLargerOnesAreNotRead() throws Exception {
        assumeTrue(ZstdDecoder.available() == ZstdDecoder.REFERENCE, "zstd's own library loads here");
        // From a pipe, so that zstd declares the window it was told rather than the content's size.
        for (final String fixture : new String[] {"mprt-bad-data-long-23.pcap.zst", "mprt-bad-data-ultra-22.pcap.zst"}) {
            final Path capture = FIXTURES.resolve(fixture);
            assertThat(Ctk.execute("verdict", "--out", reports.toString(), capture.toString())).as(fixture).isEqualTo(ExitCodes.FAIL);
            assertThat(console.out()).contains(capture + ": 9 frames");
        }

        final Path capture = FIXTURES.resolve("mprt-bad-data-long-31.pcap.zst");
        assertThat(Ctk.execute("verdict", "--out", reports.resolve("larger").toString(), capture.toString()))
            .isEqualTo(ExitCodes.INPUT_ERROR);
        assertThat(console.err()).contains(capture + ": compressed with zstd in frames whose window is larger than 128 MiB"
            + " (as zstd --long=28 to --long=31 write them), which the kit's zstd decoder does not read;"
            + " decompress it first (zstd -d --long=31 -c " + capture + " > capture.pcap); nothing was judged");
        assertThat(reports.resolve("larger")).doesNotExist();
    }

    @Test
    void shouldReadZstdFramesOfWindowsUpTo8MibInPureJavaAndSayThatLargerOnesAreNotRead(@TempDir final Path dir)
        throws Exception {
        try (InputStream in = Files.newInputStream(FIXTURES.resolve("mprt-bad-data-long-23.pcap.zst"))) {
            Decompression.write(Compression.ZSTD, in, dir.resolve("copy.pcap"), "long-23", 64 * 1024, ZstdDecoder.PURE_JAVA);
        }
        assertThat(dir.resolve("copy.pcap")).hasSameBinaryContentAs(CtkCommandLineTest.CAPTURES.resolve("wire/mprt-bad-data.pcap"));

        for (final String fixture : new String[] {"mprt-bad-data-ultra-22.pcap.zst", "mprt-bad-data-long-31.pcap.zst"}) {
            final Path capture = FIXTURES.resolve(fixture);
            try (InputStream in = Files.newInputStream(capture)) {
                assertThatThrownBy(() -> Decompression.write(Compression.ZSTD, in, dir.resolve("copy.pcap"), capture.toString(),
                    64 * 1024, ZstdDecoder.PURE_JAVA))
                    .as(fixture)
                    .isInstanceOf(InputException.class)
                    .hasMessage(capture + ": compressed with zstd in frames whose window is larger than 8 MiB (as zstd --long,"
                        + " or --ultra -20 to -22 write them), which the kit's zstd decoder (pure Java: zstd's own library"
                        + " could not load here) does not read; decompress it first (zstd -d --long=31 -c " + capture
                        + " > capture.pcap); nothing was judged");
            }
        }
    }

    @Test
    void shouldSayWhatItWasDecompressedFromWhenTheCaptureInsideIsMalformed(@TempDir final Path dir) throws Exception {
        // The capture's first 90 bytes, which end inside its first frame, lz4-compressed in one frame of
        // one block: magic, FLG (version 01, independent blocks), BD (64 KB), header checksum, then the
        // block stored uncompressed (its size with the high bit set), and the end mark.
        final byte[] plain = Arrays.copyOf(Files.readAllBytes(CtkCommandLineTest.CAPTURES.resolve("wire/mprt-clean.pcap")), 90);
        final byte[] header = {0x04, 0x22, 0x4d, 0x18, 0x60, 0x40, (byte) 0x82};
        final byte[] size = {(byte) plain.length, 0, 0, (byte) 0x80};
        final byte[] file = new byte[header.length + size.length + plain.length + 4];
        System.arraycopy(header, 0, file, 0, header.length);
        System.arraycopy(size, 0, file, header.length, size.length);
        System.arraycopy(plain, 0, file, header.length + size.length, plain.length);
        final Path capture = Files.write(dir.resolve("cut-record.pcap.lz4"), file);

        assertThat(Ctk.execute("verdict", "--out", reports.toString(), capture.toString())).isEqualTo(ExitCodes.INPUT_ERROR);

        assertThat(console.err()).contains(capture + " (decompressed from lz4)").contains("frame 1, byte offset 24")
            .contains("file ends mid-frame");
        assertThat(reports).isEmptyDirectory();
    }
}
