package org.mprt.ctk.cli;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import org.apache.commons.compress.MemoryLimitException;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream;
import org.apache.commons.compress.compressors.lz4.FramedLZ4CompressorInputStream;
import org.apache.commons.compress.compressors.xz.XZCompressorInputStream;
import org.mprt.ctk.pcap.Compression;

/**
 * A compressed capture written out decompressed, for the judge to read as a plain one: gzip (the JDK's
 * own), zstd ({@link ZstdDecoder}: zstd's own library, or in pure Java where it cannot load), and lz4,
 * xz and bzip2 (Commons Compress, xz through XZ for Java), in pure Java. gzip, zstd and lz4 are what
 * Wireshark writes; its lz4 frames link each block to the ones before (liblz4's default), which Commons
 * Compress reads where lz4-java's frame reader refuses them.
 * A compressed stream that is broken, cut short or fails its checksum is an input error: judging the
 * frames before the break would pass over the rest of the capture unseen.
 */
final class Decompression {

    private static final int BUFFER_BYTES = 1 << 16;

    private Decompression() {
    }

    /**
     * Writes what {@code compressed} decompresses to into {@code copy}.
     *
     * @param name the capture as the user named it, for the error
     */
    static void write(final Compression compression, final InputStream compressed, final Path copy, final String name)
        throws IOException {
        write(compression, compressed, copy, name, xzMemoryLimitKib(), ZstdDecoder.available());
    }

    /**
     * As {@link #write(Compression, InputStream, Path, String)}, with the memory an xz stream may take, in
     * KiB, and the decoder of a zstd stream.
     */
    static void write(final Compression compression, final InputStream compressed, final Path copy, final String name,
                      final int xzMemoryLimitKib, final ZstdDecoder zstd) throws IOException {
        long written = 0;
        try (InputStream in = open(compression, compressed, name, xzMemoryLimitKib, zstd);
             OutputStream out = Files.newOutputStream(copy)) {
            final byte[] buffer = new byte[BUFFER_BYTES];
            int n;
            while ((n = read(in, buffer, compression, name, written, zstd)) >= 0) {
                out.write(buffer, 0, n);
                written += n;
            }
        }
    }

    /**
     * The stream that decompresses {@code compressed}; lz4 with its frames' checksums verified, and every
     * frame, xz stream and bzip2 stream of the file read. Most read their header here: a broken one is
     * said as a broken block is.
     */
    private static InputStream open(final Compression compression, final InputStream compressed, final String name,
                                    final int xzMemoryLimitKib, final ZstdDecoder zstd) throws IOException {
        try {
            return switch (compression) {
                case GZIP -> new GZIPInputStream(compressed, BUFFER_BYTES);
                case ZSTD -> zstd.open(compressed);
                case LZ4 -> new FramedLZ4CompressorInputStream(compressed, true);
                // The dictionary a stream names is allocated whole: past the limit, the stream is refused
                // (MemoryLimitException) rather than the JVM run out of memory.
                case XZ -> new XZCompressorInputStream(compressed, true, xzMemoryLimitKib);
                case BZIP2 -> new BZip2CompressorInputStream(compressed, true);
            };
        } catch (final IOException | RuntimeException e) {
            throw broken(compression, name, 0, e, zstd);
        }
    }

    /** Half the heap, in KiB: xz -9 needs 65 MiB to decompress, a dictionary of 1.5 GiB as much again. */
    private static int xzMemoryLimitKib() {
        return (int) Math.min(Integer.MAX_VALUE, Runtime.getRuntime().maxMemory() / 2 / 1024);
    }

    /** One read of the decompressed bytes; a broken or cut stream is an input error naming the capture. */
    private static int read(final InputStream in, final byte[] buffer, final Compression compression, final String name,
                            final long written, final ZstdDecoder zstd) {
        try {
            return in.read(buffer);
        } catch (final IOException | RuntimeException e) {
            // GZIPInputStream says EOFException or ZipException; zstd's library ZstdIOException; aircompressor's
            // zstd MalformedInputException, a RuntimeException, or an IOException for a stream cut short;
            // Commons Compress an IOException, or for some broken blocks a RuntimeException.
            throw broken(compression, name, written, e, zstd);
        }
    }

    private static InputException broken(final Compression compression, final String name, final long written,
                                         final Exception e, final ZstdDecoder zstd) {
        if (e instanceof MemoryLimitException) {
            final MemoryLimitException limit = (MemoryLimitException) e;
            return new InputException(name + ": compressed with xz, with a dictionary that needs "
                + limit.getMemoryNeededInKb() / 1024 + " MiB to decompress, more than the " + limit.getMemoryLimitInKb() / 1024
                + " MiB the kit lets it take (half its heap); decompress it first (" + compression.decompressCommand(name)
                + " > capture.pcap) or give the kit more heap (JAVA_TOOL_OPTIONS=-Xmx4g); nothing was judged");
        }
        if (compression == Compression.ZSTD && zstd.refusedWindow(e)) {
            return zstd.windowRefused(name);
        }
        // Some readers end a cut stream with an EOFException that has no message.
        final String why = e.getMessage() != null ? e.getMessage()
            : e instanceof EOFException ? "it ends early" : e.getClass().getSimpleName();
        return new InputException(name + ": compressed with " + compression.label() + ", and its " + compression.label()
            + " stream is broken or cut short after " + written + " bytes of capture (" + why + "); nothing was judged");
    }
}
