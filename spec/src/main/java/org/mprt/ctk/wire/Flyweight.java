package org.mprt.ctk.wire;

import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * A view of one header in a buffer: accessors read and write the bytes in place, and wrapping
 * again moves the view without allocating.
 *
 * <p>A flyweight wraps a buffer (composition), it is not one, so only the header's fields are
 * exposed. Bounds checks stay on: {@code wrap} refuses a header that does not fit before the
 * buffer's limit, and every access is checked again by the buffer.
 *
 * @param <T> the concrete flyweight, returned by {@code wrap} and by setters so calls chain
 */
public abstract class Flyweight<T extends Flyweight<T>> {

    private ByteBuffer buffer;
    private int offset;
    private byte[] wrappedArray;
    private ByteBuffer arrayView;

    /** Points this view at the header starting at {@code offset} (an absolute index in the buffer). */
    public final T wrap(final ByteBuffer buffer, final int offset) {
        Objects.requireNonNull(buffer, "buffer");
        final int length = minimumLength();
        if (offset < 0 || offset > buffer.limit() - length) {
            throw new IndexOutOfBoundsException(layout().id() + ": " + length + " bytes at offset " + offset
                + " do not fit in a buffer of limit " + buffer.limit());
        }
        this.buffer = buffer;
        this.offset = offset;
        return self();
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

    /** Reads any field of this header through its table row (fields of up to 64 bits). */
    public final long get(final FieldSpec field) {
        return field.read(buffer, offset);
    }

    /** Writes any field of this header through its table row. */
    public final T set(final FieldSpec field, final long value) {
        field.write(buffer, offset, value);
        return self();
    }

    /** Sets every byte of the header (fixed part) to zero. */
    public T clear() {
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
