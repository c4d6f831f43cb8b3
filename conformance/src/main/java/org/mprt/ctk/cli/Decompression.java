package org.mprt.ctk.cli;

import io.airlift.compress.zstd.ZstdInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import org.mprt.ctk.pcap.Compression;

/**
 * A compressed capture written out decompressed, for the judge to read as a plain one: gzip (the JDK's
 * own) and zstd (aircompressor, pure Java), the compressions a capture mostly comes in. Any other is
 * an input error that says how to decompress it. So is a compressed stream that is broken or cut
 * short: judging the frames before the break would pass over the rest of the capture unseen.
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
        long written = 0;
        try (InputStream in = open(compression, compressed, name); OutputStream out = Files.newOutputStream(copy)) {
            final byte[] buffer = new byte[BUFFER_BYTES];
            int n;
            while ((n = read(in, buffer, compression, name, written)) >= 0) {
                out.write(buffer, 0, n);
                written += n;
            }
        }
    }

    private static InputStream open(final Compression compression, final InputStream compressed, final String name)
        throws IOException {
        switch (compression) {
            case GZIP:
                try {
                    return new GZIPInputStream(compressed, BUFFER_BYTES);
                } catch (final IOException e) {
                    throw broken(compression, name, 0, e);
                }
            case ZSTD:
                return new ZstdInputStream(compressed);
            default:
                throw new InputException(name + ": compressed with " + compression.label() + "; the kit decompresses gzip"
                    + " and zstd itself, not " + compression.label() + ": decompress it first ("
                    + compression.decompressCommand(name) + " > capture.pcap)");
        }
    }

    /** One read of the decompressed bytes; a broken or cut stream is an input error naming the capture. */
    private static int read(final InputStream in, final byte[] buffer, final Compression compression, final String name,
                            final long written) {
        try {
            return in.read(buffer);
        } catch (final IOException | RuntimeException e) {
            // GZIPInputStream says EOFException or ZipException; aircompressor's zstd MalformedInputException,
            // a RuntimeException, or an IOException for a stream cut short.
            throw broken(compression, name, written, e);
        }
    }

    private static InputException broken(final Compression compression, final String name, final long written,
                                         final Exception e) {
        return new InputException(name + ": compressed with " + compression.label() + ", and its " + compression.label()
            + " stream is broken or cut short after " + written + " bytes of capture (" + e.getMessage()
            + "); nothing was judged");
    }
}
