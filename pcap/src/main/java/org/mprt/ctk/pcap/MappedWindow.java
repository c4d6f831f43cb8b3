package org.mprt.ctk.pcap;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * A window of a capture file mapped into memory, re-mapped to start at the record being read when
 * the reader passes its end. A {@link ByteBuffer} addresses at most 2 GiB, so a larger file is
 * mapped one window at a time.
 *
 * <p>Superseded windows are unmapped by the garbage collector, so frame buffers handed out earlier
 * stay readable. Every page is mapped on first touch, which costs a page fault per page or few; on
 * a single sequential pass {@link ReadWindow} is faster (the reader benchmark measures both), so
 * this window is for comparison.
 */
final class MappedWindow extends FileWindow {
    /** 1 GiB: far above any frame, and few enough re-maps that a 100 GiB capture needs only 100. */
    static final int DEFAULT_WINDOW_SIZE_BYTES = 1 << 30;

    private final FileChannel channel;

    MappedWindow(final FileChannel channel, final long fileSizeBytes, final int windowSizeBytes) {
        super(fileSizeBytes, windowSizeBytes);
        this.channel = channel;
    }

    @Override
    ByteBuffer fill(final long position, final int lengthBytes) throws IOException {
        return channel.map(FileChannel.MapMode.READ_ONLY, position, Math.min(windowSizeBytes(), fileSizeBytes() - position));
    }
}
