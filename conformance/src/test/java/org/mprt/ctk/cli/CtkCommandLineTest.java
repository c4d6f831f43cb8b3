package org.mprt.ctk.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.airlift.compress.zstd.ZstdOutputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** The command line keeps its exit-code contract: 0 pass, 1 fail, 2 usage or input error. */
class CtkCommandLineTest {

    static final Path CAPTURES = Path.of("..", "captures");

    @RegisterExtension
    final ConsoleCapture console = new ConsoleCapture();

    @TempDir
    Path reports;


    @Test
    void shouldExitZeroAndWriteReportsForAConformingCapture() {
        final int exit = Ctk.execute("verdict", "--out", reports.toString(), CAPTURES.resolve("wire/mprt-clean.pcap").toString());

        assertThat(exit).isEqualTo(ExitCodes.PASS);
        assertThat(reports.resolve("mprt-clean/verdict.json")).exists();
        assertThat(reports.resolve("mprt-clean/verdict.html")).exists();
        assertThat(reports.resolve("mprt-clean/junit.xml")).content().contains("<testsuite name=\"mprt-ctk verdicts of ")
            .contains("<testcase classname=\"mprt-ctk.mprt-clean\" name=\"MPRT-WIRE-001\"");
        assertThat(console.out()).contains("no MUST violated");
    }

    @Test
    void shouldExitOneWhenARequirementFails() {
        final int exit = Ctk.execute("verdict", "--out", reports.toString(), CAPTURES.resolve("wire/mprt-bad-data.pcap").toString());

        assertThat(exit).isEqualTo(ExitCodes.FAIL);
        assertThat(console.out()).contains("MPRT-WIRE-031").contains("frame 4");
    }

    @Test
    void shouldExitTwoNamingFileFrameAndOffsetForAMalformedCapture() {
        final int exit = Ctk.execute("verdict", "--out", reports.toString(),
            CAPTURES.resolve("malformed/truncated-record.pcap").toString());

        assertThat(exit).isEqualTo(ExitCodes.INPUT_ERROR);
        assertThat(console.err()).contains("truncated-record.pcap").contains("frame 2")
            .contains("byte offset 100").doesNotContain("Exception");
        assertThat(reports).isEmptyDirectory();
    }

    @Test
    void shouldJudgeACaptureReadFromStandardInputAndNameItSo() throws Exception {
        final InputStream savedIn = System.in;
        final long copiesBefore = temporaryCopies();
        try {
            System.setIn(new ByteArrayInputStream(Files.readAllBytes(CAPTURES.resolve("wire/mprt-bad-data.pcap"))));
            final int exit = Ctk.execute("verdict", "--out", reports.toString(), "-");

            assertThat(exit).isEqualTo(ExitCodes.FAIL);
        } finally {
            System.setIn(savedIn);
        }
        assertThat(console.out()).contains("standard input: 9 frames").contains("MPRT-WIRE-031");
        assertThat(Files.readString(reports.resolve("stdin/verdict.json"))).contains("\"file\" : \"standard input\"");
        // The page decodes the frames it cites from the copy: the stream cannot be read a second time.
        assertThat(Files.readString(reports.resolve("stdin/verdict.html"))).contains("<div class=\"frame\" id=\"frame-4\">");
        assertThat(temporaryCopies()).isEqualTo(copiesBefore);
    }

    @Test
    void shouldNameAStreamInTheErrorOfAMalformedCaptureItCarries() throws Exception {
        final InputStream savedIn = System.in;
        try {
            System.setIn(new ByteArrayInputStream(Files.readAllBytes(CAPTURES.resolve("malformed/truncated-record.pcap"))));
            assertThat(Ctk.execute("verdict", "--out", reports.toString(), "-")).isEqualTo(ExitCodes.INPUT_ERROR);
        } finally {
            System.setIn(savedIn);
        }
        assertThat(console.err()).contains("file standard input, frame 2, byte offset 100")
            .doesNotContain("ctk-capture");
    }

    @Test
    void shouldSayAFolderIsNotACaptureAndReadADeviceAsAStream() {
        assertThat(Ctk.execute("verdict", "--out", reports.toString(), CAPTURES.toString())).isEqualTo(ExitCodes.INPUT_ERROR);
        assertThat(console.err()).contains(CAPTURES + ": a folder; expected a pcap, pcapng or ERF file");
        if (Files.exists(Path.of("/dev/null"))) {
            assertThat(Ctk.execute("verdict", "--out", reports.toString(), "/dev/null")).isEqualTo(ExitCodes.INPUT_ERROR);
            assertThat(console.err()).contains("file /dev/null, before the first frame, byte offset 0: file is empty");
        }
    }

    @Test
    void shouldJudgeACaptureCompressedWithGzipOrZstdAsItsPlainSelf(@TempDir final Path dir) throws Exception {
        final Path plain = CAPTURES.resolve("wire/mprt-bad-data.pcap");
        final Path gzip = dir.resolve("mprt-bad-data.pcap.gz");
        final Path zstd = Files.createDirectories(dir.resolve("z")).resolve("mprt-bad-data.pcap.zst");
        Files.write(gzip, gzip(Files.readAllBytes(plain)));
        Files.write(zstd, zstd(Files.readAllBytes(plain)));
        final long copiesBefore = temporaryCopies();

        assertThat(Ctk.execute("verdict", "--out", reports.toString(), gzip.toString(), zstd.toString()))
            .isEqualTo(ExitCodes.FAIL);

        assertThat(console.out()).contains(gzip + ": 9 frames").contains(zstd + ": 9 frames").contains("MPRT-WIRE-031");
        final String sha256 = sha256(Files.readAllBytes(plain));
        // Each named as given, in a folder without its extensions, with the SHA-256 of the capture decompressed.
        assertThat(Files.readString(reports.resolve("mprt-bad-data/verdict.json"))).contains(gzip.toString()).contains(sha256);
        assertThat(Files.readString(reports.resolve("mprt-bad-data-2/verdict.json"))).contains(zstd.toString()).contains(sha256);
        assertThat(temporaryCopies()).isEqualTo(copiesBefore);
    }

    @Test
    void shouldDecompressACaptureFromStandardInputAndFromAPipe(@TempDir final Path dir) throws Exception {
        final byte[] compressed = gzip(Files.readAllBytes(CAPTURES.resolve("wire/mprt-bad-data.pcap")));
        assertThat(verdictOfStandardInput(compressed)).isEqualTo(ExitCodes.FAIL);
        assertThat(console.out()).contains("standard input: 9 frames");

        // A named pipe, as <(zcat ...) gives one: read as a stream, never asked for its size.
        final Path fifo = dir.resolve("capture.fifo");
        assumeTrue(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0, "mkfifo makes a named pipe");
        final Thread writer = new Thread(() -> {
            try (OutputStream out = Files.newOutputStream(fifo)) {
                out.write(compressed);
            } catch (final IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        // A daemon, joined with a bound: should the kit never open the pipe, the writer stays blocked, not the build.
        writer.setDaemon(true);
        writer.start();
        assertThat(Ctk.execute("verdict", "--out", reports.toString(), fifo.toString())).isEqualTo(ExitCodes.FAIL);
        writer.join(Duration.ofSeconds(30).toMillis());
        assertThat(writer.isAlive()).as("the writer still waits for the kit to read the pipe").isFalse();
        assertThat(console.out()).contains(fifo + ": 9 frames");
    }

    @Test
    void shouldJudgePcapngFilesGivenOneAfterAnotherAsOneCaptureOfSeveralSections() throws Exception {
        // As a capture rotated into files is joined (README): cat part1.pcapng part2.pcapng | ctk verdict -
        final byte[] first = Files.readAllBytes(CAPTURES.resolve("wire/mprt-bad-headers-epb.pcapng"));
        final byte[] second = Files.readAllBytes(CAPTURES.resolve("wire/rocev2-clean-vlan-ipv6.pcapng"));
        final byte[] joined = Arrays.copyOf(first, first.length + second.length);
        System.arraycopy(second, 0, joined, first.length, second.length);
        assertThat(verdictOfStandardInput(joined)).isEqualTo(ExitCodes.FAIL);
        // 12 frames of the first file (8 MPRT, 3 malformed, 1 other) and 6 RoCEv2 of the second.
        assertThat(console.out()).contains("standard input: 18 frames (8 MPRT, 6 RoCEv2, 0 snapped, 0 unidentified,"
            + " 3 malformed, 1 other)");
    }

    @Test
    void shouldRefuseACompressedCaptureCutShortOrBrokenAndJudgeNothing(@TempDir final Path dir) throws Exception {
        final byte[] plain = Files.readAllBytes(CAPTURES.resolve("wire/mprt-bad-data.pcap"));
        final byte[] gzip = gzip(plain);
        final Path cut = Files.write(dir.resolve("cut.pcap.gz"), Arrays.copyOf(gzip, gzip.length / 2));
        final byte[] flipped = gzip.clone();
        // In the deflated data, past the 10-byte header: the stream's CRC-32 or its blocks no longer hold.
        flipped[gzip.length / 2] ^= 0x55;
        final Path broken = Files.write(dir.resolve("broken.pcap.gz"), flipped);
        final byte[] zstd = zstd(plain);
        final Path cutZstd = Files.write(dir.resolve("cut.pcap.zst"), Arrays.copyOf(zstd, zstd.length / 2));

        for (final Path capture : List.of(cut, broken, cutZstd)) {
            assertThat(Ctk.execute("verdict", "--out", reports.toString(), capture.toString())).isEqualTo(ExitCodes.INPUT_ERROR);
        }

        assertThat(console.err()).contains(cut + ": compressed with gzip, and its gzip stream is broken or cut short after")
            .contains(broken + ": compressed with gzip, and its gzip stream is broken or cut short after")
            .contains(cutZstd + ": compressed with zstd, and its zstd stream is broken or cut short after")
            .contains("nothing was judged").doesNotContain("Exception");
        assertThat(reports).isEmptyDirectory();
    }

    @Test
    void shouldPlaceTheErrorOfAMalformedCompressedCaptureInItsDecompressedBytes(@TempDir final Path dir) throws Exception {
        final Path gzip = Files.write(dir.resolve("truncated-record.pcap.gz"),
            gzip(Files.readAllBytes(CAPTURES.resolve("malformed/truncated-record.pcap"))));

        assertThat(Ctk.execute("verdict", "--out", reports.toString(), gzip.toString())).isEqualTo(ExitCodes.INPUT_ERROR);

        assertThat(console.err()).contains("file " + gzip + " (decompressed from gzip), frame 2, byte offset 100")
            .doesNotContain("ctk-capture");
    }

    /** {@code ctk verdict -} reading {@code input} as its standard input; its exit code. */
    private int verdictOfStandardInput(final byte[] input) {
        final InputStream savedIn = System.in;
        try {
            System.setIn(new ByteArrayInputStream(input));
            return Ctk.execute("verdict", "--out", reports.toString(), "-");
        } finally {
            System.setIn(savedIn);
        }
    }

    private static byte[] gzip(final byte[] plain) throws IOException {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(plain);
        }
        return out.toByteArray();
    }

    private static byte[] zstd(final byte[] plain) throws IOException {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ZstdOutputStream z = new ZstdOutputStream(out)) {
            z.write(plain);
        }
        return out.toByteArray();
    }

    private static String sha256(final byte[] bytes) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }

    private static long temporaryCopies() throws IOException {
        try (Stream<Path> files = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return files.filter(f -> f.getFileName().toString().startsWith("ctk-capture")).count();
        }
    }

    @Test
    void shouldWriteTheReportsOfTwoCapturesOfOneNameApart(@TempDir final Path dir) throws Exception {
        final Path clean = Files.createDirectories(dir.resolve("a")).resolve("run.pcap");
        final Path bad = Files.createDirectories(dir.resolve("b")).resolve("run.pcap");
        Files.copy(CAPTURES.resolve("wire/mprt-clean.pcap"), clean);
        Files.copy(CAPTURES.resolve("wire/mprt-bad-data.pcap"), bad);

        assertThat(Ctk.execute("verdict", "--out", reports.toString(), clean.toString(), bad.toString()))
            .isEqualTo(ExitCodes.FAIL);

        assertThat(Files.readString(reports.resolve("run/verdict.json"))).contains(clean.toString());
        assertThat(Files.readString(reports.resolve("run-2/verdict.json"))).contains(bad.toString());
        assertThat(console.out()).contains(reports.resolve("run-2").resolve("verdict.html").toString());
    }

    @Test
    void shouldRefuseAPortRateOrSlowerPathsThatCannotBeMeant() {
        final String capture = CAPTURES.resolve("wire/mprt-clean.pcap").toString();
        for (final String[] option : new String[][] {{"--port-rate", "0"}, {"--port-rate", "-5"}, {"--slower-paths", "64"},
            {"--slower-paths", "1,-1"}}) {
            assertThat(Ctk.execute("verdict", option[0], option[1], "--out", reports.toString(), capture))
                .as(String.join(" ", option)).isEqualTo(ExitCodes.INPUT_ERROR);
        }
        assertThat(console.err()).contains("--port-rate 0: expected a line rate in Mb/s above 0")
            .contains("--port-rate -5: expected").contains("--slower-paths 64: expected path_ids from 0 to 63")
            .contains("--slower-paths -1: expected");
        assertThat(Ctk.execute("verdict", "--port-rate", "100000", "--slower-paths", "0,63", "--out", reports.toString(),
            capture)).isEqualTo(ExitCodes.PASS);
    }

    @Test
    void shouldExitTwoForAMissingFileAndForAnUnknownOption() {
        assertThat(Ctk.execute("verdict", "--out", reports.toString(), "no-such.pcap")).isEqualTo(ExitCodes.INPUT_ERROR);
        assertThat(Ctk.execute("verdict", "--no-such-option", "x.pcap")).isEqualTo(ExitCodes.INPUT_ERROR);
        assertThat(Ctk.execute()).isEqualTo(ExitCodes.INPUT_ERROR);
    }

    @Test
    void shouldWriteTheWiresharkDissectorKeptInTheRepository() throws IOException {
        final String kept = Files.readString(Path.of("..", "spec", "wireshark", "mprt.lua"));
        assertThat(Ctk.execute("dissector")).isEqualTo(ExitCodes.PASS);
        assertThat(console.out()).isEqualTo(kept).contains("register_postdissector(mprt)");
        final Path file = reports.resolve("plugins").resolve("mprt.lua");
        assertThat(Ctk.execute("dissector", "--out", file.toString())).isEqualTo(ExitCodes.PASS);
        assertThat(file).hasContent(kept);
        assertThat(Ctk.execute("dissector", "--out", reports.toString())).isEqualTo(ExitCodes.INPUT_ERROR);
        assertThat(console.err()).contains("--out " + reports + ": is a folder, expected a file");
        try (Stream<Path> left = Files.list(file.getParent())) {
            assertThat(left).containsExactly(file);
        }
    }

    @Test
    void shouldExitTwoBeforeAnyWorkWhenTheOutputFolderCannotBeMade() throws IOException {
        final Path file = Files.writeString(reports.resolve("a-file"), "not a folder");
        final String out = file.resolve("reports").toString();
        final String capture = CAPTURES.resolve("wire/mprt-clean.pcap").toString();
        final String[][] commands = {
            {"verdict", "--out", out, capture},
            {"run", "--out", out, "--no-replay", "--name", "no scenario has this name"},
            {"live", "--out", out},
            {"coverage", "--features", "../features", "--out", out},
            {"merge", "--out", out, reports.toString()},
        };
        for (final String[] command : commands) {
            final int before = console.err().length();
            assertThat(Ctk.execute(command)).as(command[0]).isEqualTo(ExitCodes.INPUT_ERROR);
            assertThat(console.err().substring(before)).as(command[0])
                .contains("--out " + out + ": " + file + " is a file, expected a folder to make a folder in")
                .doesNotContain("Exception");
        }
        assertThat(console.out()).isEmpty();
        assertThat(Ctk.execute("run", "--features", "../features", "--rerun-file", reports.toString(), "--no-replay"))
            .isEqualTo(ExitCodes.INPUT_ERROR);
        assertThat(console.err()).contains("--rerun-file " + reports + ": is a folder, expected a file");
        try (Stream<Path> left = Files.list(reports)) {
            assertThat(left).containsExactly(file);
        }
    }

    @Test
    void shouldSayWhichFolderItCouldNotWriteWhenTheSystemRefusesOnlyAtTheWrite() {
        // For root, /proc passes the checks made beforehand (a folder, writable by its mode) but makes no
        // folder; for anyone else the check beforehand says so.
        assumeTrue(Files.isDirectory(Path.of("/proc")), "a Linux /proc");
        final int exit = Ctk.execute("verdict", "--out", "/proc/ctk-reports", CAPTURES.resolve("wire/mprt-clean.pcap").toString());

        assertThat(exit).isEqualTo(ExitCodes.INPUT_ERROR);
        assertThat(console.err()).containsAnyOf("ctk: cannot write or read /proc/ctk-reports: ",
            "ctk: --out /proc/ctk-reports: cannot write in /proc (no write permission)").doesNotContain("Exception");
    }

    @Test
    void shouldListExitCodesInEveryCommandsHelp() {
        for (final String command : new String[] {"run", "verdict", "live", "coverage", "merge", "test"}) {
            console.resetOut();
            assertThat(Ctk.execute(command, "--help")).isEqualTo(ExitCodes.PASS);
            assertThat(console.out()).as(command).contains("Exit codes:").contains("3  kit error");
        }
    }

    @Test
    void shouldSummariseEveryCommandInTheTopHelpWithAWholeSentence() {
        // picocli takes a command's first description line as its summary in the list of commands.
        console.resetOut();
        assertThat(Ctk.execute("--help")).isEqualTo(ExitCodes.PASS);
        final String list = console.out().substring(console.out().indexOf("Commands:"), console.out().indexOf("Exit codes:"));
        final List<String> summaries = new ArrayList<>();
        for (final String line : list.lines().skip(1).toList()) {
            if (line.startsWith("  ") && !line.startsWith("   ")) {
                summaries.add(line.strip());
            } else if (!line.isBlank()) {
                summaries.set(summaries.size() - 1, summaries.get(summaries.size() - 1) + " " + line.strip());
            }
        }
        assertThat(summaries).hasSizeGreaterThanOrEqualTo(7).allSatisfy(summary -> assertThat(summary).endsWith("."));
    }

    @Test
    void shouldPrintTheExitCodesAsWrittenWithinTheHelpsWidth() {
        // picocli folds a footer line past its 80 columns, which breaks the table of exit codes apart.
        for (final String[] help : new String[][] {{"--help"}, {"verdict", "--help"}, {"live", "--help"}, {"coverage", "--help"},
            {"run", "--help"}, {"merge", "--help"}}) {
            console.resetOut();
            assertThat(Ctk.execute(help)).isEqualTo(ExitCodes.PASS);
            final List<String> lines = console.out().lines().toList();
            final String footer = String.format(help.length == 1 ? ExitCodes.FOOTER
                : List.of("run", "merge").contains(help[0]) ? ExitCodes.SUITE_FOOTER
                : help[0].equals("live") ? ExitCodes.LIVE_FOOTER : ExitCodes.FOOTER);
            assertThat(lines).as(String.join(" ", help)).containsSubsequence(footer.lines().toList());
            assertThat(lines).as(String.join(" ", help)).allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(80));
        }
    }

    @Test
    void shouldReplayEveryCaptureAsExpectedAndWriteTheReplayIndex() throws Exception {
        final int exit = Ctk.execute("run", "--out", reports.toString(), "--captures", CAPTURES.toString(),
            "--features", Path.of("..", "features").toString(), "--tags", "@MPRT-WIRE-010 and not @mutant");

        assertThat(exit).isEqualTo(ExitCodes.PASS);
        assertThat(Files.readString(reports.resolve("replay/summary.json"))).contains("\"asExpected\" : true")
            .doesNotContain("\"asExpected\" : false");
        assertThat(reports.resolve("replay/index.html")).exists();
        assertThat(reports.resolve("index.html")).exists();
        assertThat(console.out()).contains("judged as expected").doesNotContain("MISMATCH");
    }

    @Test
    void shouldTightenThePmtuRuleWithADeclaredPicsAndRejectABadOne() throws Exception {
        final Path pics = reports.resolve("pmtu1024.yaml");
        Files.writeString(pics, Files.readString(Path.of("..", "spec", "pics", "reference-mprt.yaml"))
            .replace("pmtu: 4096", "pmtu: 1024"));
        final Path clean = CAPTURES.resolve("wire/mprt-clean.pcap");

        assertThat(Ctk.execute("verdict", "--out", reports.resolve("a").toString(), clean.toString())).isEqualTo(ExitCodes.PASS);
        assertThat(Ctk.execute("verdict", "--pics", pics.toString(), "--out", reports.resolve("b").toString(),
            CAPTURES.resolve("wire/mprt-bad-data.pcap").toString())).isEqualTo(ExitCodes.FAIL);
        assertThat(console.out()).contains("PMTU of 1024 bytes");

        Files.writeString(pics, "profile: mprt-0.1\n");
        assertThat(Ctk.execute("verdict", "--pics", pics.toString(), clean.toString())).isEqualTo(ExitCodes.INPUT_ERROR);
        assertThat(console.err()).contains("pmtu1024.yaml");
    }

    @Test
    void shouldJudgeSenderRulesWhenToldWhereTheCaptureWasTaken() {
        final String capture = CAPTURES.resolve("behaviour/mprt-sender-faults.pcap").toString();

        assertThat(Ctk.execute("verdict", "--out", reports.toString(), "--taken-at", "10.0.0.1", "--from-start", capture))
            .isEqualTo(ExitCodes.FAIL);
        assertThat(console.out()).contains("MPRT-PATH-001").contains("PSN 2 is skipped");

        assertThat(Ctk.execute("verdict", "--taken-at", "no-such-host", capture)).isEqualTo(ExitCodes.INPUT_ERROR);
        assertThat(console.err()).contains("expected an IPv4 or IPv6 address");
    }
}
