package org.mprt.ctk.pcap;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * A window of a capture file copied into one reused buffer by positional reads: when the reader
 * passes its end, the buffer is refilled from the record being read on. A read copies from the
 * page cache at memory speed, where mapping the file costs a page fault per page or few, and the
 * chunk is still in the processor's cache when the frames in it are decoded.
 *
 * <p>A refill overwrites the frames handed out before, so a frame's bytes are readable until the
 * next {@link CaptureReader#next}; {@link CaptureReader#read(long, ByteBuffer)} reads earlier ones
 * again from the file.
 */
final class ReadWindow extends FileWindow {
    /** Bytes read at a time: about a processor's L2 cache, few enough system calls for 1 GB to need a thousand. */
    static final int DEFAULT_CHUNK_BYTES = 1 << 20;
    /** The largest record: far above any frame a capture tool writes, small enough to allocate when one claims it. */
    static final int DEFAULT_WINDOW_SIZE_BYTES = 1 << 28;

    private final FileChannel channel;
    /** Bytes read at a time: the chunk, or a larger record. */
    private int capacityBytes;
    /** The memory each fill reads into, at the file position's offset in a page ({@link PageAlignedReads}). */
    private ByteBuffer memory;

    ReadWindow(final FileChannel channel, final long fileSizeBytes, final int chunkBytes, final int windowSizeBytes) {
        super(fileSizeBytes, windowSizeBytes);
        this.channel = channel;
        this.capacityBytes = (int) Math.min(chunkBytes, Math.max(fileSizeBytes, 1));
        this.memory = PageAlignedReads.allocate(capacityBytes);
    }

    @Override
    ByteBuffer fill(final long position, final int lengthBytes) throws IOException {
        if (lengthBytes > capacityBytes) {
            // Only a record larger than a chunk, which the file holds whole (the caller checked), grows it.
            capacityBytes = lengthBytes;
            memory = PageAlignedReads.allocate(capacityBytes);
        }
        final ByteBuffer buffer = PageAlignedReads.at(memory, position, capacityBytes);
        buffer.limit((int) Math.min(capacityBytes, fileSizeBytes() - position));
        readFully(channel, position, buffer);
        return buffer.flip();
    }

    /** Reads from {@code position} until {@code into} is full; fails if the file ends first. */
    static void readFully(final FileChannel channel, final long position, final ByteBuffer into) throws IOException {
        final int start = into.position();
        while (into.hasRemaining()) {
            if (channel.read(into, position + into.position() - start) < 0) {
                throw new EOFException("reading " + (into.limit() - start) + " bytes at byte offset " + position
                    + ", the file now ends at byte offset " + channel.size() + " (was it truncated while being read?)");
            }
        }
    }
}
