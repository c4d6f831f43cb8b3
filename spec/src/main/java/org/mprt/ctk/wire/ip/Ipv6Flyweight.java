package org.mprt.ctk.wire.ip;

import org.mprt.ctk.wire.FieldSpec;
import org.mprt.ctk.wire.FieldSpec.Base;
import org.mprt.ctk.wire.Flyweight;
import org.mprt.ctk.wire.HeaderLayout;
import org.mprt.ctk.wire.NetworkOrder;

/**
 * IPv6 header (RFC 8200), 40 bytes; mprt-v0.1.md section 3.1, MPRT-WIRE-003, MPRT-WIRE-006.
 * The traffic class is split into DSCP and ECN (RFC 2474, RFC 3168).
 *
 * <pre>
 *  0                   1                   2                   3
 *  0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 * +-------+-----------+---+---------------------------------------+
 * |Version|   DSCP    |ECN|              Flow Label               |
 * +-------+-----------+---+-------+---------------+---------------+
 * |         Payload Length        |  Next Header  |   Hop Limit   |
 * +-------------------------------+---------------+---------------+
 * |                     Source Address (128)                      |
 * +---------------------------------------------------------------+
 * |                   Destination Address (128)                   |
 * +---------------------------------------------------------------+
 * </pre>
 *
 * Addresses are read as two 64-bit halves so no array is needed. The ICRC masks the traffic
 * class, the flow label and the hop limit (IBTA Annex A17).
 */
public final class Ipv6Flyweight extends Flyweight<Ipv6Flyweight> {

    public static final FieldSpec VERSION = FieldSpec.field("ipv6.version", "Version", 0, 7, 4, Base.DEC);
    public static final FieldSpec DSCP = FieldSpec.field("ipv6.dscp", "Differentiated Services Code Point", 0, 3, 6, Base.DEC);
    public static final FieldSpec ECN = FieldSpec.field("ipv6.ecn", "Explicit Congestion Notification", 1, 5, 2, Base.DEC);
    public static final FieldSpec FLOW_LABEL = FieldSpec.field("ipv6.flow_label", "Flow Label", 1, 3, 20, Base.HEX);
    public static final FieldSpec PAYLOAD_LENGTH = FieldSpec.field("ipv6.payload_length", "Payload Length", 4, 16, Base.DEC);
    public static final FieldSpec NEXT_HEADER = FieldSpec.field("ipv6.next_header", "Next Header", 6, 8, Base.DEC);
    public static final FieldSpec HOP_LIMIT = FieldSpec.field("ipv6.hop_limit", "Hop Limit", 7, 8, Base.DEC);
    public static final FieldSpec SOURCE = FieldSpec.field("ipv6.source", "Source Address", 8, 128, Base.HEX);
    public static final FieldSpec DESTINATION = FieldSpec.field("ipv6.destination", "Destination Address", 24, 128, Base.HEX);

    public static final HeaderLayout LAYOUT = HeaderLayout.of("ipv6", "IPv6", "RFC 8200 section 3",
        VERSION, DSCP, ECN, FLOW_LABEL, PAYLOAD_LENGTH, NEXT_HEADER, HOP_LIMIT, SOURCE, DESTINATION);

    public static final int PAYLOAD_LENGTH_FIELD_OFFSET = PAYLOAD_LENGTH.byteOffset();
    public static final int NEXT_HEADER_FIELD_OFFSET = NEXT_HEADER.byteOffset();
    public static final int HOP_LIMIT_FIELD_OFFSET = HOP_LIMIT.byteOffset();
    public static final int SOURCE_FIELD_OFFSET = SOURCE.byteOffset();
    public static final int DESTINATION_FIELD_OFFSET = DESTINATION.byteOffset();
    public static final int IPV6_LENGTH = LAYOUT.length();
    /** Next-header value of UDP. */
    public static final int NEXT_HEADER_UDP = 17;

    @Override
    public HeaderLayout layout() {
        return LAYOUT;
    }

    public int version() {
        return (int) get(VERSION);
    }

    public Ipv6Flyweight version(final int value) {
        return set(VERSION, value);
    }

    public int dscp() {
        return (int) get(DSCP);
    }

    public Ipv6Flyweight dscp(final int value) {
        return set(DSCP, value);
    }

    public int ecn() {
        return (int) get(ECN);
    }

    public Ipv6Flyweight ecn(final int value) {
        return set(ECN, value);
    }

    public int flowLabel() {
        return (int) get(FLOW_LABEL);
    }

    public Ipv6Flyweight flowLabel(final int value) {
        return set(FLOW_LABEL, value);
    }

    public int payloadLength() {
        return (int) get(PAYLOAD_LENGTH);
    }

    public Ipv6Flyweight payloadLength(final int bytes) {
        return set(PAYLOAD_LENGTH, bytes);
    }

    public int nextHeader() {
        return (int) get(NEXT_HEADER);
    }

    public Ipv6Flyweight nextHeader(final int value) {
        return set(NEXT_HEADER, value);
    }

    public int hopLimit() {
        return (int) get(HOP_LIMIT);
    }

    public Ipv6Flyweight hopLimit(final int value) {
        return set(HOP_LIMIT, value);
    }

    /** First 8 bytes of the source address. */
    public long sourceHigh() {
        return NetworkOrder.i64(buffer(), offset() + SOURCE_FIELD_OFFSET);
    }

    /** Last 8 bytes of the source address. */
    public long sourceLow() {
        return NetworkOrder.i64(buffer(), offset() + SOURCE_FIELD_OFFSET + 8);
    }

    public Ipv6Flyweight source(final long high, final long low) {
        NetworkOrder.putI64(buffer(), offset() + SOURCE_FIELD_OFFSET, high);
        NetworkOrder.putI64(buffer(), offset() + SOURCE_FIELD_OFFSET + 8, low);
        return this;
    }

    public long destinationHigh() {
        return NetworkOrder.i64(buffer(), offset() + DESTINATION_FIELD_OFFSET);
    }

    public long destinationLow() {
        return NetworkOrder.i64(buffer(), offset() + DESTINATION_FIELD_OFFSET + 8);
    }

    public Ipv6Flyweight destination(final long high, final long low) {
        NetworkOrder.putI64(buffer(), offset() + DESTINATION_FIELD_OFFSET, high);
        NetworkOrder.putI64(buffer(), offset() + DESTINATION_FIELD_OFFSET + 8, low);
        return this;
    }
}
