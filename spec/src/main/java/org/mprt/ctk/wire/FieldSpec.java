package org.mprt.ctk.wire;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One row of a header's field table: the field ID used in verdicts, logs and rule predicates,
 * the spec's name, the position as the spec gives it and whether the spec calls it reserved.
 *
 * <p>Positions follow the IBTA convention of the spec (mprt-v0.1.md section 1): a byte offset
 * from the first byte of the header, the most significant bit of the field numbered 7 to 0
 * within that byte, and a width in bits. Fields of up to 64 bits are read and written as
 * unsigned values in a {@code long}; wider fields (addresses, the SACK bitmap) must be
 * byte-aligned and are handled as byte strings.
 *
 * <p>Flyweight getters and setters, {@link HeaderLayout#describe}, decode error messages and the
 * verdict engine's field lookup all go through these rows, so a position is written down once.
 */
public record FieldSpec(
    String id, String name, int byteOffset, int highBit, int bitWidth, boolean reserved, Base base,
    boolean littleEndian, int index) {

    /*
     * A record, not a class with private fields, for speed: the JIT compiler trusts a record's fields
     * as it does static finals, so a row held in a static final constant folds into the code that
     * reads it (a field read or written through its row folds to constant shifts and masks). A class's
     * final fields are loaded again at every read. The derived positions are computed from the
     * components, which then fold too; the canonical constructor checks them, so no row is
     * inconsistent however it is made.
     */

    /** How a value is shown in {@code toString}, error messages and reports. */
    public enum Base { DEC, HEX, FLAG }

    private static final AtomicInteger COUNT = new AtomicInteger();

    /**
     * @param index replaced by the next free number, whatever is passed: each row made has a number
     *              of its own, for the memo of a decoder's views ({@link Flyweight#memoizing()})
     */
    public FieldSpec {
        if (highBit < 0 || highBit > 7 || bitWidth < 1 || byteOffset < 0) {
            throw new IllegalArgumentException(id + ": invalid position");
        }
        final int span = span(highBit, bitWidth);
        if (bitWidth > 64 || littleEndian) {
            if (highBit != 7 || (bitWidth & 7) != 0) {
                throw new IllegalArgumentException(id + ": wide and little-endian fields must be byte-aligned");
            }
        } else if (span > 8) {
            throw new IllegalArgumentException(id + ": a field of up to 64 bits must lie within 8 bytes");
        }
        index = COUNT.getAndIncrement();
    }

    /** Fields made so far: every {@link #index()} is below it. */
    static int count() {
        return COUNT.get();
    }

    /** A field as the spec's table gives it: byte offset, most significant bit (7-0), width. */
    public static FieldSpec field(
        final String id, final String name, final int byteOffset, final int highBit, final int bitWidth, final Base base) {
        return new FieldSpec(id, name, byteOffset, highBit, bitWidth, false, base, false, 0);
    }

    /** A byte-aligned field of whole bytes. */
    public static FieldSpec field(
        final String id, final String name, final int byteOffset, final int bitWidth, final Base base) {
        return field(id, name, byteOffset, 7, bitWidth, base);
    }

    /** A field the spec calls reserved: sent as zero; a rule decides what a non-zero value means. */
    public static FieldSpec reserved(
        final String id, final String name, final int byteOffset, final int highBit, final int bitWidth) {
        return new FieldSpec(id, name, byteOffset, highBit, bitWidth, true, Base.HEX, false, 0);
    }

    /** A byte-aligned field transmitted least significant byte first (only the RoCEv2 ICRC). */
    public static FieldSpec littleEndian(
        final String id, final String name, final int byteOffset, final int bitWidth, final Base base) {
        return new FieldSpec(id, name, byteOffset, 7, bitWidth, false, base, true, 0);
    }

    /** The last segment of the ID, e.g. {@code psn}. */
    public String shortName() {
        return id.substring(id.lastIndexOf('.') + 1);
    }

    /** Offset of the first bit from the first bit of the header, most significant bit first. */
    public int bitOffset() {
        return byteOffset * 8 + bitInFirstByte();
    }

    /** Offset of the first bit within its byte, 0 for the byte's most significant bit. */
    public int bitInFirstByte() {
        return 7 - highBit;
    }

    /** Offset just past the byte holding the field's last bit. */
    public int endByteOffset() {
        return byteOffset + byteSpan();
    }

    /** True for fields wider than 64 bits, which have no {@code long} value. */
    public boolean isWide() {
        return bitWidth > 64;
    }

    /** Largest value the field can hold (for fields of up to 64 bits). */
    public long maxValue() {
        return mask();
    }

    private long mask() {
        return bitWidth >= 64 ? -1L : (1L << bitWidth) - 1;
    }

    /** Bytes from the one holding the first bit to the one holding the last. */
    public int byteSpan() {
        return span(highBit, bitWidth);
    }

    /**
     * The field's bits among its {@link #byteSpan()} bytes read as one big-endian number, as a dissector
     * masks them (for fields of up to 64 bits).
     */
    public long maskInSpan() {
        return mask() << shift();
    }

    private static int span(final int highBit, final int bitWidth) {
        return ((7 - highBit) + bitWidth + 7) >>> 3;
    }

    /** Bits below the field in its bytes read as one big-endian number. */
    private int shift() {
        return bitWidth > 64 ? 0 : byteSpan() * 8 - bitInFirstByte() - bitWidth;
    }

    /**
     * How far the header's 8 bytes from {@code wordOffset}, read in network order ({@link Flyweight#wordAt}),
     * shift right to bring this field to bit 0, {@link #maxValue()} then masking it: for a view that reads
     * a header's words once and takes its fields from them. The field must lie within those bytes and be
     * in network order (HeaderSnapshotTest holds every view's fields to the table). A view holds the shift
     * and mask as constants of its own, so that its snapshot is shifts and masks in whatever form the JIT
     * compilers have made of it, with no call: through a method of the row, a view's snapshot was a dozen
     * calls in the profiling form of its {@code remember()}, which some JVMs ran for a whole capture, 2 to
     * 3 % of the verdict benchmark's pass (the MDETH's in one JVM, the BTH's in another), where a compiled
     * snapshot costs 0.5 %.
     */
    public int shiftIn(final int wordOffset) {
        return Long.SIZE - (bitOffset() - 8 * wordOffset) - bitWidth;
    }

    /** Reads the unsigned value of a field of up to 64 bits from the header at {@code headerOffset}. */
    public long read(final ByteBuffer buffer, final int headerOffset) {
        if (bitWidth > 64) {
            throw new IllegalStateException(id + " is " + bitWidth + " bits wide; read its bytes");
        }
        final int start = headerOffset + byteOffset;
        long raw = 0;
        if (littleEndian) {
            for (int i = byteSpan() - 1; i >= 0; i--) {
                raw = (raw << 8) | (buffer.get(start + i) & 0xFF);
            }
            return raw & mask();
        }
        return (networkOrder(buffer, start, byteSpan()) >>> shift()) & mask();
    }

    /**
     * The {@code span} bytes at {@code start} as a big-endian number. When eight bytes from
     * {@code start} are inside the buffer they are read as one long (one bounds check, the per-field
     * hot path of every rule), whatever order the buffer was set to; otherwise byte by byte.
     */
    private static long networkOrder(final ByteBuffer buffer, final int start, final int span) {
        if (start >= 0 && start <= buffer.limit() - Long.BYTES) {
            final long v = buffer.getLong(start);
            return (buffer.order() == ByteOrder.BIG_ENDIAN ? v : Long.reverseBytes(v)) >>> (Long.SIZE - 8 * span);
        }
        long raw = 0;
        for (int i = 0; i < span; i++) {
            raw = (raw << 8) | (buffer.get(start + i) & 0xFF);
        }
        return raw;
    }

    /** Writes an unsigned value; bits of the same bytes outside the field are kept. */
    public void write(final ByteBuffer buffer, final int headerOffset, final long value) {
        if (bitWidth > 64) {
            throw new IllegalStateException(id + " is " + bitWidth + " bits wide; write its bytes");
        }
        if ((value & ~mask()) != 0) {
            throw new IllegalArgumentException(id + ": value " + Long.toUnsignedString(value)
                + " does not fit in " + bitWidth + " bits");
        }
        final int start = headerOffset + byteOffset;
        if (littleEndian) {
            for (int i = 0; i < byteSpan(); i++) {
                buffer.put(start + i, (byte) (value >>> (8 * i)));
            }
            return;
        }
        long raw = 0;
        for (int i = 0; i < byteSpan(); i++) {
            raw = (raw << 8) | (buffer.get(start + i) & 0xFF);
        }
        raw = (raw & ~(mask() << shift())) | (value << shift());
        for (int i = byteSpan() - 1; i >= 0; i--) {
            buffer.put(start + i, (byte) raw);
            raw >>>= 8;
        }
    }

    /** True when every bit of the field is zero; works for fields of any width. */
    public boolean isZero(final ByteBuffer buffer, final int headerOffset) {
        if (bitWidth <= 64) {
            return read(buffer, headerOffset) == 0;
        }
        final int start = headerOffset + byteOffset;
        for (int i = 0; i < byteSpan(); i++) {
            if (buffer.get(start + i) != 0) {
                return false;
            }
        }
        return true;
    }

    /** Copies the bytes of a byte-aligned field (of any width) into {@code target}. */
    public void readBytes(final ByteBuffer buffer, final int headerOffset, final byte[] target, final int targetOffset) {
        requireAligned();
        final int start = headerOffset + byteOffset;
        for (int i = 0; i < byteSpan(); i++) {
            target[targetOffset + i] = buffer.get(start + i);
        }
    }

    /** Writes the bytes of a byte-aligned field (of any width) from {@code source}. */
    public void writeBytes(final ByteBuffer buffer, final int headerOffset, final byte[] source, final int sourceOffset) {
        requireAligned();
        final int start = headerOffset + byteOffset;
        for (int i = 0; i < byteSpan(); i++) {
            buffer.put(start + i, source[sourceOffset + i]);
        }
    }

    /** Copies this field from one header to another without interpreting it (any width). */
    public void copy(final ByteBuffer from, final int fromHeaderOffset, final ByteBuffer to, final int toHeaderOffset) {
        if (bitWidth <= 64) {
            write(to, toHeaderOffset, read(from, fromHeaderOffset));
            return;
        }
        for (int i = 0; i < byteSpan(); i++) {
            to.put(toHeaderOffset + byteOffset + i, from.get(fromHeaderOffset + byteOffset + i));
        }
    }

    /** Appends the value as its base shows it: decimal, {@code 0x..} hex, or the hex bytes of a wide field. */
    public StringBuilder appendValue(final ByteBuffer buffer, final int headerOffset, final StringBuilder out) {
        if (bitWidth > 64) {
            out.append("0x");
            final int start = headerOffset + byteOffset;
            for (int i = 0; i < byteSpan(); i++) {
                appendHexByte(out, buffer.get(start + i));
            }
            return out;
        }
        return appendValue(read(buffer, headerOffset), out);
    }

    /** Appends a value of this field as its base shows it. */
    public StringBuilder appendValue(final long value, final StringBuilder out) {
        if (base == Base.HEX) {
            return out.append("0x").append(Long.toHexString(value));
        }
        return out.append(Long.toUnsignedString(value));
    }

    private void requireAligned() {
        if ((bitOffset() & 7) != 0 || (bitWidth & 7) != 0) {
            throw new IllegalStateException(id + " is not byte-aligned");
        }
    }

    private static void appendHexByte(final StringBuilder out, final byte value) {
        out.append(Character.forDigit((value >>> 4) & 0xF, 16)).append(Character.forDigit(value & 0xF, 16));
    }

    @Override
    public String toString() {
        return id + " (" + name + ", byte " + byteOffset + ", " + bitWidth + " bits" + (reserved ? ", reserved" : "") + ")";
    }
}
