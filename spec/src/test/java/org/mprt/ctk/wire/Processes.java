package org.mprt.ctk.wire;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs the command-line tools tests compare the kit with, and installs them where a test may. */
public final class Processes {

    private Processes() {
    }

    /** What a command printed and how it ended. */
    public record Result(int exitCode, String stdout, String stderr) {
    }

    /**
     * Runs the command to its end, at most {@code timeoutSeconds}; a command that cannot be started
     * (not installed) throws {@link IOException}.
     */
    public static Result run(final List<String> command, final long timeoutSeconds) throws IOException, InterruptedException {
        // stderr goes to a file so that a chatty command (apt-get) cannot block on a full pipe.
        final Path stderr = Files.createTempFile("ctk-process", ".err");
        try {
            final Process process = new ProcessBuilder(command).redirectError(stderr.toFile()).start();
            final String stdout = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IOException(String.join(" ", command) + " did not finish in " + timeoutSeconds + " s");
            }
            return new Result(process.exitValue(), stdout, Files.readString(stderr, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(stderr);
        }
    }

    /** True when the tests run as root. */
    public static boolean isRoot() throws IOException, InterruptedException {
        return "0".equals(run(List.of("id", "-u"), 10).stdout().trim());
    }

    /**
     * Installs Debian packages where a test may (as root, with apt-get), after running {@code before}
     * (a shell line, such as answering a package's question, or empty); false where it may not.
     */
    public static boolean installWhereAllowed(final String before, final List<String> packages)
        throws IOException, InterruptedException {
        if (!isRoot() || run(List.of("sh", "-c", "command -v apt-get"), 10).exitCode() != 0) {
            return false;
        }
        return run(List.of("sh", "-c", before + "DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y "
            + String.join(" ", packages)), 900).exitCode() == 0;
    }
}
