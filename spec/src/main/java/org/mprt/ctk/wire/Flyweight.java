package org.mprt.ctk.wire;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Objects;

/**
 * A view of one header in a buffer: accessors read and write the bytes in place, and wrapping
 * again moves the view without allocating.
 *
 * <p>A flyweight wraps a buffer (composition), it is not one, so only the header's fields are
 * exposed. Bounds checks stay on: {@code wrap} refuses a header that does not fit before the
 * buffer's limit, and every access is checked again by the buffer.
 *
 * <p>A decoder's views can remember what they read ({@link #memoizing()}): a verdict engine reads
 * the same fields of one packet dozens of times, once per rule.
 *
 * @param <T> the concrete flyweight, returned by {@code wrap} and by setters so calls chain
 */
public abstract class Flyweight<T extends Flyweight<T>> {

    private ByteBuffer buffer;
    private int offset;
    private byte[] wrappedArray;
    private ByteBuffer arrayView;
    /**
     * Field values read since the view last moved, was written or forgot: for field index i, the
     * {@link #generation} it was read in at 2i and its value at 2i + 1, side by side so that a
     * remembered read touches one array and mostly one cache line; null unless memoizing.
     */
    private long[] memo;
    private long generation = 1;
    /** True while buffer and offset are a position {@link #wrap} has checked since the view last forgot. */
    private boolean placed;

    /** Points this view at the header starting at {@code offset} (an absolute index in the buffer). */
    public final T wrap(final ByteBuffer buffer, final int offset) {
        if (isPlacedAt(buffer, offset)) {
            return self();
        }
        Objects.requireNonNull(buffer, "buffer");
        final int length = minimumLength();
        if (offset < 0 || offset > buffer.limit() - length) {
            throw new IndexOutOfBoundsException(layout().id() + ": " + length + " bytes at offset " + offset
                + " do not fit in a buffer of limit " + buffer.limit());
        }
        this.buffer = buffer;
        this.offset = offset;
        generation++;
        placed = memo != null;
        return self();
    }

    /**
     * True when a memoizing view was wrapped at this position since it last forgot: {@link #wrap}
     * would not move it. For an owner that placed its view and hands it out many times, so that the
     * handing out need not carry wrap's checks.
     */
    public final boolean isPlacedAt(final ByteBuffer buffer, final int offset) {
        return placed && buffer == this.buffer && offset == this.offset;
    }

    /**
     * Makes this view remember each field it reads until it is wrapped elsewhere, written through,
     * or told to {@link #forget()}: for the views a decoder owns, whose packet rules read many times.
     * The owner must call {@code forget()} whenever the bytes under the view may have changed without
     * the view writing them (a new frame in the same buffer).
     */
    public final T memoizing() {
        memo = new long[2 * FieldSpec.count()];
        return self();
    }

    /** Forgets what was read: the next read goes to the buffer, and the next wrap checks its position again. */
    public final void forget() {
        generation++;
        placed = false;
    }

    /** Points this view at an array; the array's own view is kept, so re-wrapping the same array does not allocate. */
    public final T wrap(final byte[] array, final int offset) {
        if (array != wrappedArray) {
            wrappedArray = array;
            arrayView = ByteBuffer.wrap(array);
        }
        return wrap(arrayView, offset);
    }

    /** The field table this view reads. */
    public abstract HeaderLayout layout();

    /** Length in bytes of the header as it is in the buffer (fixed length unless it has records). */
    public int lengthBytes() {
        return layout().length();
    }

    /** Bytes that must be in the buffer for {@code wrap} to succeed. */
    protected int minimumLength() {
        return layout().length();
    }

    public final ByteBuffer buffer() {
        return buffer;
    }

    /** Absolute index of the header's first byte in {@link #buffer()}. */
    public final int offset() {
        return offset;
    }

    /**
     * What the view reads now, as a number that changes whenever a read may return something else
     * (the view moved, was written through or forgot): a subclass's snapshot of its fields, taken by a
     * memoizing view, holds while this stays the same.
     */
    protected final long generation() {
        return generation;
    }

    /** The 8 bytes from {@code byteOffset} in the header, in network order; they must lie before the buffer's limit. */
    protected final long wordAt(final int byteOffset) {
        final long v = buffer.getLong(offset + byteOffset);
        return buffer.order() == ByteOrder.BIG_ENDIAN ? v : Long.reverseBytes(v);
    }

    /** True for a view that remembers what it reads ({@link #memoizing()}). */
    protected final boolean isMemoizing() {
        return memo != null;
    }

    /** Reads any field of this header through its table row (fields of up to 64 bits). */
    public final long get(final FieldSpec field) {
        final long[] m = memo;
        if (m != null) {
            final int i = 2 * field.index();
            if (i < m.length - 1) {
                if (m[i] == generation) {
                    return m[i + 1];
                }
                final long value = field.read(buffer, offset);
                m[i] = generation;
                m[i + 1] = value;
                return value;
            }
        }
        return field.read(buffer, offset);
    }

    /** For a subclass that wrote the header's bytes itself: what the view remembered of them no longer holds. */
    protected final void changed() {
        generation++;
    }

    /** Writes any field of this header through its table row. */
    public final T set(final FieldSpec field, final long value) {
        generation++;
        field.write(buffer, offset, value);
        return self();
    }

    /** Sets every byte of the header (fixed part) to zero. */
    public T clear() {
        generation++;
        final int end = offset + lengthBytes();
        for (int i = offset; i < end; i++) {
            buffer.put(i, (byte) 0);
        }
        return self();
    }

    @SuppressWarnings("unchecked")
    protected final T self() {
        return (T) this;
    }

    @Override
    public String toString() {
        if (buffer == null) {
            return layout().name() + " [unwrapped]";
        }
        return layout().describe(buffer, offset, new StringBuilder()).toString();
    }
}
