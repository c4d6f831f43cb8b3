package org.mprt.ctk.wire;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Network byte order, defined once for the whole codec.
 *
 * <p>Every multi-byte field of Ethernet, IP, UDP, the BTH and every extension header is
 * big-endian (mprt-v0.1.md section 1). The accessors assemble bytes one by one, so they never
 * depend on the {@link ByteOrder} a caller left on a {@link ByteBuffer}. The single exception on
 * the wire, the ICRC, is declared as such in its field table ({@code roce.icrc}).
 */
public final class NetworkOrder {

    /** The byte order of every wire field except the ICRC. */
    public static final ByteOrder BIG_ENDIAN = ByteOrder.BIG_ENDIAN;

    private NetworkOrder() {
    }

    public static int u8(final ByteBuffer buffer, final int index) {
        return buffer.get(index) & 0xFF;
    }

    public static int u16(final ByteBuffer buffer, final int index) {
        return (u8(buffer, index) << 8) | u8(buffer, index + 1);
    }

    public static int u24(final ByteBuffer buffer, final int index) {
        return (u8(buffer, index) << 16) | (u8(buffer, index + 1) << 8) | u8(buffer, index + 2);
    }

    public static long u32(final ByteBuffer buffer, final int index) {
        return ((long) u16(buffer, index) << 16) | u16(buffer, index + 2);
    }

    public static long i64(final ByteBuffer buffer, final int index) {
        return (u32(buffer, index) << 32) | u32(buffer, index + 4);
    }

    public static void putU8(final ByteBuffer buffer, final int index, final int value) {
        buffer.put(index, (byte) value);
    }

    public static void putU16(final ByteBuffer buffer, final int index, final int value) {
        buffer.put(index, (byte) (value >>> 8));
        buffer.put(index + 1, (byte) value);
    }

    public static void putU32(final ByteBuffer buffer, final int index, final long value) {
        putU16(buffer, index, (int) (value >>> 16));
        putU16(buffer, index + 2, (int) value);
    }

    public static void putI64(final ByteBuffer buffer, final int index, final long value) {
        putU32(buffer, index, value >>> 32);
        putU32(buffer, index + 4, value);
    }
}
