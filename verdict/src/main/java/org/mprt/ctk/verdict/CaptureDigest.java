package org.mprt.ctk.verdict;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * The SHA-256 of a capture file, which the reports carry so that a verdict names exactly the bytes
 * it judged. It is computed over the file mapped in place, on a thread of its own that
 * {@link #start} begins while the judge reads the same file: hashing a 1 GB capture takes about a
 * third as long as judging it, and on a machine with a second core it then costs no wall time.
 */
public final class CaptureDigest {

    /** Mapped 64 MB at a time: files of any size are read, and a cancelled digest stops soon. */
    private static final long CHUNK = 1L << 26;

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
        try (FileChannel channel = FileChannel.open(file)) {
            final long size = channel.size();
            for (long at = 0; at < size && !Thread.currentThread().isInterrupted(); at += CHUNK) {
                final MappedByteBuffer part = channel.map(FileChannel.MapMode.READ_ONLY, at, Math.min(CHUNK, size - at));
                digest.update(part);
            }
        }
        return HexFormat.of().formatHex(digest.digest());
    }
}
