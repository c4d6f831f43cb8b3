package org.mprt.ctk.wire.ip;

import org.mprt.ctk.wire.FieldSpec;
import org.mprt.ctk.wire.FieldSpec.Base;
import org.mprt.ctk.wire.Flyweight;
import org.mprt.ctk.wire.HeaderLayout;

/**
 * IPv4 header (RFC 791) without options, 20 bytes; mprt-v0.1.md section 3.1, MPRT-WIRE-003,
 * MPRT-WIRE-005, MPRT-WIRE-006.
 *
 * <pre>
 *  0                   1                   2                   3
 *  0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 * +-------+-------+-----------+---+-------------------------------+
 * |Version|  IHL  |   DSCP    |ECN|          Total Length         |
 * +-------+-------+-----------+---+-+-+-+-------------------------+
 * |         Identification        |R|D|M|     Fragment Offset     |
 * +---------------+---------------+-+-+-+-------------------------+
 * |      TTL      |   Protocol    |        Header Checksum        |
 * +---------------+---------------+-------------------------------+
 * |                        Source Address                         |
 * +---------------------------------------------------------------+
 * |                     Destination Address                       |
 * +---------------------------------------------------------------+
 * </pre>
 *
 * The ICRC masks DSCP, ECN, TTL and the header checksum, which routers may rewrite (IBTA Annex A17).
 * Options, when IHL exceeds 5, follow the fixed part and have no fields of their own here.
 */
public final class Ipv4Flyweight extends Flyweight<Ipv4Flyweight> {

    public static final FieldSpec VERSION = FieldSpec.field("ipv4.version", "Version", 0, 7, 4, Base.DEC);
    public static final FieldSpec IHL = FieldSpec.field("ipv4.ihl", "Internet Header Length (32-bit words)", 0, 3, 4, Base.DEC);
    public static final FieldSpec DSCP = FieldSpec.field("ipv4.dscp", "Differentiated Services Code Point", 1, 7, 6, Base.DEC);
    public static final FieldSpec ECN = FieldSpec.field("ipv4.ecn", "Explicit Congestion Notification", 1, 1, 2, Base.DEC);
    public static final FieldSpec TOTAL_LENGTH = FieldSpec.field("ipv4.total_length", "Total Length", 2, 16, Base.DEC);
    public static final FieldSpec IDENTIFICATION = FieldSpec.field("ipv4.identification", "Identification", 4, 16, Base.HEX);
    public static final FieldSpec FLAG_RESERVED = FieldSpec.reserved("ipv4.flags.reserved", "Reserved flag", 6, 7, 1);
    public static final FieldSpec DF = FieldSpec.field("ipv4.flags.df", "Don't Fragment", 6, 6, 1, Base.FLAG);
    public static final FieldSpec MF = FieldSpec.field("ipv4.flags.mf", "More Fragments", 6, 5, 1, Base.FLAG);
    public static final FieldSpec FRAGMENT_OFFSET = FieldSpec.field("ipv4.fragment_offset", "Fragment Offset (8-byte units)", 6, 4, 13, Base.DEC);
    public static final FieldSpec TTL = FieldSpec.field("ipv4.ttl", "Time to Live", 8, 8, Base.DEC);
    public static final FieldSpec PROTOCOL = FieldSpec.field("ipv4.protocol", "Protocol", 9, 8, Base.DEC);
    public static final FieldSpec HEADER_CHECKSUM = FieldSpec.field("ipv4.header_checksum", "Header Checksum", 10, 16, Base.HEX);
    public static final FieldSpec SOURCE = FieldSpec.field("ipv4.source", "Source Address", 12, 32, Base.HEX);
    public static final FieldSpec DESTINATION = FieldSpec.field("ipv4.destination", "Destination Address", 16, 32, Base.HEX);

    public static final HeaderLayout LAYOUT = HeaderLayout.of("ipv4", "IPv4", "RFC 791 section 3.1",
        VERSION, IHL, DSCP, ECN, TOTAL_LENGTH, IDENTIFICATION, FLAG_RESERVED, DF, MF, FRAGMENT_OFFSET,
        TTL, PROTOCOL, HEADER_CHECKSUM, SOURCE, DESTINATION);

    public static final int TOS_FIELD_OFFSET = DSCP.byteOffset();
    public static final int TOTAL_LENGTH_FIELD_OFFSET = TOTAL_LENGTH.byteOffset();
    public static final int TTL_FIELD_OFFSET = TTL.byteOffset();
    public static final int PROTOCOL_FIELD_OFFSET = PROTOCOL.byteOffset();
    public static final int HEADER_CHECKSUM_FIELD_OFFSET = HEADER_CHECKSUM.byteOffset();
    public static final int IPV4_LENGTH = LAYOUT.length();
    /** IP protocol number of UDP. */
    public static final int PROTOCOL_UDP = 17;

    /**
     * The fields, as a memoizing view read them once for all the readers of one packet (a verdict
     * engine's rules read them dozens of times): each read is then a field load. Taken while
     * {@code snapshotOf} is the view's generation; 0 never is.
     */
    private long snapshotOf;
    private int versionSnapshot;
    private int ihlSnapshot;
    private int dscpSnapshot;
    private int ecnSnapshot;
    private int totalLengthSnapshot;
    private int identificationSnapshot;
    private int flagReservedSnapshot;
    private int dfSnapshot;
    private int mfSnapshot;
    private int fragmentOffsetSnapshot;
    private int ttlSnapshot;
    private int protocolSnapshot;
    private int headerChecksumSnapshot;
    private int sourceSnapshot;
    private int destinationSnapshot;

    /** Where {@link #remember()} finds each field in its word, as constants ({@link FieldSpec#shiftIn}). */
    private static final int VERSION_SHIFT = VERSION.shiftIn(0),
        IHL_SHIFT = IHL.shiftIn(0),
        DSCP_SHIFT = DSCP.shiftIn(0),
        ECN_SHIFT = ECN.shiftIn(0),
        TOTAL_LENGTH_SHIFT = TOTAL_LENGTH.shiftIn(0),
        IDENTIFICATION_SHIFT = IDENTIFICATION.shiftIn(0),
        FLAG_RESERVED_SHIFT = FLAG_RESERVED.shiftIn(0),
        DF_SHIFT = DF.shiftIn(0),
        MF_SHIFT = MF.shiftIn(0),
        FRAGMENT_OFFSET_SHIFT = FRAGMENT_OFFSET.shiftIn(0),
        TTL_SHIFT = TTL.shiftIn(8),
        PROTOCOL_SHIFT = PROTOCOL.shiftIn(8),
        HEADER_CHECKSUM_SHIFT = HEADER_CHECKSUM.shiftIn(8),
        SOURCE_SHIFT = SOURCE.shiftIn(8),
        DESTINATION_SHIFT = DESTINATION.shiftIn(12);
    private static final long VERSION_MASK = VERSION.maxValue(),
        IHL_MASK = IHL.maxValue(),
        DSCP_MASK = DSCP.maxValue(),
        ECN_MASK = ECN.maxValue(),
        TOTAL_LENGTH_MASK = TOTAL_LENGTH.maxValue(),
        IDENTIFICATION_MASK = IDENTIFICATION.maxValue(),
        FLAG_RESERVED_MASK = FLAG_RESERVED.maxValue(),
        DF_MASK = DF.maxValue(),
        MF_MASK = MF.maxValue(),
        FRAGMENT_OFFSET_MASK = FRAGMENT_OFFSET.maxValue(),
        TTL_MASK = TTL.maxValue(),
        PROTOCOL_MASK = PROTOCOL.maxValue(),
        HEADER_CHECKSUM_MASK = HEADER_CHECKSUM.maxValue(),
        SOURCE_MASK = SOURCE.maxValue(),
        DESTINATION_MASK = DESTINATION.maxValue();

    /**
     * Takes the snapshot of the fields, from the header's words, when the view is memoizing and the
     * snapshot is not of what it reads now: the decoder calls it once it has placed the view, so that
     * the accessors, which rules call dozens of times per packet, only test that the snapshot is current
     * (compiled into each caller, an accessor that could also take the snapshot carried that code along).
     */
    public Ipv4Flyweight remember() {
        if (snapshotOf == generation() || !isMemoizing()) {
            return this;
        }
        final long w0 = wordAt(0);
        final long w8 = wordAt(8);
        final long w12 = wordAt(12);
        versionSnapshot = (int) (w0 >>> VERSION_SHIFT & VERSION_MASK);
        ihlSnapshot = (int) (w0 >>> IHL_SHIFT & IHL_MASK);
        dscpSnapshot = (int) (w0 >>> DSCP_SHIFT & DSCP_MASK);
        ecnSnapshot = (int) (w0 >>> ECN_SHIFT & ECN_MASK);
        totalLengthSnapshot = (int) (w0 >>> TOTAL_LENGTH_SHIFT & TOTAL_LENGTH_MASK);
        identificationSnapshot = (int) (w0 >>> IDENTIFICATION_SHIFT & IDENTIFICATION_MASK);
        flagReservedSnapshot = (int) (w0 >>> FLAG_RESERVED_SHIFT & FLAG_RESERVED_MASK);
        dfSnapshot = (int) (w0 >>> DF_SHIFT & DF_MASK);
        mfSnapshot = (int) (w0 >>> MF_SHIFT & MF_MASK);
        fragmentOffsetSnapshot = (int) (w0 >>> FRAGMENT_OFFSET_SHIFT & FRAGMENT_OFFSET_MASK);
        ttlSnapshot = (int) (w8 >>> TTL_SHIFT & TTL_MASK);
        protocolSnapshot = (int) (w8 >>> PROTOCOL_SHIFT & PROTOCOL_MASK);
        headerChecksumSnapshot = (int) (w8 >>> HEADER_CHECKSUM_SHIFT & HEADER_CHECKSUM_MASK);
        sourceSnapshot = (int) (w8 >>> SOURCE_SHIFT & SOURCE_MASK);
        destinationSnapshot = (int) (w12 >>> DESTINATION_SHIFT & DESTINATION_MASK);
        snapshotOf = generation();
        return this;
    }

    /**
     * True when the snapshot holds what the view reads now ({@link #remember()}); else the accessors read
     * the buffer. Each header keeps this check, and its snapshot, of its own: a shared one in Flyweight,
     * calling an overridden reader, measured 9 % slower over the verdict benchmark's pass.
     */
    private boolean snapped() {
        return snapshotOf == generation();
    }

    @Override
    public HeaderLayout layout() {
        return LAYOUT;
    }

    public int version() {
        return snapped() ? versionSnapshot : (int) get(VERSION);
    }

    public Ipv4Flyweight version(final int value) {
        return set(VERSION, value);
    }

    public int ihl() {
        return snapped() ? ihlSnapshot : (int) get(IHL);
    }

    public Ipv4Flyweight ihl(final int words) {
        return set(IHL, words);
    }

    /** Header length in bytes, options included. */
    public int headerLengthBytes() {
        return ihl() * 4;
    }

    public int dscp() {
        return snapped() ? dscpSnapshot : (int) get(DSCP);
    }

    public Ipv4Flyweight dscp(final int value) {
        return set(DSCP, value);
    }

    public int ecn() {
        return snapped() ? ecnSnapshot : (int) get(ECN);
    }

    public Ipv4Flyweight ecn(final int value) {
        return set(ECN, value);
    }

    public int totalLength() {
        return snapped() ? totalLengthSnapshot : (int) get(TOTAL_LENGTH);
    }

    public Ipv4Flyweight totalLength(final int bytes) {
        return set(TOTAL_LENGTH, bytes);
    }

    public int identification() {
        return snapped() ? identificationSnapshot : (int) get(IDENTIFICATION);
    }

    public Ipv4Flyweight identification(final int value) {
        return set(IDENTIFICATION, value);
    }

    public int flagReserved() {
        return snapped() ? flagReservedSnapshot : (int) get(FLAG_RESERVED);
    }

    public Ipv4Flyweight flagReserved(final int value) {
        return set(FLAG_RESERVED, value);
    }

    public int df() {
        return snapped() ? dfSnapshot : (int) get(DF);
    }

    public Ipv4Flyweight df(final int value) {
        return set(DF, value);
    }

    public int mf() {
        return snapped() ? mfSnapshot : (int) get(MF);
    }

    public Ipv4Flyweight mf(final int value) {
        return set(MF, value);
    }

    public int fragmentOffset() {
        return snapped() ? fragmentOffsetSnapshot : (int) get(FRAGMENT_OFFSET);
    }

    public Ipv4Flyweight fragmentOffset(final int units) {
        return set(FRAGMENT_OFFSET, units);
    }

    public int ttl() {
        return snapped() ? ttlSnapshot : (int) get(TTL);
    }

    public Ipv4Flyweight ttl(final int value) {
        return set(TTL, value);
    }

    public int protocol() {
        return snapped() ? protocolSnapshot : (int) get(PROTOCOL);
    }

    public Ipv4Flyweight protocol(final int value) {
        return set(PROTOCOL, value);
    }

    public int headerChecksum() {
        return snapped() ? headerChecksumSnapshot : (int) get(HEADER_CHECKSUM);
    }

    public Ipv4Flyweight headerChecksum(final int value) {
        return set(HEADER_CHECKSUM, value);
    }

    /** Source address as a 32-bit value, most significant byte first on the wire. */
    public int source() {
        return snapped() ? sourceSnapshot : (int) get(SOURCE);
    }

    public Ipv4Flyweight source(final int address) {
        return set(SOURCE, address & 0xFFFF_FFFFL);
    }

    public int destination() {
        return snapped() ? destinationSnapshot : (int) get(DESTINATION);
    }

    public Ipv4Flyweight destination(final int address) {
        return set(DESTINATION, address & 0xFFFF_FFFFL);
    }

    /** Computes the header checksum over {@code ihl} words and stores it. */
    public Ipv4Flyweight updateHeaderChecksum() {
        headerChecksum(0);
        return headerChecksum(InternetChecksum.ipv4HeaderChecksum(buffer(), offset(), headerLengthBytes()));
    }

    /** True when the header checksum verifies. */
    public boolean isHeaderChecksumValid() {
        return InternetChecksum.isIpv4HeaderValid(buffer(), offset(), headerLengthBytes());
    }
}
