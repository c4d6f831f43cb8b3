package org.mprt.ctk.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * What a command prints, for tests of the command line: System.out and System.err are captured for
 * each test (register with {@code @RegisterExtension}) and given back after it.
 */
final class ConsoleCapture implements BeforeEachCallback, AfterEachCallback {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private PrintStream savedOut;
    private PrintStream savedErr;

    @Override
    public void beforeEach(final ExtensionContext context) {
        out.reset();
        err.reset();
        savedOut = System.out;
        savedErr = System.err;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Override
    public void afterEach(final ExtensionContext context) {
        System.setOut(savedOut);
        System.setErr(savedErr);
    }

    /** Forgets what went to standard output so far. */
    void resetOut() {
        out.reset();
    }

    /** What went to standard output so far. */
    String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    /** What went to standard error so far. */
    String err() {
        return err.toString(StandardCharsets.UTF_8);
    }
}
