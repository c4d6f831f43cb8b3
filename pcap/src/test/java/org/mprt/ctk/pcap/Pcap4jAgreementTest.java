package org.mprt.ctk.pcap;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The kit's reader against pcap4j (libpcap) on the files the kit writes, on hand-crafted files,
 * on every capture kept in the repository and on a capture taken on real RoCEv2 NICs. Skipped,
 * with the reason, where libpcap cannot be loaded.
 */
class Pcap4jAgreementTest {
    /** The repository's capture folder, seen from the module directory Maven runs tests in. */
    private static final Path CAPTURES = Path.of("..", "captures");
    /** Captures nobody on the team produced, outside the repository (see its README.md). */
    private static final Path EXTERNAL_CAPTURES = Path.of("..").resolve("../shared/captures-external");
    private static final String ROCE_CAPTURE = "oferby-proxy_roce.pcap";
    private static final int ROCE_CAPTURE_FRAMES = 123;
    private static final byte[] FRAME = WrittenFrame.pattern(60, 1);

    @TempDir
    Path tempDir;

    @BeforeEach
    void requireLibpcap() {
        Pcap4jReader.assumeLibpcapLoads();
    }

    @Test
    void shouldAgreeOnLittleEndianPcapFromPcapWriter() throws IOException {
        final Path file = tempDir.resolve("little.pcap");
        try (PcapWriter writer = PcapWriter.create(file, LinkType.ETHERNET)) {
            writeVariedFrames(writer);
        }

        assertAgreement(file, 50);
    }

    @Test
    void shouldAgreeOnBigEndianPcapFromPcapWriter() throws IOException {
        final Path file = tempDir.resolve("big.pcap");
        try (PcapWriter writer = PcapWriter.create(file, LinkType.RAW, ByteOrder.BIG_ENDIAN, 128)) {
            writeVariedFrames(writer);
        }

        assertAgreement(file, 50);
    }

    @Test
    void shouldAgreeOnBigEndianMicrosecondPcap() throws IOException {
        final Path file = CaptureBytes.bigEndian().pcapHeader(0xA1B2C3D4, 65_535, 1)
            .pcapRecord(1_650_970_174L, 376_937, FRAME, 60)
            .pcapRecord(4_000_000_000L, 999_999, FRAME, 1514)
            .writeTo(tempDir.resolve("big-us.pcap"));

        assertAgreement(file, 2);
    }

    @Test
    void shouldAgreeOnPcapngFromPcapngWriter() throws IOException {
        final Path file = tempDir.resolve("writer.pcapng");
        try (PcapngWriter writer = PcapngWriter.create(file, ByteOrder.LITTLE_ENDIAN)) {
            writer.addInterface("port0", LinkType.ETHERNET, 262_144);
            writer.addInterface("port1", LinkType.ETHERNET, 262_144);
            for (int i = 0; i < 50; i++) {
                writer.write(i % 2, 1_650_970_174_000_000_000L + 1_001L * i, WrittenFrame.pattern(14 + i * 29, i),
                    0, 14 + i * 29, 14 + i * 29);
            }
        }

        assertAgreement(file, 50);
    }

    @Test
    void shouldAgreeOnPcapngTimestampResolutions() throws IOException {
        final Path file = CaptureBytes.bigEndian()
            .sectionHeader()
            .interfaceDescription(1, 0, -1)
            .interfaceDescription(1, 0, 9)
            .interfaceDescription(1, 0, 0x8A)
            .enhancedPacket(0, 1_650_970_174_376_937L, FRAME, 60)
            .enhancedPacket(1, 1_650_970_174_376_937_123L, FRAME, 60)
            .enhancedPacket(2, 1_650_970_174L * 1024 + 1, FRAME, 60)
            .writeTo(tempDir.resolve("resolutions.pcapng"));

        assertAgreement(file, 3);
    }

    @Test
    void shouldAgreeOnSimpleObsoleteAndSkippedPcapngBlocks() throws IOException {
        final Path file = CaptureBytes.littleEndian()
            .sectionHeader()
            .interfaceDescription(1, 65_535, 9)
            .block(4, new byte[4])
            .simplePacket(FRAME, 60)
            .block(5, new byte[20])
            .u32(2).u32(92).u16(0).u16(0).u32(0).u32(77).u32(60).u32(60).bytes(FRAME).u32(92)
            .enhancedPacket(0, 99, FRAME, 60)
            .writeTo(tempDir.resolve("blocks.pcapng"));

        assertAgreement(file, 3);
    }

    @Test
    void shouldAgreeOnPcapngSectionsOfTheSameByteOrder() throws IOException {
        final Path file = CaptureBytes.littleEndian()
            .sectionHeader().interfaceDescription(1, 0, 9).enhancedPacket(0, 5, FRAME, 60)
            .sectionHeader().interfaceDescription(1, 0, 6).enhancedPacket(0, 6, FRAME, 60)
            .writeTo(tempDir.resolve("sections.pcapng"));

        assertAgreement(file, 2);
    }

    @Test
    void shouldReadEverySectionEvenWhereLibpcapStopsAtAByteOrderChange() throws IOException {
        // libpcap 1.10 reads the second section header's length in the first section's byte order.
        final Path file = CaptureBytes.littleEndian()
            .sectionHeader().interfaceDescription(1, 0, 9).enhancedPacket(0, 5, FRAME, 60)
            .order(ByteOrder.BIG_ENDIAN)
            .sectionHeader().interfaceDescription(1, 0, 9).enhancedPacket(0, 6, FRAME, 60)
            .writeTo(tempDir.resolve("byte-orders.pcapng"));

        final AgreementReport report = CaptureAgreement.compare(file);
        System.out.println("Sections of different byte order, as pcap4j reads them: " + report);

        assertThat(report.kitFrames()).isEqualTo(2);
        assertThat(report.kitRejection()).isNull();
        assertThat(report.disagreements()).as("differences on the frames both read")
            .allSatisfy(disagreement -> assertThat(disagreement.frameNumber()).isZero());
    }

    @Test
    void shouldReportWhereTheReadersDiffer() throws IOException {
        // A record longer than the snap length: libpcap cuts it to the snap length, the kit does not.
        final Path file = CaptureBytes.littleEndian().pcapHeader(0xA1B23C4D, 64, 1)
            .pcapRecord(0, 0, WrittenFrame.pattern(200, 1), 200)
            .writeTo(tempDir.resolve("over-snap.pcap"));

        assertThat(CaptureAgreement.disagreements(file))
            .containsExactly(new Disagreement(1, "frame.cap_len", "200 (0xc8)", "64 (0x40)"));
    }

    @Test
    void shouldBeRejectedByBothReaders() throws IOException {
        final byte[][] malformed = {
            new byte[0],
            CaptureBytes.bigEndian().u32(0x12345678).zeros(20).toByteArray(),
            CaptureBytes.littleEndian().u32(0xA1B23C4D).u16(2).u16(4).toByteArray(),
            pcapHeader().zeros(7).toByteArray(),
            pcapHeader().u32(0).u32(0).u32(100).u32(100).zeros(10).toByteArray(),
            pcapHeader().u32(0).u32(0).u32(0xFFFF_FFFFL).u32(0xFFFF_FFFFL).toByteArray(),
            pcapngHeader().u32(4).u32(13).zeros(5).toByteArray(),
            pcapngHeader().u32(4).u32(8).u32(8).toByteArray(),
            pcapngHeader().u32(4).u32(0x7FFF_FFF0L).zeros(8).toByteArray(),
            pcapngHeader().u32(4).u32(16).u32(0).u32(20).toByteArray(),
            pcapngHeader().enhancedPacket(3, 0, FRAME, 60).toByteArray(),
            CaptureBytes.littleEndian().u32(0x0A0D0D0A).u32(28).u32(0x1A2B3C4E).u16(1).u16(0).u64(-1).u32(28)
                .toByteArray(),
        };
        for (int i = 0; i < malformed.length; i++) {
            final Path file = Files.write(tempDir.resolve("malformed-" + i + ".pcap"), malformed[i]);

            final AgreementReport report = CaptureAgreement.compare(file);

            assertThat(report.isRejectedByBoth()).as("case %d rejected by both readers: %s", i, report).isTrue();
            assertThat(report.disagreements()).as("case %d", i).isEmpty();
        }
    }

    @Test
    void shouldAgreeWithPcap4jOnEveryCaptureInCapturesFolder() throws IOException {
        final int checked = assertEveryCaptureAgrees(CAPTURES);

        if (checked == 0) {
            System.out.println("No capture under " + CAPTURES.toAbsolutePath().normalize()
                + " yet: nothing to cross-check, passing vacuously.");
        }
    }

    @Test
    void shouldCheckEveryCaptureOfAFolderTreeAndExpectMalformedOnesRejected() throws IOException {
        final Path folder = Files.createDirectories(tempDir.resolve("captures/golden"));
        try (PcapWriter writer = PcapWriter.create(folder.resolve("good.pcap"), LinkType.ETHERNET)) {
            writer.write(1L, FRAME);
        }
        try (PcapngWriter writer = PcapngWriter.create(folder.resolve("GOOD.PCAPNG"), LinkType.ETHERNET)) {
            writer.write(1L, FRAME);
        }
        Files.write(folder.resolve("truncated-malformed.pcap"), pcapHeader().zeros(7).toByteArray());
        Files.write(folder.resolve("notes.txt"), new byte[] {1});

        assertThat(assertEveryCaptureAgrees(tempDir.resolve("captures"))).isEqualTo(3);
    }

    @Test
    void shouldAgreeWithPcap4jOnTheRoceCaptureFromRealNics() throws IOException {
        final Path capture = EXTERNAL_CAPTURES.resolve(ROCE_CAPTURE);
        Assumptions.assumeTrue(Files.isRegularFile(capture), () -> "external capture " + capture.toAbsolutePath()
            .normalize() + " is absent (it lives outside the repository, see shared/captures-external/README.md)");

        final AgreementReport report = CaptureAgreement.compare(capture);

        assertThat(report.disagreements()).isEmpty();
        assertThat(report.kitRejection()).isNull();
        assertThat(report.kitFrames()).isEqualTo(ROCE_CAPTURE_FRAMES);
        assertThat(report.pcap4jFrames()).isEqualTo(ROCE_CAPTURE_FRAMES);
    }

    private static void writeVariedFrames(final CaptureWriter writer) throws IOException {
        for (int i = 0; i < 50; i++) {
            final int lengthBytes = 1 + i * 31;
            writer.write(1_650_970_174_000_000_000L + 999_999_937L * i, WrittenFrame.pattern(lengthBytes, i), 0,
                lengthBytes, lengthBytes + i % 3);
        }
    }

    private static CaptureBytes pcapHeader() {
        return CaptureBytes.littleEndian().pcapHeader(0xA1B23C4D, 65_535, 1);
    }

    private static CaptureBytes pcapngHeader() {
        return CaptureBytes.littleEndian().sectionHeader().interfaceDescription(1, 0, 9);
    }

    private static void assertAgreement(final Path file, final long frames) throws IOException {
        final AgreementReport report = CaptureAgreement.compare(file);
        assertThat(report.disagreements()).as("disagreements on %s", file).isEmpty();
        assertThat(report.kitRejection()).isNull();
        assertThat(report.kitFrames()).isEqualTo(frames);
    }

    /** Cross-checks every capture under {@code folder}; returns how many it checked. */
    private static int assertEveryCaptureAgrees(final Path folder) throws IOException {
        final List<Path> captures = CaptureAgreement.capturesIn(folder);
        for (final Path capture : captures) {
            final AgreementReport report = CaptureAgreement.compare(capture);
            if (capture.toString().contains("malformed")) {
                assertThat(report.isRejectedByBoth()).as("%s is malformed, so both readers must reject it: %s",
                    capture, report).isTrue();
            } else {
                assertThat(report.disagreements()).as("%s read by the kit and by pcap4j", capture).isEmpty();
                assertThat(report.kitRejection()).as("%s", capture).isNull();
            }
        }
        return captures.size();
    }
}
