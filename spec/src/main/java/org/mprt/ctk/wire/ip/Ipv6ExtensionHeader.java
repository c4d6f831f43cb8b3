package org.mprt.ctk.wire.ip;

import java.nio.ByteBuffer;

/**
 * The IPv6 extension headers of RFC 8200 section 4 (and those registered since) that a decoder can
 * step over to find what they carry: each starts with its Next Header byte and says its own length.
 * ESP is not among them: what follows it is encrypted.
 */
public final class Ipv6ExtensionHeader {

    public static final int HOP_BY_HOP = 0;
    public static final int ROUTING = 43;
    public static final int FRAGMENT = 44;
    public static final int AUTHENTICATION = 51;
    public static final int DESTINATION_OPTIONS = 60;
    public static final int MOBILITY = 135;
    public static final int HIP = 139;
    public static final int SHIM6 = 140;
    public static final int EXPERIMENTAL_1 = 253;
    public static final int EXPERIMENTAL_2 = 254;
    /** Bytes every extension header has at least, and what a reader needs to step over one. */
    public static final int MINIMUM_LENGTH = 8;

    private Ipv6ExtensionHeader() {
    }

    /** Whether {@code nextHeader} names an extension header this class can step over. */
    public static boolean isSteppable(final int nextHeader) {
        return switch (nextHeader) {
            case HOP_BY_HOP, ROUTING, FRAGMENT, AUTHENTICATION, DESTINATION_OPTIONS, MOBILITY, HIP, SHIM6, EXPERIMENTAL_1,
                EXPERIMENTAL_2 -> true;
            default -> false;
        };
    }

    /** The header's length in bytes, from its Hdr Ext Len (in 4-byte units for AH, 8-byte ones for the rest). */
    public static int length(final int type, final ByteBuffer buffer, final int offset) {
        final int units = buffer.get(offset + 1) & 0xFF;
        return type == FRAGMENT ? MINIMUM_LENGTH : type == AUTHENTICATION ? (units + 2) * 4 : (units + 1) * 8;
    }

    /** The Next Header byte of the extension header at {@code offset}. */
    public static int nextHeader(final ByteBuffer buffer, final int offset) {
        return buffer.get(offset) & 0xFF;
    }

    /** For a fragment header: true when it holds a later fragment (offset not 0), whose upper header is elsewhere. */
    public static boolean isLaterFragment(final ByteBuffer buffer, final int offset) {
        return (buffer.getShort(offset + 2) & 0xFFF8) != 0;
    }

    /** The header's name, as a report says it. */
    public static String name(final int type) {
        return switch (type) {
            case HOP_BY_HOP -> "hop-by-hop options";
            case ROUTING -> "routing";
            case FRAGMENT -> "fragment";
            case AUTHENTICATION -> "authentication";
            case DESTINATION_OPTIONS -> "destination options";
            case MOBILITY -> "mobility";
            case HIP -> "host identity protocol";
            case SHIM6 -> "shim6";
            default -> "experimental";
        };
    }
}
