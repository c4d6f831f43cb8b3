package org.mprt.ctk.pcap.link;

import java.nio.ByteBuffer;

/**
 * Big-endian reads that do not depend on the order a caller's buffer happens to be set to: link
 * headers are in network order whatever buffer carries them (STYLE.md section 1: the byte order is
 * explicit on every access).
 */
final class NetworkByteOrder {
    private NetworkByteOrder() {
    }

    static int unsignedByteAt(final ByteBuffer buffer, final int index) {
        return Byte.toUnsignedInt(buffer.get(index));
    }

    static int unsignedShortAt(final ByteBuffer buffer, final int index) {
        return (Byte.toUnsignedInt(buffer.get(index)) << 8) | Byte.toUnsignedInt(buffer.get(index + 1));
    }

    static int intAt(final ByteBuffer buffer, final int index) {
        return (unsignedShortAt(buffer, index) << 16) | unsignedShortAt(buffer, index + 2);
    }
}
