package org.mprt.ctk.verdict.report;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/** Report files appear whole or not at all: written beside the target, then renamed over it. */
public final class ReportFiles {

    /** The body of a report writer. */
    @FunctionalInterface
    public interface Body {
        void writeTo(OutputStream out) throws IOException;
    }

    private ReportFiles() {
    }

    public static void writeAtomically(final Path target, final Body body) throws IOException {
        final Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        // Not createTempFile: its owner-only permissions would make reports unreadable to a web server
        // or another CI user; a plain new file gets the usual umask.
        final Path tmp = dir.resolve("." + target.getFileName() + "." + ProcessHandle.current().pid() + "."
            + Thread.currentThread().getId() + ".tmp");
        try {
            try (OutputStream out = Files.newOutputStream(tmp, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE)) {
                body.writeTo(out);
            }
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
