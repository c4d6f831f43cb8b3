package org.mprt.ctk.pcap.link;

import java.nio.ByteBuffer;

/**
 * LINKTYPE_RAW (101, also 12 and 14 as DLT_RAW), LINKTYPE_IPV4 (228) and LINKTYPE_IPV6 (229): the
 * frame starts with the IP header. For RAW the version nibble (RFC 791 / RFC 8200, first 4 bits)
 * decides; the other two declare their version, and a wrong nibble is left for the IP decoder to
 * report, not hidden here.
 */
final class RawIpDecoder implements LinkLayerDecoder {
    private static final int IPV4_VERSION = 4;
    private static final int IPV6_VERSION = 6;
    private static final int VERSION_SHIFT = 4;

    /** The kind the link type declares, or null when the version nibble decides. */
    private final NetworkLayerKind declaredKind;

    private RawIpDecoder(final NetworkLayerKind declaredKind) {
        this.declaredKind = declaredKind;
    }

    /** LINKTYPE_RAW: either version. */
    static RawIpDecoder byVersionNibble() {
        return new RawIpDecoder(null);
    }

    /** LINKTYPE_IPV4 or LINKTYPE_IPV6. */
    static RawIpDecoder declared(final NetworkLayerKind kind) {
        return new RawIpDecoder(kind);
    }

    @Override
    public void locate(
        final ByteBuffer frame, final int frameOffset, final int lengthBytes, final NetworkLayer result) {
        if (lengthBytes < 1) {
            result.truncated();
            return;
        }
        final NetworkLayerKind kind = declaredKind != null ? declaredKind : kindOfVersion(frame.get(frameOffset));
        result.located(kind, 0, etherTypeOf(kind));
    }

    /** The kind an IP header's first byte names by its version: IPv4, IPv6, else other. */
    static NetworkLayerKind kindOfVersion(final byte firstByte) {
        final int version = Byte.toUnsignedInt(firstByte) >>> VERSION_SHIFT;
        if (version == IPV4_VERSION) {
            return NetworkLayerKind.IPV4;
        }
        return version == IPV6_VERSION ? NetworkLayerKind.IPV6 : NetworkLayerKind.OTHER;
    }

    static int etherTypeOf(final NetworkLayerKind kind) {
        if (kind == NetworkLayerKind.IPV4) {
            return EtherType.IPV4;
        }
        return kind == NetworkLayerKind.IPV6 ? EtherType.IPV6 : EtherType.NONE;
    }
}
