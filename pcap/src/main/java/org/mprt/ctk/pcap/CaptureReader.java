package org.mprt.ctk.pcap;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Streams the frames of a classic pcap, pcapng or native ERF file, one reusable {@link Frame} at a time.
 *
 * <p>The format comes from the first bytes, never from the file name: pcap magic
 * {@code a1b2c3d4} (microseconds) or {@code a1b23c4d} (nanoseconds) in either byte order, the
 * pcapng section header block type {@code 0a0d0d0a}, or, with no magic, the ERF records of an
 * Endace capture card ({@link ErfFileDecoder}). Files of any size are read through a sliding
 * window ({@link ReadWindow}: chunks copied into one reused buffer; {@link #openMapped} maps the
 * file instead, for comparison).
 *
 * <p>The reader frames records and never judges their content: a frame that is not IP, or of a
 * link type the kit does not know, is delivered like any other. Broken framing raises a
 * {@link CaptureFormatException} naming the file, the frame number and the byte offset; lengths are
 * checked before they are used, so a hostile file costs neither memory nor an unchecked exception.
 *
 * <p>{@link #next(Frame)} allocates nothing, so a benchmark or the verdict engine can drive it in
 * a tight loop:
 * <pre>{@code
 * try (CaptureReader reader = CaptureReader.open(path)) {
 *     Frame frame = new Frame();
 *     while (reader.next(frame)) {
 *         count++;
 *     }
 * }
 * }</pre>
 * A frame's bytes are readable until the next {@code next}; {@link #read(long, ByteBuffer)} reads
 * an earlier frame's bytes again, by file position ({@link Frame#positionOf(int)}).
 * Not thread-safe. The file must not shrink while it is open: the reader reads up to the length it
 * saw at {@link #open(Path)} and no further, so a capture still being appended to is read up to
 * that point.
 */
public final class CaptureReader implements AutoCloseable {
    private static final int MAGIC_LENGTH = Integer.BYTES;

    private final Path file;
    private final FileChannel channel;
    private final CaptureFormat format;
    private final RecordDecoder decoder;
    private final FileWindow window;
    private long framesRead;
    /** The number of the last frame delivered; 0 before the first. */
    private long lastNumber;

    private CaptureReader(final Path file, final FileChannel channel, final CaptureFormat format,
                          final RecordDecoder decoder, final FileWindow window) {
        this.file = file;
        this.channel = channel;
        this.format = format;
        this.decoder = decoder;
        this.window = window;
    }

    /** Opens {@code file} and reads its header; fails with {@link CaptureFormatException} if it is neither format. */
    public static CaptureReader open(final Path file) throws IOException {
        return open(file, channel -> new ReadWindow(channel, channel.size(), ReadWindow.DEFAULT_CHUNK_BYTES,
            ReadWindow.DEFAULT_WINDOW_SIZE_BYTES));
    }

    /**
     * As {@link #open(Path)}, with the file memory-mapped instead of read: frames handed out stay
     * readable after the next {@code next}, at the cost of a page fault per page or few. A file that
     * something truncates while it is mapped fails the next read of a page past its new end with the
     * JVM's {@link InternalError}, wherever that read is (a rule reading a frame's bytes too), not with
     * {@link CaptureShrankException}: the kit judges through {@link #open(Path)}, and this reader serves
     * the reader benchmark's comparison.
     */
    public static CaptureReader openMapped(final Path file) throws IOException {
        return open(file, channel -> new MappedWindow(channel, channel.size(), MappedWindow.DEFAULT_WINDOW_SIZE_BYTES));
    }

    /** As {@link #open(Path)} with a window of {@code windowSizeBytes}, so that tests can cross window edges cheaply. */
    static CaptureReader open(final Path file, final int windowSizeBytes) throws IOException {
        return open(file, channel -> new ReadWindow(channel, channel.size(), windowSizeBytes, windowSizeBytes));
    }

    /** As {@link #openMapped(Path)} with a window of {@code windowSizeBytes}. */
    static CaptureReader openMapped(final Path file, final int windowSizeBytes) throws IOException {
        return open(file, channel -> new MappedWindow(channel, channel.size(), windowSizeBytes));
    }

    /** How a reader addresses the file it opened. */
    private interface WindowKind {
        FileWindow over(FileChannel channel) throws IOException;
    }

    private static CaptureReader open(final Path file, final WindowKind kind) throws IOException {
        final FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
        try {
            final FileWindow window = kind.over(channel);
            final int magic = readMagic(file, window);
            final CaptureFormat format = formatOf(file, magic, window);
            return new CaptureReader(file, channel, format, decoderFor(file, window, format, magic), window);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    public Path file() {
        return file;
    }

    public CaptureFormat format() {
        return format;
    }

    /**
     * Frames delivered so far: the number of the last one, unless a pcapng file numbered records that
     * are not packets before it, as Wireshark does ({@link Frame#frameNumber()}).
     */
    public long framesRead() {
        return framesRead;
    }

    /**
     * Fills {@code frame} with the next frame and returns true, or returns false at the end of the
     * file. After a {@link CaptureFormatException} the reader stays on the broken record, so calling
     * again raises the same error.
     */
    public boolean next(final Frame frame) throws IOException {
        try {
            if (!decoder.next(frame, lastNumber + 1)) {
                return false;
            }
        } catch (final EOFException e) {
            // The file shrank after it was opened: the framing checks held against the size seen then.
            throw new CaptureShrankException(file, lastNumber + 1, e);
        }
        framesRead++;
        lastNumber = frame.frameNumber();
        return true;
    }

    /** Hands every remaining frame to {@code handler}, reusing one {@link Frame}; returns how many. */
    public long forEach(final Consumer<Frame> handler) throws IOException {
        final Frame frame = new Frame();
        long count = 0;
        while (next(frame)) {
            handler.accept(frame);
            count++;
        }
        return count;
    }

    /**
     * Reads the file's bytes from {@code positionBytes} into {@code into}, from its position to its
     * limit: an earlier frame's bytes again, which the reader may no longer hold. Fails with an
     * {@link CaptureShrankException} if the file ends first.
     */
    public void read(final long positionBytes, final ByteBuffer into) throws IOException {
        if (window.holds(positionBytes, into.remaining())) {
            // Bytes a little earlier than the frame being read (a retransmission's first copy, mostly)
            // are still in the window: a copy, where a read of the file is a system call.
            window.copy(positionBytes, into);
            return;
        }
        try {
            ReadWindow.readFully(channel, positionBytes, into);
        } catch (final EOFException e) {
            throw new CaptureShrankException(file, 0, e);
        }
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }

    private static int readMagic(final Path file, final FileWindow window) throws IOException {
        final long fileSizeBytes = window.fileSizeBytes();
        if (fileSizeBytes == 0) {
            throw new CaptureFormatException(file, 0, 0, "file is empty (expected a pcap or pcapng header, or an ERF record)");
        }
        if (fileSizeBytes < MAGIC_LENGTH) {
            throw new CaptureFormatException(file, 0, 0, "file is " + fileSizeBytes
                + " bytes long, too short for a magic number (expected at least " + MAGIC_LENGTH + " bytes)");
        }
        window.cover(0, MAGIC_LENGTH);
        return window.intAt(0, ByteOrder.BIG_ENDIAN);
    }

    private static CaptureFormat formatOf(final Path file, final int magic, final FileWindow window) throws IOException {
        if (magic == ClassicPcapLayout.MAGIC_MICROSECONDS
            || magic == Integer.reverseBytes(ClassicPcapLayout.MAGIC_MICROSECONDS)) {
            return CaptureFormat.PCAP_MICROSECONDS;
        }
        if (magic == ClassicPcapLayout.MAGIC_NANOSECONDS
            || magic == Integer.reverseBytes(ClassicPcapLayout.MAGIC_NANOSECONDS)) {
            return CaptureFormat.PCAP_NANOSECONDS;
        }
        if (magic == PcapngLayout.SECTION_HEADER_BLOCK) {
            return CaptureFormat.PCAPNG;
        }
        final Optional<Compression> compressed = Compression.of(magic);
        if (compressed.isPresent()) {
            throw new CaptureFormatException(file, 0, 0, String.format("magic number 0x%08x: a file compressed with %s, where "
                + "a pcap or pcapng file was expected; decompress it first (%s > capture.pcap)", magic,
                compressed.get().label(), compressed.get().decompressCommand(file.toString())));
        }
        if (ErfFileDecoder.looksLikeErf(window)) {
            return CaptureFormat.ERF;
        }
        throw new CaptureFormatException(file, 0, 0, String.format("unknown magic number 0x%08x (expected pcap "
            + "a1b2c3d4 or a1b23c4d in either byte order, a pcapng section header block 0a0d0d0a, or the ERF records"
            + " of an Endace capture card)", magic));
    }

    private static RecordDecoder decoderFor(
        final Path file, final FileWindow window, final CaptureFormat format, final int magic) throws IOException {
        if (format == CaptureFormat.PCAPNG) {
            return new PcapngDecoder(file, window);
        }
        if (format == CaptureFormat.ERF) {
            return new ErfFileDecoder(file, window);
        }
        final boolean bigEndian = magic == ClassicPcapLayout.MAGIC_MICROSECONDS
            || magic == ClassicPcapLayout.MAGIC_NANOSECONDS;
        return new ClassicPcapDecoder(file, window, bigEndian ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN,
            format == CaptureFormat.PCAP_NANOSECONDS);
    }
}
