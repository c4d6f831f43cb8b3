package org.mprt.ctk.pcap;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;

/**
 * The part of a capture file the reader can address right now: {@code [start, end)} of the file as
 * one buffer, moved forward as the reader advances. {@link #cover} is always asked for a whole
 * record, so a record that straddles the end of the window is whole in the next one, and frame
 * bytes can be handed out as an index into a buffer without copying. The price is that a record
 * must fit in one window: callers check that against {@link #windowSizeBytes()} before asking for it.
 *
 * <p>How the window is filled is the subclass's: {@link ReadWindow} copies the file into a reused
 * buffer, {@link MappedWindow} maps it.
 */
abstract class FileWindow {
    private final long fileSizeBytes;
    private final int windowSizeBytes;
    private long windowStart;
    private long windowEnd;
    private ByteBuffer bigEndian;
    private ByteBuffer littleEndian;
    private ByteBuffer frameView;

    FileWindow(final long fileSizeBytes, final int windowSizeBytes) {
        this.fileSizeBytes = fileSizeBytes;
        this.windowSizeBytes = windowSizeBytes;
    }

    final long fileSizeBytes() {
        return fileSizeBytes;
    }

    /** The largest record the window can hold. */
    final int windowSizeBytes() {
        return windowSizeBytes;
    }

    /**
     * Makes {@code [position, position + lengthBytes)} addressable. The caller has checked that the
     * range lies inside the file and is no longer than a window.
     */
    final void cover(final long position, final int lengthBytes) throws IOException {
        if (position < windowStart || position + lengthBytes > windowEnd) {
            final ByteBuffer filled = fill(position, lengthBytes);
            bigEndian = filled.order(ByteOrder.BIG_ENDIAN);
            littleEndian = filled.duplicate().order(ByteOrder.LITTLE_ENDIAN);
            frameView = filled.asReadOnlyBuffer().order(ByteOrder.BIG_ENDIAN);
            windowStart = position;
            windowEnd = position + filled.limit();
        }
    }

    /**
     * Makes the header of the record at {@code position} addressable and returns true, or returns false
     * at the end of the file; a file that ends inside the header fails, naming {@code header} (such as
     * "a record header"), the frame the record would be and its offset.
     */
    final boolean recordHeaderAt(final Path file, final long frameNumber, final long position, final int headerLength,
                                 final String header) throws IOException {
        final long remainingBytes = fileSizeBytes - position;
        if (remainingBytes == 0) {
            return false;
        }
        if (remainingBytes < headerLength) {
            throw new CaptureFormatException(file, frameNumber, position, "file ends " + remainingBytes
                + " bytes into " + header + " (expected " + headerLength + " bytes)");
        }
        cover(position, headerLength);
        return true;
    }

    /**
     * A buffer holding the file from {@code position} on, at least {@code lengthBytes} of it, its
     * index 0 at {@code position} and its limit where the bytes it holds end.
     */
    abstract ByteBuffer fill(long position, int lengthBytes) throws IOException;

    /** True when the window holds the file's bytes {@code [position, position + lengthBytes)} now. */
    final boolean holds(final long position, final int lengthBytes) {
        return position >= windowStart && position + lengthBytes <= windowEnd;
    }

    /**
     * Copies the file's bytes from {@code position}, which the window {@link #holds}, into {@code into}
     * from its position to its limit, and moves its position to its limit (as a channel read does).
     */
    final void copy(final long position, final ByteBuffer into) {
        into.put(into.position(), bigEndian, index(position), into.remaining());
        into.position(into.limit());
    }

    /** Index in the window's buffers of a covered file position. */
    final int index(final long position) {
        return (int) (position - windowStart);
    }

    /**
     * The current window, read-only and in network order, for handing frames out. A buffer of its
     * own, so that a caller changing its order or position cannot disturb the reader's views.
     */
    final ByteBuffer frameBuffer() {
        return frameView;
    }

    final int intAt(final long position, final ByteOrder order) {
        return view(order).getInt(index(position));
    }

    final long unsignedIntAt(final long position, final ByteOrder order) {
        return Integer.toUnsignedLong(intAt(position, order));
    }

    final int unsignedShortAt(final long position, final ByteOrder order) {
        return Short.toUnsignedInt(view(order).getShort(index(position)));
    }

    final long longAt(final long position, final ByteOrder order) {
        return view(order).getLong(index(position));
    }

    final int unsignedByteAt(final long position) {
        return Byte.toUnsignedInt(bigEndian.get(index(position)));
    }

    private ByteBuffer view(final ByteOrder order) {
        return order == ByteOrder.BIG_ENDIAN ? bigEndian : littleEndian;
    }
}
