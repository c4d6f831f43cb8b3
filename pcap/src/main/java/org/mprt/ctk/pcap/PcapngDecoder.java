package org.mprt.ctk.pcap;

import static org.mprt.ctk.pcap.PcapngLayout.BLOCK_TOTAL_LENGTH_FIELD_OFFSET;
import static org.mprt.ctk.pcap.PcapngLayout.BLOCK_TRAILER_LENGTH;
import static org.mprt.ctk.pcap.PcapngLayout.BLOCK_TYPE_FIELD_OFFSET;
import static org.mprt.ctk.pcap.PcapngLayout.BYTE_ORDER_MAGIC;
import static org.mprt.ctk.pcap.PcapngLayout.BYTE_ORDER_MAGIC_FIELD_OFFSET;
import static org.mprt.ctk.pcap.PcapngLayout.CUSTOM_BLOCK;
import static org.mprt.ctk.pcap.PcapngLayout.CUSTOM_BLOCK_NOT_COPIED;
import static org.mprt.ctk.pcap.PcapngLayout.ENHANCED_PACKET_BLOCK;
import static org.mprt.ctk.pcap.PcapngLayout.ENHANCED_PACKET_BLOCK_MINIMUM_LENGTH;
import static org.mprt.ctk.pcap.PcapngLayout.INTERFACE_DESCRIPTION_BLOCK;
import static org.mprt.ctk.pcap.PcapngLayout.INTERFACE_DESCRIPTION_BLOCK_MINIMUM_LENGTH;
import static org.mprt.ctk.pcap.PcapngLayout.MAJOR_VERSION;
import static org.mprt.ctk.pcap.PcapngLayout.MAJOR_VERSION_FIELD_OFFSET;
import static org.mprt.ctk.pcap.PcapngLayout.MINIMUM_BLOCK_LENGTH;
import static org.mprt.ctk.pcap.PcapngLayout.MINOR_VERSION_FIELD_OFFSET;
import static org.mprt.ctk.pcap.PcapngLayout.PACKET_BLOCK;
import static org.mprt.ctk.pcap.PcapngLayout.SECTION_HEADER_BLOCK;
import static org.mprt.ctk.pcap.PcapngLayout.SECTION_HEADER_BLOCK_MINIMUM_LENGTH;
import static org.mprt.ctk.pcap.PcapngLayout.SIMPLE_PACKET_BLOCK;
import static org.mprt.ctk.pcap.PcapngLayout.SIMPLE_PACKET_BLOCK_MINIMUM_LENGTH;
import static org.mprt.ctk.pcap.PcapngLayout.SYSTEMD_JOURNAL_EXPORT_BLOCK;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Path;

/**
 * Walks the blocks of a pcapng file (layout in {@link PcapngLayout}) and yields its packets.
 *
 * <p>Section header blocks switch the byte order and reset the interface table; interface
 * description blocks extend it; enhanced, simple and obsolete packet blocks become frames (see
 * {@link PcapngPacketBlocks}); every other block type is stepped over by its length, body unread,
 * those Wireshark shows as records (custom blocks, systemd journal entries) taking a frame number.
 * Every block length is checked against the file and against its own trailing copy before
 * anything inside the block is read.
 */
final class PcapngDecoder implements RecordDecoder {
    /** Raw value of the byte-order magic when the section is big-endian but read little-endian. */
    private static final int SWAPPED_BYTE_ORDER_MAGIC = Integer.reverseBytes(BYTE_ORDER_MAGIC);

    private final Path file;
    private final FileWindow window;
    private final PcapngInterfaces interfaces = new PcapngInterfaces();
    private final PcapngPacketBlocks packetBlocks;
    private final PcapngInterfaceDescription interfaceDescription;
    private ByteOrder order;
    /** Type of the block {@link #checkBlock} validated last. */
    private int blockType;
    private long position;

    PcapngDecoder(final Path file, final FileWindow window) throws IOException {
        this.file = file;
        this.window = window;
        this.packetBlocks = new PcapngPacketBlocks(file, window, interfaces);
        this.interfaceDescription = new PcapngInterfaceDescription(file, window, interfaces);
        final long lengthBytes = checkBlock(0, 0);
        readSectionHeader(0, 0);
        position = lengthBytes;
    }

    /**
     * {@inheritDoc} A custom block or a systemd journal export block before the next packet takes a
     * number of its own, as Wireshark gives it one, so that the packet's number is the one Wireshark
     * shows: a verdict's frame numbers must find the same packets there.
     */
    @Override
    public boolean next(final Frame frame, final long frameNumber) throws IOException {
        long number = frameNumber;
        while (position < window.fileSizeBytes()) {
            final long blockOffset = position;
            final long lengthBytes = checkBlock(number, blockOffset);
            final boolean isFrame = readBlock(frame, number, blockOffset, blockType, lengthBytes);
            position = blockOffset + lengthBytes;
            if (isFrame) {
                return true;
            }
            if (isNumberedRecord(blockType)) {
                number++;
            }
        }
        return false;
    }

    private static boolean isNumberedRecord(final int type) {
        return type == CUSTOM_BLOCK || type == CUSTOM_BLOCK_NOT_COPIED || type == SYSTEMD_JOURNAL_EXPORT_BLOCK;
    }

    private boolean readBlock(
        final Frame frame, final long frameNumber, final long blockOffset, final int type, final long lengthBytes)
        throws IOException {
        switch (type) {
            case SECTION_HEADER_BLOCK:
                readSectionHeader(frameNumber, blockOffset);
                return false;
            case INTERFACE_DESCRIPTION_BLOCK:
                requireMappable(frameNumber, blockOffset, type, lengthBytes);
                readInterfaceDescription(frameNumber, blockOffset, (int) lengthBytes);
                return false;
            case ENHANCED_PACKET_BLOCK:
            case PACKET_BLOCK:
            case SIMPLE_PACKET_BLOCK:
                requireMappable(frameNumber, blockOffset, type, lengthBytes);
                packetBlocks.read(frame, frameNumber, blockOffset, type, (int) lengthBytes, order);
                return true;
            default:
                return false;
        }
    }

    /**
     * Validates the framing of the block at {@code blockOffset} and returns its total length. For a
     * section header block this also learns the new byte order.
     */
    private long checkBlock(final long frameNumber, final long blockOffset) throws IOException {
        final long remainingBytes = window.fileSizeBytes() - blockOffset;
        if (remainingBytes < MINIMUM_BLOCK_LENGTH) {
            throw malformed(frameNumber, blockOffset, "file ends " + remainingBytes
                + " bytes into a block header (expected at least " + MINIMUM_BLOCK_LENGTH + " bytes)");
        }
        window.cover(blockOffset, MINIMUM_BLOCK_LENGTH);
        // The section header block type reads the same in both byte orders, by design.
        if (window.intAt(blockOffset + BLOCK_TYPE_FIELD_OFFSET, ByteOrder.BIG_ENDIAN) == SECTION_HEADER_BLOCK) {
            order = sectionByteOrder(frameNumber, blockOffset);
        }
        blockType = window.intAt(blockOffset + BLOCK_TYPE_FIELD_OFFSET, order);
        final long lengthBytes = window.unsignedIntAt(blockOffset + BLOCK_TOTAL_LENGTH_FIELD_OFFSET, order);
        final int minimumBytes = minimumLength(blockType);
        if (lengthBytes < minimumBytes) {
            throw malformed(frameNumber, blockOffset, blockName(blockType) + " claims total length " + lengthBytes
                + " (expected at least " + minimumBytes + ")");
        }
        if (lengthBytes % 4 != 0) {
            throw malformed(frameNumber, blockOffset, blockName(blockType) + " claims total length " + lengthBytes
                + ", not a multiple of 4 (expected a multiple of 4)");
        }
        if (lengthBytes > remainingBytes) {
            throw malformed(frameNumber, blockOffset, blockName(blockType) + " claims total length " + lengthBytes
                + ", past the end of the file (expected at most " + remainingBytes + ")");
        }
        final long trailerOffset = blockOffset + lengthBytes - BLOCK_TRAILER_LENGTH;
        window.cover(trailerOffset, BLOCK_TRAILER_LENGTH);
        final long trailingLengthBytes = window.unsignedIntAt(trailerOffset, order);
        if (trailingLengthBytes != lengthBytes) {
            throw malformed(frameNumber, trailerOffset, blockName(blockType) + " ends with total length "
                + trailingLengthBytes + " (expected " + lengthBytes + ", as at its start)");
        }
        window.cover(blockOffset, MINIMUM_BLOCK_LENGTH);
        return lengthBytes;
    }

    private ByteOrder sectionByteOrder(final long frameNumber, final long blockOffset) throws IOException {
        final int magic = window.intAt(blockOffset + BYTE_ORDER_MAGIC_FIELD_OFFSET, ByteOrder.BIG_ENDIAN);
        if (magic == BYTE_ORDER_MAGIC) {
            return ByteOrder.BIG_ENDIAN;
        }
        if (magic == SWAPPED_BYTE_ORDER_MAGIC) {
            return ByteOrder.LITTLE_ENDIAN;
        }
        throw malformed(frameNumber, blockOffset + BYTE_ORDER_MAGIC_FIELD_OFFSET, String.format(
            "section header block has byte-order magic 0x%08x (expected 0x1a2b3c4d in either byte order)", magic));
    }

    private void readSectionHeader(final long frameNumber, final long blockOffset) throws IOException {
        window.cover(blockOffset, SECTION_HEADER_BLOCK_MINIMUM_LENGTH);
        final int majorVersion = window.unsignedShortAt(blockOffset + MAJOR_VERSION_FIELD_OFFSET, order);
        if (majorVersion != MAJOR_VERSION) {
            final int minorVersion = window.unsignedShortAt(blockOffset + MINOR_VERSION_FIELD_OFFSET, order);
            throw malformed(frameNumber, blockOffset + MAJOR_VERSION_FIELD_OFFSET, "pcapng version "
                + majorVersion + "." + minorVersion + " (expected " + MAJOR_VERSION + ".x)");
        }
        interfaces.clear();
    }

    private void readInterfaceDescription(final long frameNumber, final long blockOffset, final int lengthBytes)
        throws IOException {
        if (interfaces.count() == PcapngInterfaces.MAXIMUM_INTERFACES) {
            throw malformed(frameNumber, blockOffset, "interface description block number "
                + (interfaces.count() + 1) + " in one section (expected at most "
                + PcapngInterfaces.MAXIMUM_INTERFACES + ")");
        }
        window.cover(blockOffset, lengthBytes);
        interfaceDescription.read(frameNumber, blockOffset, lengthBytes, order);
    }

    private void requireMappable(
        final long frameNumber, final long blockOffset, final int type, final long lengthBytes)
        throws CaptureFormatException {
        if (lengthBytes > window.windowSizeBytes()) {
            throw malformed(frameNumber, blockOffset, blockName(type) + " claims total length " + lengthBytes
                + ", over the largest block this reader holds (expected at most " + window.windowSizeBytes() + ")");
        }
    }

    private static int minimumLength(final int type) {
        switch (type) {
            case SECTION_HEADER_BLOCK:
                return SECTION_HEADER_BLOCK_MINIMUM_LENGTH;
            case INTERFACE_DESCRIPTION_BLOCK:
                return INTERFACE_DESCRIPTION_BLOCK_MINIMUM_LENGTH;
            case ENHANCED_PACKET_BLOCK:
            case PACKET_BLOCK:
                return ENHANCED_PACKET_BLOCK_MINIMUM_LENGTH;
            case SIMPLE_PACKET_BLOCK:
                return SIMPLE_PACKET_BLOCK_MINIMUM_LENGTH;
            default:
                return MINIMUM_BLOCK_LENGTH;
        }
    }

    static String blockName(final int type) {
        switch (type) {
            case SECTION_HEADER_BLOCK:
                return "section header block";
            case INTERFACE_DESCRIPTION_BLOCK:
                return "interface description block";
            case ENHANCED_PACKET_BLOCK:
                return "enhanced packet block";
            case PACKET_BLOCK:
                return "packet block";
            case SIMPLE_PACKET_BLOCK:
                return "simple packet block";
            default:
                return String.format("block of type 0x%08x", type);
        }
    }

    private CaptureFormatException malformed(final long frameNumber, final long byteOffset, final String detail) {
        return new CaptureFormatException(file, frameNumber, byteOffset, detail);
    }
}
