package org.mprt.ctk.pcap;

/**
 * Field offsets of an ERF record (Endace's Extensible Record Format), as an Endace capture card writes
 * it: one after another in a file of their own (read by {@link ErfFileDecoder}), or each as the packet
 * of a pcap or pcapng record of LINKTYPE_ERF (197). All fields are big-endian but the timestamp.
 *
 * <pre>
 *     0                   1                   2                   3
 *     0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *    +---------------------------------------------------------------+
 *  0 |          Timestamp (64 bits, little-endian 32.32 seconds)     |
 *  4 |                                                               |
 *    +-+-------------+---------------+-------------------------------+
 *  8 |X|    Type     |     Flags     |   Record length (rlen)        |
 *    +-+-------------+---------------+-------------------------------+
 * 12 |   Loss counter or colour      |   Length on the wire (wlen)   |
 *    +-------------------------------+-------------------------------+
 * 16 |  Extension headers, 8 bytes each, while X (then bit 7 of each |
 *    |  header's first byte) says another follows; then the payload |
 *    |  and the pad that makes rlen a multiple of 8                  |
 *    +---------------------------------------------------------------+
 * </pre>
 */
public final class ErfLayout {
    public static final int TIMESTAMP_FIELD_OFFSET = 0;
    public static final int TYPE_FIELD_OFFSET = 8;
    public static final int RECORD_LENGTH_FIELD_OFFSET = 10;
    public static final int WIRE_LENGTH_FIELD_OFFSET = 14;
    public static final int HEADER_LENGTH = 16;
    public static final int EXTENSION_HEADER_LENGTH = 8;
    /** Bit 7 of the type, and of each extension header's first byte: another extension header follows. */
    public static final int ANOTHER_EXTENSION = 0x80;
    public static final int TYPE_MASK = 0x7F;
    /** The largest record type Endace has defined (Wireshark's ERF_TYPE_MAX); 0 is not a type. */
    public static final int LARGEST_TYPE = 48;

    private ErfLayout() {
    }

    /** Nanoseconds since the epoch of a 32.32 fixed-point ERF timestamp, rounded to the nearest. */
    public static long timestampNs(final long erfTimestamp) {
        final long seconds = erfTimestamp >>> 32;
        final long fraction = erfTimestamp & 0xFFFF_FFFFL;
        return seconds * 1_000_000_000L + (fraction * 1_000_000_000L + (1L << 31) >>> 32);
    }
}
