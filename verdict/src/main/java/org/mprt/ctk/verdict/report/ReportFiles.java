package org.mprt.ctk.verdict.report;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

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
        final Path tmp = Files.createTempFile(dir, "." + target.getFileName(), ".tmp");
        try {
            try (OutputStream out = Files.newOutputStream(tmp)) {
                body.writeTo(out);
            }
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
