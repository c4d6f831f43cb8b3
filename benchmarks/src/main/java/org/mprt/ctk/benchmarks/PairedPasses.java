package org.mprt.ctk.benchmarks;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

/**
 * Two builds' passes in one JVM, in turn pass by pass, each build from a class loader of its own: a
 * shared machine that slows down slows both within seconds of each other, where
 * {@code benchmarks/compare-builds} alternates whole JVMs a quarter of a minute apart, so that a
 * difference of a few percent shows in fewer rounds.
 *
 * <pre>java -jar benchmarks.jar paired A B [--rounds=N] [--warm=W] [--rules=REGEX] [capture]</pre>
 *
 * <p>A and B are two builds' {@code benchmarks.jar} (or class paths). {@code W} passes of each come
 * first (the JIT compilers' time), then {@code N} rounds of one pass each, B first in every other
 * round. Prints each round, then how many B won, both medians and the median of B/A by round.
 */
public final class PairedPasses {

    private static final int ROUNDS = 12;
    private static final int WARM = 4;
    private static final String PASS_CLASS = "org.mprt.ctk.benchmarks.VerdictBenchmark";

    private PairedPasses() {
    }

    public static void main(final String[] args) throws Exception {
        try {
            run(args, System.out);
        } catch (final IllegalArgumentException | NoSuchFileException e) {
            System.err.println("paired: " + e.getMessage());
            System.exit(2);
        }
    }

    /** The rounds, printed to {@code out}; a bad option or a missing file throws before any pass. */
    static void run(final String[] args, final PrintStream out) throws Exception {
        int rounds = ROUNDS;
        int warm = WARM;
        Predicate<Object> rules = r -> true;
        final List<String> operands = new ArrayList<>();
        for (final String a : args) {
            if (a.startsWith("--rounds=")) {
                rounds = PassSeries.positive(a);
            } else if (a.startsWith("--warm=")) {
                warm = PassSeries.positive(a);
            } else if (a.startsWith("--rules=")) {
                rules = PassSeries.rulesNamed(a.substring("--rules=".length()));
            } else if (a.startsWith("--")) {
                throw new IllegalArgumentException(a + ": unknown option; expected --rounds=N, --warm=W or --rules=REGEX");
            } else {
                operands.add(a);
            }
        }
        if (operands.size() < 2 || operands.size() > 3) {
            throw new IllegalArgumentException("expected two builds (benchmarks.jar files or class paths) and at most a"
                + " capture, got " + operands.size() + " operands");
        }
        try (URLClassLoader buildA = loaderOf(operands.get(0)); URLClassLoader buildB = loaderOf(operands.get(1))) {
            final Method a = passIn(buildA, operands.get(0));
            final Method b = passIn(buildB, operands.get(1));
            final Path capture = operands.size() == 3 ? existing(operands.get(2)) : VerdictBenchmark.capture(1_000_000, 0);
            rounds(a, b, capture, rules, rounds, warm, out);
        }
    }

    private static void rounds(final Method a, final Method b, final Path capture, final Predicate<Object> rules,
                               final int rounds, final int warm, final PrintStream out) throws Exception {
        for (int i = 0; i < warm; i++) {
            time(a, capture, rules);
            time(b, capture, rules);
        }
        out.printf(Locale.ROOT, "warm-up: %d %s of each build%n", warm, warm == 1 ? "pass" : "passes");
        final double[] ta = new double[rounds];
        final double[] tb = new double[rounds];
        final double[] ratio = new double[rounds];
        int won = 0;
        for (int r = 0; r < rounds; r++) {
            if (r % 2 == 0) {
                ta[r] = time(a, capture, rules);
                tb[r] = time(b, capture, rules);
            } else {
                tb[r] = time(b, capture, rules);
                ta[r] = time(a, capture, rules);
            }
            ratio[r] = tb[r] / ta[r];
            won += tb[r] < ta[r] ? 1 : 0;
            out.printf(Locale.ROOT, "round %d: A %.3f s  B %.3f s%n", r + 1, ta[r], tb[r]);
        }
        out.printf(Locale.ROOT, "B faster in %d of %d rounds; median A %.3f s, B %.3f s; median of B/A by round %.3f%n",
            won, rounds, median(ta), median(tb), median(ratio));
    }

    /** A class loader that sees the build on {@code classPath} alone (and the platform's classes). */
    private static URLClassLoader loaderOf(final String classPath) throws IOException {
        final List<URL> urls = new ArrayList<>();
        for (final String entry : classPath.split(File.pathSeparator)) {
            urls.add(existingEntry(entry).toUri().toURL());
        }
        return new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
    }

    /** The pass of the build {@code build} loads from {@code classPath}. */
    private static Method passIn(final ClassLoader build, final String classPath) throws ReflectiveOperationException {
        final Class<?> passes;
        try {
            passes = Class.forName(PASS_CLASS, true, build);
        } catch (final ClassNotFoundException e) {
            throw new IllegalArgumentException(classPath + ": no " + PASS_CLASS + " in it; expected a benchmarks.jar");
        }
        final Method pass = passes.getDeclaredMethod("pass", Path.class, Predicate.class);
        pass.setAccessible(true);
        return pass;
    }

    private static Path existingEntry(final String entry) throws NoSuchFileException {
        final Path p = Path.of(entry);
        if (!Files.exists(p)) {
            throw new NoSuchFileException(entry, null, "no such build (jar or class directory)");
        }
        return p;
    }

    private static Path existing(final String capture) throws NoSuchFileException {
        final Path p = Path.of(capture);
        if (!Files.isRegularFile(p)) {
            throw new NoSuchFileException(capture, null, "no such capture file");
        }
        return p;
    }

    private static double time(final Method pass, final Path capture, final Predicate<Object> rules) throws Exception {
        final long t0 = System.nanoTime();
        try {
            pass.invoke(null, capture, rules);
        } catch (final InvocationTargetException e) {
            throw e.getCause() instanceof Exception ex ? ex : new IllegalStateException(e.getCause());
        }
        return (System.nanoTime() - t0) / 1e9;
    }

    private static double median(final double[] values) {
        final double[] sorted = values.clone();
        Arrays.sort(sorted);
        final int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
