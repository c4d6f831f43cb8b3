package org.mprt.ctk.verdict;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import org.mprt.ctk.pcap.PageAlignedReads;

/**
 * The SHA-256 of a capture file, which the reports carry so that a verdict names exactly the bytes
 * it judged. It is computed on a thread of its own that {@link #start} begins while the judge reads
 * the same file: hashing a 1 GB capture takes about half as long as judging it, and on a machine with
 * a second core it then costs no wall time. The file is read a piece at a time into one buffer, not
 * mapped: touching a mapped page past the end of a file truncated meanwhile is a bus fault, which the
 * JVM turns into an {@code InternalError} (a kit error), where a read simply ends early and the judge,
 * reading the same file, reports the truncation as the input's.
 * Reading is no slower: for the benchmark's 974 MB capture, 0.67 to 0.85 s read so against 0.69 to
 * 0.91 s mapped, each in its own JVM, four rounds in turn. The buffer sits at the same offset in a
 * page as the file position read ({@link PageAlignedReads}): on AMD EPYC, hashing that capture took
 * 0.76 to 0.78 s so against 1.09 to 1.12 s with a plain direct buffer (five rounds in turn, one core).
 */
public final class CaptureDigest {

    /** Read 1 MiB at a time: a cancelled digest stops soon. */
    private static final int CHUNK = 1 << 20;

    private final FutureTask<String> task;

    private CaptureDigest(final Path file) {
        this.task = new FutureTask<>(() -> sha256(file));
    }

    /**
     * Starts hashing the file on a daemon thread when the JVM has a second processor; on one, the
     * file is hashed by {@link #get} instead, since two threads taking turns on one core are slower
     * than one after the other.
     */
    public static CaptureDigest start(final Path file) {
        final CaptureDigest d = new CaptureDigest(file);
        if (Runtime.getRuntime().availableProcessors() > 1) {
            final Thread t = new Thread(d.task, "ctk-capture-digest");
            t.setDaemon(true);
            t.start();
        }
        return d;
    }

    /** The digest as 64 hex digits: hashed now when no thread did it, else once the thread has finished. */
    public String get() throws IOException {
        task.run();
        try {
            return task.get();
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while hashing the capture", e);
        } catch (final ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            if (e.getCause() instanceof UncheckedIOException io) {
                throw io.getCause();
            }
            throw new IllegalStateException("hashing the capture failed", e.getCause());
        }
    }

    /** Gives up the digest of a capture that will not be judged (the hashing thread stops at its next chunk). */
    public void cancel() {
        task.cancel(true);
    }

    /** The SHA-256 of the file, as 64 hex digits, computed on the calling thread. */
    public static String sha256(final Path file) throws IOException {
        final MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (final NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
        final ByteBuffer memory = PageAlignedReads.allocate(CHUNK);
        try (FileChannel channel = FileChannel.open(file)) {
            long at = 0;
            while (!Thread.currentThread().isInterrupted()) {
                final ByteBuffer piece = PageAlignedReads.at(memory, at, CHUNK);
                final int n = channel.read(piece, at);
                if (n <= 0) {
                    break;
                }
                digest.update(piece.flip());
                at += n;
            }
        }
        return HexFormat.of().formatHex(digest.digest());
    }
}
