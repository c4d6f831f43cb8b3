package org.mprt.ctk.benchmarks;

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

    /** The frame count a command was given as its only argument, or {@code otherwise} when it was given none. */
    static int frames(final String[] args, final int otherwise) {
        if (args.length > 1) {
            throw new IllegalArgumentException(String.join(" ", args) + ": expected at most one argument, a frame count");
        }
        return args.length == 0 ? otherwise : positive(args[0], args[0]);
    }
}
