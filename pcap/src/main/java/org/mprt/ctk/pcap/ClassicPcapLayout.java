package org.mprt.ctk.pcap;

/**
 * Field offsets of the classic pcap file format (draft-ietf-opsawg-pcap, sections 4 and 5), shared
 * by {@link ClassicPcapDecoder} and {@link PcapWriter}. All fields are in the byte order the magic
 * number reveals.
 *
 * <pre>
 * File header:
 *     0                   1                   2                   3
 *     0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *    +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 *  0 |                          Magic Number                         |
 *  4 |          Major Version        |         Minor Version         |
 *  8 |                           Reserved1                           |
 * 12 |                           Reserved2                           |
 * 16 |                            SnapLen                            |
 * 20 | FCS |f|0 0 0 0 0 0 0 0 0 0 0 0|         LinkType              |
 *    +---------------------------------------------------------------+
 * Packet record:
 *  0 |                      Timestamp (Seconds)                      |
 *  4 |          Timestamp (Microseconds or Nanoseconds)              |
 *  8 |                    Captured Packet Length                     |
 * 12 |                    Original Packet Length                     |
 * 16 /                          Packet Data                          /
 * </pre>
 */
final class ClassicPcapLayout {
    /** Seconds and microseconds; read in the writer's byte order. */
    static final int MAGIC_MICROSECONDS = 0xA1B2C3D4;
    /** Seconds and nanoseconds, the magic the kit writes (STYLE.md rule 7). */
    static final int MAGIC_NANOSECONDS = 0xA1B23C4D;

    static final int MAGIC_FIELD_OFFSET = 0;
    static final int MAJOR_VERSION_FIELD_OFFSET = 4;
    static final int MINOR_VERSION_FIELD_OFFSET = 6;
    static final int RESERVED1_FIELD_OFFSET = 8;
    static final int RESERVED2_FIELD_OFFSET = 12;
    static final int SNAP_LENGTH_FIELD_OFFSET = 16;
    static final int LINK_TYPE_FIELD_OFFSET = 20;
    static final int FILE_HEADER_LENGTH = LINK_TYPE_FIELD_OFFSET + Integer.BYTES;

    static final int MAJOR_VERSION = 2;
    static final int MINOR_VERSION = 4;
    /** The top 6 bits of the link type field carry FCS information, not the type (libpcap LT_LINKTYPE). */
    static final int LINK_TYPE_MASK = 0x03FF_FFFF;

    static final int TIMESTAMP_SECONDS_FIELD_OFFSET = 0;
    static final int TIMESTAMP_FRACTION_FIELD_OFFSET = 4;
    static final int CAPTURED_LENGTH_FIELD_OFFSET = 8;
    static final int ORIGINAL_LENGTH_FIELD_OFFSET = 12;
    static final int RECORD_HEADER_LENGTH = ORIGINAL_LENGTH_FIELD_OFFSET + Integer.BYTES;

    /**
     * libpcap's largest snap length (MAXIMUM_SNAPLEN, 262144). A record may exceed a smaller
     * declared snap length, as files from some capture stacks do, but never this and the snap
     * length both.
     */
    static final int LIBPCAP_MAXIMUM_SNAP_LENGTH_BYTES = 262_144;

    private ClassicPcapLayout() {
    }
}
