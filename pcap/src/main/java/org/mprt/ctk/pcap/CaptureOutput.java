package org.mprt.ctk.pcap;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A buffered capture file that appears under its final name only once it is complete.
 *
 * <p>Bytes go to a hidden part file in the target's directory (so the final rename stays on one
 * file system and is atomic) through one large buffer, so that writing a frame is a copy, not a
 * system call. {@link #commit()} flushes, syncs and renames; {@link #abort()} deletes the part
 * file. A reader therefore sees either the previous file or the whole new one, never a torn one.
 *
 * <p>The part file name is built from the process id and a counter, not from a clock or a random
 * source, and nothing about it reaches the file's content.
 */
final class CaptureOutput {
    /** 1 MiB: a few hundred typical frames per system call, small enough to keep per tap. */
    static final int BUFFER_SIZE_BYTES = 1 << 20;

    private static final AtomicLong PART_FILE_COUNTER = new AtomicLong();

    private final Path target;
    private final Path partFile;
    private final FileChannel channel;
    private final ByteBuffer buffer;
    private boolean finished;

    private CaptureOutput(final Path target, final Path partFile, final FileChannel channel, final ByteOrder order) {
        this.target = target;
        this.partFile = partFile;
        this.channel = channel;
        this.buffer = ByteBuffer.allocateDirect(BUFFER_SIZE_BYTES).order(order);
    }

    static CaptureOutput create(final Path target, final ByteOrder order) throws IOException {
        final Path absoluteTarget = target.toAbsolutePath();
        final Path directory = absoluteTarget.getParent();
        final String prefix = "." + absoluteTarget.getFileName() + "." + ProcessHandle.current().pid() + "-";
        while (true) {
            final Path partFile = directory.resolve(prefix + PART_FILE_COUNTER.incrementAndGet() + ".part");
            try {
                final FileChannel channel = FileChannel.open(partFile, StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE);
                return new CaptureOutput(absoluteTarget, partFile, channel, order);
            } catch (final FileAlreadyExistsException staleFromAnotherRun) {
                // A crashed process with the same pid left it; take the next number.
            }
        }
    }

    Path target() {
        return target;
    }

    /** The buffer to put the next {@code lengthBytes} into, at most {@link #BUFFER_SIZE_BYTES}. */
    ByteBuffer reserve(final int lengthBytes) throws IOException {
        if (buffer.remaining() < lengthBytes) {
            flush();
        }
        return buffer;
    }

    /** Appends {@code lengthBytes} of {@code source} from {@code offset}, leaving its position alone. */
    void put(final ByteBuffer source, final int offset, final int lengthBytes) throws IOException {
        if (lengthBytes <= buffer.capacity()) {
            reserve(lengthBytes).put(buffer.position(), source, offset, lengthBytes);
            buffer.position(buffer.position() + lengthBytes);
            return;
        }
        flush();
        final ByteBuffer large = source.duplicate();
        large.limit(offset + lengthBytes).position(offset);
        while (large.hasRemaining()) {
            channel.write(large);
        }
    }

    /** Appends {@code lengthBytes} of {@code source} from {@code offset}. */
    void put(final byte[] source, final int offset, final int lengthBytes) throws IOException {
        if (lengthBytes <= buffer.capacity()) {
            reserve(lengthBytes).put(source, offset, lengthBytes);
            return;
        }
        flush();
        final ByteBuffer large = ByteBuffer.wrap(source, offset, lengthBytes);
        while (large.hasRemaining()) {
            channel.write(large);
        }
    }

    /** Appends zero bytes up to the next multiple of 4. */
    void padTo32Bits(final int lengthBytes) throws IOException {
        final int paddingBytes = (int) (PcapngLayout.padded(lengthBytes) - lengthBytes);
        final ByteBuffer out = reserve(paddingBytes);
        for (int i = 0; i < paddingBytes; i++) {
            out.put((byte) 0);
        }
    }

    /** Flushes, syncs and renames the part file to the target, replacing any previous file. */
    void commit() throws IOException {
        if (finished) {
            return;
        }
        try {
            flush();
            channel.force(true);
            channel.close();
            Files.move(partFile, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            finished = true;
        } catch (final IOException e) {
            abort();
            throw e;
        }
    }

    /** Discards everything written; the target is left as it was. Safe to call more than once. */
    void abort() {
        if (finished) {
            return;
        }
        finished = true;
        try {
            channel.close();
        } catch (final IOException ignored) {
            // Nothing to save: the part file is deleted next.
        }
        try {
            Files.deleteIfExists(partFile);
        } catch (final IOException ignored) {
            // A leftover hidden part file is harmless and never mistaken for a capture.
        }
    }

    boolean isFinished() {
        return finished;
    }

    private void flush() throws IOException {
        buffer.flip();
        while (buffer.hasRemaining()) {
            channel.write(buffer);
        }
        buffer.clear();
    }
}
