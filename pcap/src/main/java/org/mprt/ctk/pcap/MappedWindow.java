package org.mprt.ctk.pcap;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;

/**
 * A window of a capture file mapped into memory, moved forward as the reader advances.
 *
 * <p>A {@link ByteBuffer} addresses at most 2 GiB, so a larger file is mapped one window at a
 * time. A window is always re-mapped to start at the record being read, which means a record that
 * straddles the end of the previous window is whole in the next one, and frame bytes can be handed
 * out as an index into a buffer without copying. The price is that a record must fit in one
 * window: callers check that against {@link #windowSizeBytes()} before asking for it.
 *
 * <p>Superseded windows are unmapped by the garbage collector, so frame buffers handed out earlier
 * stay readable.
 */
final class MappedWindow {
    /** 1 GiB: far above any frame, and few enough re-maps that a 100 GiB capture needs only 100. */
    static final int DEFAULT_WINDOW_SIZE_BYTES = 1 << 30;

    private final FileChannel channel;
    private final long fileSizeBytes;
    private final int windowSizeBytes;
    private long windowStart;
    private long windowEnd;
    private ByteBuffer bigEndian;
    private ByteBuffer littleEndian;
    private ByteBuffer frameView;

    MappedWindow(final FileChannel channel, final long fileSizeBytes, final int windowSizeBytes) {
        this.channel = channel;
        this.fileSizeBytes = fileSizeBytes;
        this.windowSizeBytes = windowSizeBytes;
    }

    long fileSizeBytes() {
        return fileSizeBytes;
    }

    int windowSizeBytes() {
        return windowSizeBytes;
    }

    /**
     * Makes {@code [position, position + lengthBytes)} addressable. The caller has checked that the
     * range lies inside the file and is no longer than a window.
     */
    void cover(final long position, final int lengthBytes) throws IOException {
        if (position >= windowStart && position + lengthBytes <= windowEnd) {
            return;
        }
        final int mappedBytes = (int) Math.min(windowSizeBytes, fileSizeBytes - position);
        final MappedByteBuffer mapped = channel.map(FileChannel.MapMode.READ_ONLY, position, mappedBytes);
        bigEndian = mapped.order(ByteOrder.BIG_ENDIAN);
        littleEndian = mapped.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        frameView = mapped.duplicate().order(ByteOrder.BIG_ENDIAN);
        windowStart = position;
        windowEnd = position + mappedBytes;
    }

    /** Index in the window's buffers of a covered file position. */
    int index(final long position) {
        return (int) (position - windowStart);
    }

    /**
     * The current window, read-only and in network order, for handing frames out. A buffer of its
     * own, so that a caller changing its order or position cannot disturb the reader's views.
     */
    ByteBuffer frameBuffer() {
        return frameView;
    }

    int intAt(final long position, final ByteOrder order) {
        return view(order).getInt(index(position));
    }

    long unsignedIntAt(final long position, final ByteOrder order) {
        return Integer.toUnsignedLong(intAt(position, order));
    }

    int unsignedShortAt(final long position, final ByteOrder order) {
        return Short.toUnsignedInt(view(order).getShort(index(position)));
    }

    long longAt(final long position, final ByteOrder order) {
        return view(order).getLong(index(position));
    }

    int unsignedByteAt(final long position) {
        return Byte.toUnsignedInt(bigEndian.get(index(position)));
    }

    private ByteBuffer view(final ByteOrder order) {
        return order == ByteOrder.BIG_ENDIAN ? bigEndian : littleEndian;
    }
}
