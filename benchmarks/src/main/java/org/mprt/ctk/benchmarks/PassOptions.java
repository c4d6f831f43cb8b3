package org.mprt.ctk.benchmarks;

import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import org.mprt.ctk.verdict.rule.Rule;

/**
 * What a series of passes runs: how many passes, how many of the last ones count, which rules, over
 * which capture. Shared by {@code passes} ({@link PassSeries}) and {@code profile} ({@link PassProfile}),
 * which takes options of its own first and hands the rest here.
 *
 * @param passes  passes in one JVM
 * @param kept    the last passes that count (the earlier ones still compile)
 * @param rules   the rules whose class's simple name matches {@code --rules}; every rule by default
 * @param capture the capture; the verdict benchmark's 1 M-frame capture, written once, by default
 */
record PassOptions(int passes, int kept, Predicate<Rule> rules, Path capture) {

    private static final int PASSES = 7;
    private static final int KEPT = 4;

    /** The options a series takes, as an unknown option's error lists them. */
    static final String EXPECTED = "--passes=N, --kept=K or --rules=REGEX";

    /**
     * The options; a bad one, a missing capture or a file that is not a capture throws before any pass, naming what was expected
     * ({@code expected}: every option of the command, for an unknown one).
     */
    static PassOptions parse(final String[] args, final String expected) throws IOException {
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
                throw new IllegalArgumentException(a + ": unknown option; expected " + expected);
            } else {
                capture = BenchmarkArguments.capture(a);
            }
        }
        if (kept > passes) {
            throw new IllegalArgumentException("--kept=" + kept + " is more than --passes=" + passes);
        }
        return new PassOptions(passes, kept, rules, capture != null ? capture : VerdictBenchmark.capture(1_000_000, 0));
    }

    /** The number of the first pass that counts, from 1. */
    int firstKept() {
        return passes - kept + 1;
    }

    private static int positive(final String option) {
        return BenchmarkArguments.positive(option, option.substring(option.indexOf('=') + 1));
    }
}
