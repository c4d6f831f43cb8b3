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

    @Override
    public HeaderLayout layout() {
        return LAYOUT;
    }

    public int sourcePort() {
        return (int) get(SOURCE_PORT);
    }

    public UdpFlyweight sourcePort(final int port) {
        return set(SOURCE_PORT, port);
    }

    public int destinationPort() {
        return (int) get(DESTINATION_PORT);
    }

    public UdpFlyweight destinationPort(final int port) {
        return set(DESTINATION_PORT, port);
    }

    /** The UDP length field: header plus data, in bytes. */
    public int length() {
        return (int) get(LENGTH);
    }

    public UdpFlyweight length(final int bytes) {
        return set(LENGTH, bytes);
    }

    public int checksum() {
        return (int) get(CHECKSUM);
    }

    public UdpFlyweight checksum(final int value) {
        return set(CHECKSUM, value);
    }
}
