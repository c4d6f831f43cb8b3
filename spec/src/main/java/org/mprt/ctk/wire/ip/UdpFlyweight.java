package org.mprt.ctk.wire.ip;

import org.mprt.ctk.wire.FieldSpec;
import org.mprt.ctk.wire.FieldSpec.Base;
import org.mprt.ctk.wire.Flyweight;
import org.mprt.ctk.wire.HeaderLayout;

/**
 * UDP header (RFC 768), 8 bytes. Destination port 4791 names RoCEv2 and MPRT; the source port
 * is a path's ECMP entropy (mprt-v0.1.md section 3.1, MPRT-WIRE-001 to MPRT-WIRE-004).
 *
 * <pre>
 *  0                   1                   2                   3
 *  0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 * +-------------------------------+-------------------------------+
 * |          Source Port          |       Destination Port        |
 * +-------------------------------+-------------------------------+
 * |            Length             |           Checksum            |
 * +-------------------------------+-------------------------------+
 * </pre>
 */
public final class UdpFlyweight extends Flyweight<UdpFlyweight> {

    public static final FieldSpec SOURCE_PORT = FieldSpec.field("udp.source_port", "Source Port", 0, 16, Base.DEC);
    public static final FieldSpec DESTINATION_PORT = FieldSpec.field("udp.destination_port", "Destination Port", 2, 16, Base.DEC);
    public static final FieldSpec LENGTH = FieldSpec.field("udp.length", "Length", 4, 16, Base.DEC);
    public static final FieldSpec CHECKSUM = FieldSpec.field("udp.checksum", "Checksum", 6, 16, Base.HEX);

    public static final HeaderLayout LAYOUT = HeaderLayout.of("udp", "UDP", "RFC 768",
        SOURCE_PORT, DESTINATION_PORT, LENGTH, CHECKSUM);

    public static final int SOURCE_PORT_FIELD_OFFSET = SOURCE_PORT.byteOffset();
    public static final int DESTINATION_PORT_FIELD_OFFSET = DESTINATION_PORT.byteOffset();
    public static final int LENGTH_FIELD_OFFSET = LENGTH.byteOffset();
    public static final int CHECKSUM_FIELD_OFFSET = CHECKSUM.byteOffset();
    public static final int UDP_LENGTH = LAYOUT.length();
    /** The IANA port of RoCEv2, which MPRT shares (MPRT-WIRE-001). */
    public static final int ROCEV2_PORT = 4791;

    /**
     * The fields, as a memoizing view read them once for all the readers of one packet (a verdict
     * engine's rules read them dozens of times): each read is then a field load. Taken while
     * {@code snapshotOf} is the view's generation; 0 never is.
     */
    private long snapshotOf;
    private int sourcePortSnapshot;
    private int destinationPortSnapshot;
    private int lengthSnapshot;
    private int checksumSnapshot;

    /** Where {@link #remember()} finds each field in its word, as constants ({@link FieldSpec#shiftIn}). */
    private static final int SOURCE_PORT_SHIFT = SOURCE_PORT.shiftIn(0),
        DESTINATION_PORT_SHIFT = DESTINATION_PORT.shiftIn(0),
        LENGTH_SHIFT = LENGTH.shiftIn(0),
        CHECKSUM_SHIFT = CHECKSUM.shiftIn(0);
    private static final long SOURCE_PORT_MASK = SOURCE_PORT.maxValue(),
        DESTINATION_PORT_MASK = DESTINATION_PORT.maxValue(),
        LENGTH_MASK = LENGTH.maxValue(),
        CHECKSUM_MASK = CHECKSUM.maxValue();

    /**
     * Takes the snapshot of the fields, from the header's words, when the view is memoizing and the
     * snapshot is not of what it reads now: the decoder calls it once it has placed the view, so that
     * the accessors, which rules call dozens of times per packet, only test that the snapshot is current
     * (compiled into each caller, an accessor that could also take the snapshot carried that code along).
     */
    public UdpFlyweight remember() {
        if (snapshotOf == generation() || !isMemoizing()) {
            return this;
        }
        final long w0 = wordAt(0);
        sourcePortSnapshot = (int) (w0 >>> SOURCE_PORT_SHIFT & SOURCE_PORT_MASK);
        destinationPortSnapshot = (int) (w0 >>> DESTINATION_PORT_SHIFT & DESTINATION_PORT_MASK);
        lengthSnapshot = (int) (w0 >>> LENGTH_SHIFT & LENGTH_MASK);
        checksumSnapshot = (int) (w0 >>> CHECKSUM_SHIFT & CHECKSUM_MASK);
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

    public int sourcePort() {
        return snapped() ? sourcePortSnapshot : (int) get(SOURCE_PORT);
    }

    public UdpFlyweight sourcePort(final int port) {
        return set(SOURCE_PORT, port);
    }

    public int destinationPort() {
        return snapped() ? destinationPortSnapshot : (int) get(DESTINATION_PORT);
    }

    public UdpFlyweight destinationPort(final int port) {
        return set(DESTINATION_PORT, port);
    }

    /** The UDP length field: header plus data, in bytes. */
    public int length() {
        return snapped() ? lengthSnapshot : (int) get(LENGTH);
    }

    public UdpFlyweight length(final int bytes) {
        return set(LENGTH, bytes);
    }

    public int checksum() {
        return snapped() ? checksumSnapshot : (int) get(CHECKSUM);
    }

    public UdpFlyweight checksum(final int value) {
        return set(CHECKSUM, value);
    }
}
