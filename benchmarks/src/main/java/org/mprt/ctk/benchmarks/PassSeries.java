package org.mprt.ctk.benchmarks;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import org.mprt.ctk.verdict.rule.Rule;

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

    private static final int PASSES = 7;
    private static final int KEPT = 4;

    private PassSeries() {
    }

    public static void main(final String[] args) throws Exception {
        try {
            run(args, System.out);
        } catch (final IllegalArgumentException | NoSuchFileException e) {
            System.err.println("passes: " + e.getMessage());
            System.exit(2);
        }
    }

    /** The series, printed to {@code out}; a bad option or a missing file throws before any pass. */
    static void run(final String[] args, final PrintStream out) throws Exception {
        int passes = PASSES;
        int kept = KEPT;
        Predicate<Rule> rules = r -> true;
        Path capture = null;
        for (final String a : args) {
            if (a.startsWith("--passes=")) {
                passes = positive(a);
            } else if (a.startsWith("--kept=")) {
                kept = positive(a);
            } else if (a.startsWith("--rules=")) {
                final Pattern names = Pattern.compile(a.substring("--rules=".length()));
                rules = r -> names.matcher(r.getClass().getSimpleName()).matches();
            } else if (a.startsWith("--")) {
                throw new IllegalArgumentException(a + ": unknown option; expected --passes=N, --kept=K or --rules=REGEX");
            } else {
                capture = Path.of(a);
                if (!Files.isRegularFile(capture)) {
                    throw new NoSuchFileException(a, null, "no such capture file");
                }
            }
        }
        if (kept > passes) {
            throw new IllegalArgumentException("--kept=" + kept + " is more than --passes=" + passes);
        }
        if (capture == null) {
            capture = VerdictBenchmark.capture(1_000_000, 0);
        }
        final double[] seconds = new double[passes];
        for (int i = 0; i < passes; i++) {
            final long t0 = System.nanoTime();
            VerdictBenchmark.pass(capture, rules);
            seconds[i] = (System.nanoTime() - t0) / 1e9;
            out.printf(Locale.ROOT, "pass %d: %.3f s%n", i + 1, seconds[i]);
        }
        out.printf(Locale.ROOT, "best %.3f%n", Arrays.stream(seconds, passes - kept, passes).min().orElseThrow());
    }

    private static int positive(final String option) {
        return BenchmarkArguments.positive(option, option.substring(option.indexOf('=') + 1));
    }
}
