package org.mprt.ctk.benchmarks;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.IntConsumer;

/**
 * The verdict engine's pass, timed many times in one JVM: the unit of comparison between two builds.
 * One JVM's passes settle once the JIT compilers are done, and a machine shared with others moves
 * every number by 10 to 15 % from one minute to the next, so a change is judged by running two builds'
 * series in turn, round after round ({@code benchmarks/compare-builds}), never by one number against a
 * number from another hour.
 *
 * <pre>java -jar benchmarks.jar passes [--passes=N] [--kept=K] [--rules=REGEX] [capture]</pre>
 *
 * <p>Prints each pass's time, then {@code best S} over the last {@code K} passes (the earlier ones
 * still compile). {@code --rules} keeps the rules whose class's simple name matches (none matches
 * {@code none}); every rule of both profiles by default. The capture defaults to the verdict
 * benchmark's 1 M-frame capture, written once.
 */
public final class PassSeries {

    private PassSeries() {
    }

    public static void main(final String[] args) throws Exception {
        BenchmarkArguments.refusingBadInput("passes", () -> run(args, System.out));
    }

    /** The series, printed to {@code out}; a bad option or a missing file throws before any pass. */
    static void run(final String[] args, final PrintStream out) throws Exception {
        final PassOptions options = PassOptions.parse(args, PassOptions.EXPECTED);
        final double[] seconds = time(options, out, pass -> { });
        out.printf(Locale.ROOT, "best %.3f%n",
            Arrays.stream(seconds, options.passes() - options.kept(), options.passes()).min().orElseThrow());
    }

    /**
     * Times each pass the options ask for, printing a line for each; {@code beforePass} is told each
     * pass's number (from 1) before it starts.
     */
    static double[] time(final PassOptions options, final PrintStream out, final IntConsumer beforePass) throws Exception {
        final double[] seconds = new double[options.passes()];
        for (int i = 0; i < seconds.length; i++) {
            beforePass.accept(i + 1);
            final long t0 = System.nanoTime();
            VerdictBenchmark.pass(options.capture(), options.rules());
            seconds[i] = (System.nanoTime() - t0) / 1e9;
            out.printf(Locale.ROOT, "pass %d: %.3f s%n", i + 1, seconds[i]);
        }
        return seconds;
    }
}
