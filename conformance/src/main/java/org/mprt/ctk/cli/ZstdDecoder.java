package org.mprt.ctk.cli;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdIOException;
import com.github.luben.zstd.ZstdInputStreamNoFinalizer;
import com.github.luben.zstd.util.Native;
import java.io.IOException;
import java.io.InputStream;

/**
 * Which decoder reads a zstd capture. Both read what Wireshark and {@code zstd -19} and below write;
 * they differ in the largest window a frame may declare, and a decoder allocates its window whole.
 */
enum ZstdDecoder {
    /**
     * zstd's own library through zstd-jni, whose jar carries its native code for the common platforms:
     * windows up to 128 MiB (window log 27), the most {@code zstd -d} takes without being told more,
     * so that {@code zstd --long} and {@code --ultra -22} captures are read.
     */
    REFERENCE("128 MiB", "zstd --long=28 to --long=31") {
        @Override
        InputStream open(final InputStream compressed) throws IOException {
            return new ZstdInputStreamNoFinalizer(compressed);
        }

        @Override
        boolean refusedWindow(final Exception e) {
            return e instanceof ZstdIOException
                && ((ZstdIOException) e).getErrorCode() == Zstd.errFrameParameterWindowTooLarge();
        }
    },
    /** aircompressor, pure Java, where the native code cannot load: windows up to 8 MiB. */
    PURE_JAVA("8 MiB", "zstd --long, or --ultra -20 to -22") {
        @Override
        InputStream open(final InputStream compressed) {
            return new io.airlift.compress.zstd.ZstdInputStream(compressed);
        }

        /**
         * Said in words ("Window size too large"), or, for a window of 2 GiB, as a header without one;
         * told by the message, for the exception is the one a broken stream raises.
         */
        @Override
        boolean refusedWindow(final Exception e) {
            final String message = String.valueOf(e.getMessage());
            return message.startsWith("Window size too large") || message.contains("contentSize or windowSize must be set");
        }
    };

    private static final ZstdDecoder AVAILABLE = loads() ? REFERENCE : PURE_JAVA;

    private final String largestWindow;
    private final String writtenBy;

    ZstdDecoder(final String largestWindow, final String writtenBy) {
        this.largestWindow = largestWindow;
        this.writtenBy = writtenBy;
    }

    /** zstd's own library where its native code loads on this machine, else the pure-Java decoder. */
    static ZstdDecoder available() {
        return AVAILABLE;
    }

    /** The stream of what {@code compressed} decompresses to. */
    abstract InputStream open(InputStream compressed) throws IOException;

    /** True when {@code e} is this decoder's refusal of a valid frame whose window is beyond its largest. */
    abstract boolean refusedWindow(Exception e);

    /** The input error for a capture whose frames declare a window beyond this decoder's largest. */
    InputException windowRefused(final String name) {
        return new InputException(name + ": compressed with zstd in frames whose window is larger than " + largestWindow
            + " (as " + writtenBy + " write them), which the kit's zstd decoder"
            + (this == PURE_JAVA ? " (pure Java: zstd's own library could not load here)" : "")
            + " does not read; decompress it first (zstd -d --long=31 -c " + name + " > capture.pcap); nothing was judged");
    }

    /**
     * Loads the native code: the jar's copy for this platform, written to the temporary folder. Another
     * platform, or a temporary folder that cannot be written to or executed from, leaves it unloaded.
     */
    private static boolean loads() {
        try {
            Native.load();
            return Native.isLoaded();
        } catch (final LinkageError | RuntimeException e) {
            return false;
        }
    }
}
