package org.mprt.ctk.cli;

import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import org.mprt.ctk.pcap.CaptureFormatException;
import org.mprt.ctk.pcap.Compression;
import org.mprt.ctk.verdict.report.ReportSet;

/**
 * A capture as the user names it on the command line: a file, or a stream ({@code -} for standard
 * input, or a pipe such as {@code <(tcpdump -w - ...)}) read to its end into a temporary file, since
 * a judgement reads its input more than once (the frames, the digest, a retransmission's first copy,
 * the report's frames). A file or stream compressed (gzip, zstd, lz4, xz, bzip2) is decompressed into
 * such a file ({@link Decompression}). Either way, the reports and messages name it as the user did.
 */
final class CaptureInput implements Closeable {

    private static final String STANDARD_INPUT = "-";

    private final Path file;
    private final String name;
    private final String folderName;
    private final boolean temporary;
    /** What the capture was decompressed from, or null. */
    private final Compression compression;

    private CaptureInput(final Path file, final String name, final String folderName, final boolean temporary,
                         final Compression compression) {
        this.file = file;
        this.name = name;
        this.folderName = folderName;
        this.temporary = temporary;
        this.compression = compression;
    }

    /**
     * The capture the user named; an input error when it names nothing that can be read.
     *
     * @param standardInput what {@code -} reads
     */
    static CaptureInput of(final Path given, final InputStream standardInput) throws IOException {
        if (given.toString().equals(STANDARD_INPUT)) {
            return streamed(standardInput, "standard input", "stdin");
        }
        if (Files.isDirectory(given)) {
            throw new InputException(given + ": a folder; expected a pcap, pcapng or ERF file");
        }
        if (!Files.exists(given)) {
            throw new InputException(given + ": no such file");
        }
        if (Files.isRegularFile(given) && compressionOf(given).isEmpty()) {
            return new CaptureInput(given, given.toString(), ReportSet.folderName(given), false, null);
        }
        // A FileInputStream, not Files.newInputStream: the JDK's channel stream asks a pipe for its size
        // and position, and a pipe answers "Illegal seek".
        try (InputStream in = new FileInputStream(given.toFile())) {
            return streamed(in, given.toString(), ReportSet.folderName(given));
        }
    }

    /**
     * Reads a stream to its end into a temporary file, decompressed when its first bytes say it is
     * compressed: a compressed file, a pipe and standard input alike.
     */
    private static CaptureInput streamed(final InputStream stream, final String name, final String folderName)
        throws IOException {
        final BufferedInputStream in = new BufferedInputStream(stream);
        in.mark(Integer.BYTES);
        final Optional<Compression> compression = Compression.of(firstFourBytes(in));
        in.reset();
        final Path copy = Files.createTempFile("ctk-capture", ".cap");
        copy.toFile().deleteOnExit();
        try {
            if (compression.isPresent()) {
                Decompression.write(compression.get(), in, copy, name);
            } else {
                Files.copy(in, copy, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (final IOException | RuntimeException e) {
            Files.deleteIfExists(copy);
            throw e;
        }
        // A compressed capture's folder drops the capture's extension too: run.pcap.gz reports in run.
        return new CaptureInput(copy, name, compression.isPresent() ? ReportSet.folderName(Path.of(folderName)) : folderName,
            true, compression.orElse(null));
    }

    private static Optional<Compression> compressionOf(final Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return Compression.of(firstFourBytes(in));
        }
    }

    /** The first four bytes, big-endian, zero-filled past a shorter stream's end (no compression's magic). */
    private static int firstFourBytes(final InputStream in) throws IOException {
        final byte[] head = in.readNBytes(Integer.BYTES);
        int value = 0;
        for (int i = 0; i < Integer.BYTES; i++) {
            value = value << Byte.SIZE | (i < head.length ? head[i] & 0xff : 0);
        }
        return value;
    }

    /** The file to read. */
    Path file() {
        return file;
    }

    /** The capture as the user named it, for the reports. */
    String name() {
        return name;
    }

    /** The folder of its reports under the output folder. */
    String folderName() {
        return folderName;
    }

    /** The format error as it should read: naming the capture as the user did, not a temporary copy. */
    CaptureFormatException named(final CaptureFormatException e) {
        if (!temporary) {
            return e;
        }
        // The offsets are in the decompressed capture, where a frame's bytes are.
        final String as = compression == null ? name : name + " (decompressed from " + compression.label() + ")";
        return new CaptureFormatException(Path.of(as), e.frameNumber(), e.byteOffset(), e.detail());
    }

    @Override
    public void close() throws IOException {
        if (temporary) {
            Files.deleteIfExists(file);
        }
    }
}
