package org.mprt.ctk.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.mprt.ctk.pcap.CaptureFormatException;
import org.mprt.ctk.pcap.CaptureReader;

/**
 * The numbers the benchmark commands take, checked before anything runs: a bad one is named with
 * what was expected, instead of surfacing as a stack trace from inside a run.
 */
final class BenchmarkArguments {

    private BenchmarkArguments() {
    }

    /** {@code value} as a positive whole number; {@code what} names it in the error. */
    static int positive(final String what, final String value) {
        try {
            final int n = Integer.parseInt(value);
            if (n > 0) {
                return n;
            }
        } catch (final NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(what + ": expected a positive whole number");
    }

    /** The file {@code name}, which must exist; {@code what} names it in the error. */
    static Path existing(final String name, final String what) throws NoSuchFileException {
        final Path path = Path.of(name);
        if (!Files.isRegularFile(path)) {
            throw new NoSuchFileException(name, null, "no such " + what);
        }
        return path;
    }

    /**
     * The capture {@code name}, opened once so that a file that is not a capture is refused before any
     * pass (and, for builds loaded apart, before their readers' errors of another class loader).
     */
    static Path capture(final String name) throws IOException {
        final Path capture = existing(name, "capture file");
        CaptureReader.open(capture).close();
        return capture;
    }

    /** A command's work, which may throw. */
    @FunctionalInterface
    interface Command {
        void run() throws Exception;
    }

    /**
     * Runs a command that reads a capture; bad input (an unknown or bad option, a missing file, a file
     * that is not a capture, named with the frame and offset at fault as ctk names it) is printed as
     * one line after the command's {@code name}, and the JVM exits with 2.
     */
    static void refusingBadInput(final String name, final Command command) throws Exception {
        try {
            command.run();
        } catch (final IllegalArgumentException | NoSuchFileException | CaptureFormatException e) {
            System.err.println(name + ": " + e.getMessage());
            System.exit(2);
        }
    }

    /** The frame count a command was given as its only argument, or {@code otherwise} when it was given none. */
    static int frames(final String[] args, final int otherwise) {
        if (args.length > 1) {
            throw new IllegalArgumentException(String.join(" ", args) + ": expected at most one argument, a frame count");
        }
        return args.length == 0 ? otherwise : positive(args[0], args[0]);
    }
}
