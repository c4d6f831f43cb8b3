package org.mprt.ctk.pcap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MalformedCaptureTest {
    private static final int MAGIC_NANOSECONDS = 0xA1B23C4D;
    private static final int NO_TSRESOL = -1;
    private static final byte[] FRAME = {0x01, 0x02, 0x03, 0x04, 0x05};
    private static final int FIRST_RECORD_OFFSET = 24;
    private static final int SECOND_RECORD_OFFSET = FIRST_RECORD_OFFSET + 16 + FRAME.length;
    /** Section header (28) and interface description (20) come first in the pcapng files here. */
    private static final int FIRST_PACKET_BLOCK_OFFSET = 48;

    @TempDir
    Path tempDir;

    @Test
    void shouldRejectAnEmptyFile() throws IOException {
        final CaptureFormatException error = readFails(new byte[0]);

        assertThat(error.getMessage()).contains("before the first frame, byte offset 0: file is empty");
        assertThat(error.frameNumber()).isZero();
        assertThat(error.byteOffset()).isZero();
    }

    @Test
    void shouldRejectAnUnknownMagicNumber() throws IOException {
        final CaptureFormatException error = readFails(new byte[] {0x12, 0x34, 0x56, 0x78, 0, 0, 0, 0});

        assertThat(error.getMessage()).contains("before the first frame, byte offset 0: unknown magic number 0x12345678 (expected");
    }

    @Test
    void shouldNameTheCompressionOfACompressedFileAndHowToDecompressIt() throws IOException {
        final CaptureFormatException gzip = readFails(new byte[] {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0});
        assertThat(gzip.getMessage()).contains("before the first frame, byte offset 0: magic number 0x1f8b0800: a file compressed"
            + " with gzip, where a pcap or pcapng file was expected; decompress it first (gzip -dc " + tempDir.resolve("malformed.cap"));
        assertThat(readFails(new byte[] {0x28, (byte) 0xb5, 0x2f, (byte) 0xfd, 0, 0, 0, 0}).getMessage()).contains("a file compressed with zstd");
        assertThat(readFails(new byte[] {0x04, 0x22, 0x4d, 0x18, 0, 0, 0, 0}).getMessage()).contains("a file compressed with lz4");
        assertThat(readFails(new byte[] {(byte) 0xfd, 0x37, 0x7a, 0x58, 0x5a, 0, 0, 0}).getMessage()).contains("a file compressed with xz");
        assertThat(readFails(new byte[] {0x42, 0x5a, 0x68, 0x39, 0x31, 0x41, 0x59, 0x26}).getMessage())
            .contains("a file compressed with bzip2").contains("bzip2 -dc");
    }

    @Test
    void shouldRejectAFileShorterThanTheMagicNumber() throws IOException {
        assertThat(readFails(new byte[] {(byte) 0xD4, (byte) 0xC3}).getMessage())
            .contains("before the first frame, byte offset 0: file is 2 bytes long, too short for a magic number");
    }

    @Test
    void shouldRejectAFileShorterThanThePcapFileHeader() throws IOException {
        final byte[] bytes = CaptureBytes.littleEndian().u32(MAGIC_NANOSECONDS).u16(2).u16(4).u16(0).toByteArray();

        assertThat(readFails(bytes).getMessage()).contains(
            "before the first frame, byte offset 0: file is 10 bytes long, shorter than the pcap file header"
                + " (expected at least 24 bytes)");
    }

    @Test
    void shouldRejectAnUnsupportedPcapVersion() throws IOException {
        final byte[] bytes = CaptureBytes.littleEndian().u32(MAGIC_NANOSECONDS).u16(3).u16(0)
            .u32(0).u32(0).u32(65_535).u32(1).toByteArray();

        assertThat(readFails(bytes).getMessage())
            .contains("before the first frame, byte offset 4: pcap version 3.0 (expected 2.0 to 2.4)");
    }

    @Test
    void shouldRejectATruncatedRecordHeader() throws IOException {
        final byte[] bytes = pcap().pcapRecord(1, 0, FRAME, 5).zeros(7).toByteArray();

        final CaptureFormatException error = readFails(bytes);

        assertThat(error.getMessage()).contains("frame 2, byte offset " + SECOND_RECORD_OFFSET
            + ": file ends 7 bytes into a record header (expected 16 bytes)");
        assertThat(error.frameNumber()).isEqualTo(2);
        assertThat(error.byteOffset()).isEqualTo(SECOND_RECORD_OFFSET);
    }

    @Test
    void shouldRejectARecordWhoseDataRunsPastTheEndOfFile() throws IOException {
        final byte[] bytes = pcap().u32(1).u32(0).u32(100).u32(100).zeros(10).toByteArray();

        assertThat(readFails(bytes).getMessage()).contains("frame 1, byte offset " + FIRST_RECORD_OFFSET
            + ": file ends mid-frame: record claims 100 captured bytes, but only 10 bytes follow the record header");
    }

    @Test
    void shouldRejectACapturedLengthOverBothSnapLengthAndLibpcapMaximum() throws IOException {
        final byte[] bytes = pcap().pcapRecord(1, 0, FRAME, 5).u32(1).u32(0).u32(300_000).u32(300_000)
            .zeros(16).toByteArray();

        assertThat(readFails(bytes).getMessage()).contains("frame 2, byte offset " + SECOND_RECORD_OFFSET
            + ": record header claims captured length 300000, over the snap length 65535 (expected at most 262144)");
    }

    @Test
    void shouldRejectAFourGigabyteLengthClaimWithoutAllocatingIt() throws IOException {
        final byte[] bytes = pcap().u32(1).u32(0).u32(0xFFFF_FFFFL).u32(0xFFFF_FFFFL).zeros(32).toByteArray();

        assertThat(readFails(bytes).getMessage()).contains("frame 1, byte offset " + FIRST_RECORD_OFFSET
            + ": record header claims captured length 4294967295, over the snap length 65535"
            + " (expected at most 262144)");
    }

    @Test
    void shouldRejectAPcapngBlockLengthBelowTheMinimum() throws IOException {
        final byte[] bytes = pcapng().u32(4).u32(8).u32(8).toByteArray();

        assertThat(readFails(bytes).getMessage()).contains("frame 1, byte offset " + FIRST_PACKET_BLOCK_OFFSET
            + ": block of type 0x00000004 claims total length 8 (expected at least 12)");
    }

    @Test
    void shouldRejectAPcapngPacketBlockShorterThanItsFixedFields() throws IOException {
        final byte[] bytes = pcapng().u32(6).u32(16).u32(0).u32(16).toByteArray();

        assertThat(readFails(bytes).getMessage()).contains("frame 1, byte offset " + FIRST_PACKET_BLOCK_OFFSET
            + ": enhanced packet block claims total length 16 (expected at least 32)");
    }

    @Test
    void shouldRejectAPcapngBlockLengthThatIsNotAMultipleOfFour() throws IOException {
        final byte[] bytes = pcapng().u32(4).u32(13).zeros(5).toByteArray();

        assertThat(readFails(bytes).getMessage()).contains("frame 1, byte offset " + FIRST_PACKET_BLOCK_OFFSET
            + ": block of type 0x00000004 claims total length 13, not a multiple of 4");
    }

    @Test
    void shouldRejectAPcapngBlockRunningPastTheEndOfFile() throws IOException {
        final byte[] bytes = pcapng().enhancedPacket(0, 1, FRAME, 5).u32(6).u32(0xFFFF_FFFCL).zeros(24).toByteArray();
        final int secondPacketOffset = FIRST_PACKET_BLOCK_OFFSET + 40;

        assertThat(readFails(bytes).getMessage()).contains("frame 2, byte offset " + secondPacketOffset
            + ": enhanced packet block claims total length 4294967292, past the end of the file (expected at most 32)");
    }

    @Test
    void shouldRejectAPcapngBlockWhoseTrailingLengthDiffersFromTheLeadingOne() throws IOException {
        final byte[] bytes = pcapng().u32(4).u32(16).u32(0).u32(20).toByteArray();

        assertThat(readFails(bytes).getMessage()).contains("frame 1, byte offset " + (FIRST_PACKET_BLOCK_OFFSET + 12)
            + ": block of type 0x00000004 ends with total length 20 (expected 16, as at its start)");
    }

    @Test
    void shouldRejectAPcapngFileEndingInsideABlockHeader() throws IOException {
        final byte[] bytes = pcapng().u32(6).u32(32).toByteArray();

        assertThat(readFails(bytes).getMessage()).contains("frame 1, byte offset " + FIRST_PACKET_BLOCK_OFFSET
            + ": file ends 8 bytes into a block header (expected at least 12 bytes)");
    }

    @Test
    void shouldRejectAnEnhancedPacketBlockForAnUndefinedInterface() throws IOException {
        final byte[] bytes = pcapng().enhancedPacket(3, 1, FRAME, 5).toByteArray();

        assertThat(readFails(bytes).getMessage()).contains("frame 1, byte offset " + FIRST_PACKET_BLOCK_OFFSET
            + ": enhanced packet block for interface 3, but this section describes 1 interfaces"
            + " (expected an interface description block for it first)");
    }

    @Test
    void shouldRejectAPacketBlockBeforeAnyInterfaceOfItsSection() throws IOException {
        final byte[] bytes = CaptureBytes.bigEndian().sectionHeader().simplePacket(FRAME, 5).toByteArray();

        assertThat(readFails(bytes).getMessage()).contains("frame 1, byte offset 28: simple packet block for"
            + " interface 0, but this section describes 0 interfaces");
    }

    @Test
    void shouldRejectAnEnhancedPacketBlockClaimingMoreDataThanItHolds() throws IOException {
        final byte[] bytes = pcapng().u32(6).u32(40).u32(0).u32(0).u32(0).u32(9).u32(9).bytes(FRAME).zeros(3).u32(40)
            .toByteArray();

        assertThat(readFails(bytes).getMessage()).contains("frame 1, byte offset " + FIRST_PACKET_BLOCK_OFFSET
            + ": enhanced packet block claims captured length 9, past the end of its block (expected at most 8)");
    }

    @Test
    void shouldRejectASimplePacketBlockTooShortForItsOriginalLength() throws IOException {
        final byte[] bytes = pcapng().u32(3).u32(24).u32(60).bytes(new byte[8]).u32(24).toByteArray();

        assertThat(readFails(bytes).getMessage()).contains("frame 1, byte offset " + FIRST_PACKET_BLOCK_OFFSET
            + ": simple packet block holds 8 bytes of packet data, short of its original length 60"
            + " (expected at least 60)");
    }

    @Test
    void shouldRejectASectionHeaderWithABadByteOrderMagic() throws IOException {
        final byte[] bytes = CaptureBytes.littleEndian().u32(0x0A0D0D0A).u32(28).u32(0x1A2B3C4E).u16(1).u16(0)
            .u64(-1).u32(28).toByteArray();

        assertThat(readFails(bytes).getMessage()).contains("before the first frame, byte offset 8: section header block has"
            + " byte-order magic 0x4e3c2b1a (expected 0x1a2b3c4d in either byte order)");
    }

    @Test
    void shouldRejectABadByteOrderMagicInALaterSection() throws IOException {
        final byte[] bytes = pcapng().enhancedPacket(0, 1, FRAME, 5)
            .u32(0x0A0D0D0A).u32(28).u32(0).u16(1).u16(0).u64(-1).u32(28).toByteArray();
        final int secondSectionOffset = FIRST_PACKET_BLOCK_OFFSET + 40;

        assertThat(readFails(bytes).getMessage()).contains("frame 2, byte offset " + (secondSectionOffset + 8)
            + ": section header block has byte-order magic 0x00000000");
    }

    @Test
    void shouldRejectAnUnsupportedPcapngMajorVersion() throws IOException {
        final byte[] bytes = CaptureBytes.bigEndian().u32(0x0A0D0D0A).u32(28).u32(0x1A2B3C4D).u16(2).u16(0)
            .u64(-1).u32(28).toByteArray();

        assertThat(readFails(bytes).getMessage())
            .contains("before the first frame, byte offset 12: pcapng version 2.0 (expected 1.x)");
    }

    @Test
    void shouldRejectAnInterfaceOptionRunningPastItsBlock() throws IOException {
        final byte[] bytes = CaptureBytes.littleEndian().sectionHeader()
            .u32(1).u32(28).u16(1).u16(0).u32(0).u16(9).u16(40).u32(0).u32(28).toByteArray();

        assertThat(readFails(bytes).getMessage()).contains("frame 1, byte offset 44: interface description block"
            + " option 9 claims length 40, past the end of its block (expected at most 4)");
    }

    @Test
    void shouldRejectATimestampResolutionFinerThanSixtyFourBitsCanCount() throws IOException {
        final byte[] bytes = CaptureBytes.littleEndian().sectionHeader().interfaceDescription(1, 0, 20).toByteArray();

        assertThat(readFails(bytes).getMessage()).contains("frame 1, byte offset 48: interface description block"
            + " has if_tsresol 10^-20 seconds (expected at most 10^-19)");
    }

    @Test
    void shouldRaiseTheSameErrorWhenAskedAgain() throws IOException {
        final byte[] whole = pcap().pcapRecord(1, 0, FRAME, FRAME.length).toByteArray();
        final Path file = Files.write(tempDir.resolve("again.pcap"), Arrays.copyOf(whole, whole.length - 2));

        try (CaptureReader reader = CaptureReader.open(file)) {
            final Frame frame = new Frame();
            assertThatThrownBy(() -> reader.next(frame)).isInstanceOf(CaptureFormatException.class)
                .hasMessageContaining("frame 1, byte offset 24");
            assertThatThrownBy(() -> reader.next(frame)).isInstanceOf(CaptureFormatException.class)
                .hasMessageContaining("frame 1, byte offset 24");
        }
    }

    @Test
    void shouldNameTheFileInOneLine() throws IOException {
        final CaptureFormatException error = readFails(new byte[0]);

        assertThat(error.getMessage()).startsWith("file " + error.file() + ", before the first frame, byte offset 0: ");
        assertThat(error.getMessage()).doesNotContain("\n");
        assertThat(error.detail()).isEqualTo("file is empty (expected a pcap or pcapng header, or an ERF record)");
    }

    private static CaptureBytes pcap() {
        return CaptureBytes.littleEndian().pcapHeader(MAGIC_NANOSECONDS, 65_535, 1);
    }

    private static CaptureBytes pcapng() {
        return CaptureBytes.littleEndian().sectionHeader().interfaceDescription(1, 0, NO_TSRESOL);
    }

    /** Opens and reads the whole file, expecting a format error on the way. */
    private CaptureFormatException readFails(final byte[] bytes) throws IOException {
        final Path file = Files.write(tempDir.resolve("malformed.cap"), bytes);
        final CaptureFormatException error = catchThrowableOfType(CaptureFormatException.class, () -> {
            try (CaptureReader reader = CaptureReader.open(file)) {
                final Frame frame = new Frame();
                while (reader.next(frame)) {
                    assertThat(frame.capturedLengthBytes()).isNotNegative();
                }
            }
        });
        assertThat(error).as("a CaptureFormatException for a malformed file").isNotNull();
        return error;
    }
}
