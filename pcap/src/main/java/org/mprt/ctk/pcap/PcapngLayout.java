package org.mprt.ctk.pcap;

/**
 * Block types, field offsets and option codes of pcapng (draft-ietf-opsawg-pcapng), shared by
 * {@link PcapngDecoder} and {@link PcapngWriter}. Offsets count from the start of the block; all
 * fields are in the byte order of the enclosing section.
 *
 * <pre>
 * Every block:
 *     0                   1                   2                   3
 *     0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *    +---------------------------------------------------------------+
 *  0 |                          Block Type                           |
 *  4 |                      Block Total Length                       |
 *  8 /                          Block Body                           /
 *    |                      Block Total Length                       |
 *    +---------------------------------------------------------------+
 * Section Header Block body:       Interface Description Block body:
 *  8 |      Byte-Order Magic     |   8 | LinkType      | Reserved      |
 * 12 | Major | Minor             |  12 |           SnapLen             |
 * 16 |  Section Length (64 bit)  |  16 /           Options             /
 * 24 /          Options          /
 * Enhanced Packet Block body:      Simple Packet Block body:
 *  8 |       Interface ID        |   8 |    Original Packet Length     |
 * 12 |    Timestamp (Upper)      |  12 /          Packet Data          /
 * 16 |    Timestamp (Lower)      |
 * 20 |  Captured Packet Length   |   Packet Block (obsolete) body: as the Enhanced
 * 24 |  Original Packet Length   |   Packet Block, but the Interface ID is 16 bits
 * 28 /        Packet Data        /   at 8, followed by a 16-bit drops count at 10.
 *    /          Options          /
 * Option: | Code (16) | Length (16) | Value, padded to 32 bits |
 * </pre>
 */
final class PcapngLayout {
    static final int SECTION_HEADER_BLOCK = 0x0A0D_0D0A;
    static final int INTERFACE_DESCRIPTION_BLOCK = 1;
    static final int PACKET_BLOCK = 2;
    static final int SIMPLE_PACKET_BLOCK = 3;
    static final int ENHANCED_PACKET_BLOCK = 6;
    /** Systemd journal export block: not a packet, but a record Wireshark numbers as a frame. */
    static final int SYSTEMD_JOURNAL_EXPORT_BLOCK = 9;
    /** Custom blocks, to be copied or not by an editor: not packets, but records Wireshark numbers as frames. */
    static final int CUSTOM_BLOCK = 0x0000_0BAD;
    static final int CUSTOM_BLOCK_NOT_COPIED = 0x4000_0BAD;

    static final int BYTE_ORDER_MAGIC = 0x1A2B_3C4D;
    static final int MAJOR_VERSION = 1;
    static final int MINOR_VERSION = 0;

    static final int BLOCK_TYPE_FIELD_OFFSET = 0;
    static final int BLOCK_TOTAL_LENGTH_FIELD_OFFSET = 4;
    static final int BLOCK_HEADER_LENGTH = BLOCK_TOTAL_LENGTH_FIELD_OFFSET + Integer.BYTES;
    static final int BLOCK_TRAILER_LENGTH = Integer.BYTES;
    static final int MINIMUM_BLOCK_LENGTH = BLOCK_HEADER_LENGTH + BLOCK_TRAILER_LENGTH;

    static final int BYTE_ORDER_MAGIC_FIELD_OFFSET = 8;
    static final int MAJOR_VERSION_FIELD_OFFSET = 12;
    static final int MINOR_VERSION_FIELD_OFFSET = 14;
    static final int SECTION_LENGTH_FIELD_OFFSET = 16;
    static final int SECTION_HEADER_OPTIONS_OFFSET = SECTION_LENGTH_FIELD_OFFSET + Long.BYTES;
    static final int SECTION_HEADER_BLOCK_MINIMUM_LENGTH = SECTION_HEADER_OPTIONS_OFFSET + BLOCK_TRAILER_LENGTH;
    /** A section length of -1 means "not given", which is what a streaming writer must say. */
    static final long SECTION_LENGTH_UNSPECIFIED = -1L;

    static final int LINK_TYPE_FIELD_OFFSET = 8;
    static final int INTERFACE_RESERVED_FIELD_OFFSET = 10;
    static final int SNAP_LENGTH_FIELD_OFFSET = 12;
    static final int INTERFACE_OPTIONS_OFFSET = SNAP_LENGTH_FIELD_OFFSET + Integer.BYTES;
    static final int INTERFACE_DESCRIPTION_BLOCK_MINIMUM_LENGTH = INTERFACE_OPTIONS_OFFSET + BLOCK_TRAILER_LENGTH;

    static final int INTERFACE_ID_FIELD_OFFSET = 8;
    static final int PACKET_BLOCK_DROPS_COUNT_FIELD_OFFSET = 10;
    static final int TIMESTAMP_UPPER_FIELD_OFFSET = 12;
    static final int TIMESTAMP_LOWER_FIELD_OFFSET = 16;
    static final int CAPTURED_LENGTH_FIELD_OFFSET = 20;
    static final int ORIGINAL_LENGTH_FIELD_OFFSET = 24;
    static final int PACKET_DATA_OFFSET = ORIGINAL_LENGTH_FIELD_OFFSET + Integer.BYTES;
    static final int ENHANCED_PACKET_BLOCK_MINIMUM_LENGTH = PACKET_DATA_OFFSET + BLOCK_TRAILER_LENGTH;

    static final int SIMPLE_ORIGINAL_LENGTH_FIELD_OFFSET = 8;
    static final int SIMPLE_PACKET_DATA_OFFSET = SIMPLE_ORIGINAL_LENGTH_FIELD_OFFSET + Integer.BYTES;
    static final int SIMPLE_PACKET_BLOCK_MINIMUM_LENGTH = SIMPLE_PACKET_DATA_OFFSET + BLOCK_TRAILER_LENGTH;

    static final int OPTION_CODE_FIELD_OFFSET = 0;
    static final int OPTION_LENGTH_FIELD_OFFSET = 2;
    static final int OPTION_HEADER_LENGTH = OPTION_LENGTH_FIELD_OFFSET + Short.BYTES;
    static final int OPT_ENDOFOPT = 0;
    static final int IF_NAME = 2;
    static final int IF_TSRESOL = 9;
    static final int IF_TSOFFSET = 14;
    /** epb_flags (draft-ietf-opsawg-pcapng section 4.3.1): a 32-bit word whose two low bits give the direction. */
    static final int EPB_FLAGS = 2;

    private PcapngLayout() {
    }

    /** Bytes a field of {@code lengthBytes} occupies once padded to 32 bits. */
    static long padded(final long lengthBytes) {
        return (lengthBytes + 3) & ~3L;
    }
}
