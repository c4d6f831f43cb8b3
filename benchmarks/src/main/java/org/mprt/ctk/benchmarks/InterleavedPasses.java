package org.mprt.ctk.benchmarks;

import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.Predicate;

/**
 * Two builds' passes timed in turn inside one JVM: each build's classes are loaded from its jar by a
 * class loader of their own, and the passes alternate A, B, B, A, ... so that the machine's drift
 * over minutes falls on both alike. What stays is the JIT compilers' own variation from one JVM to the
 * next (two copies of one build came out 4 % apart in some JVMs and even in others), so
 * {@code benchmarks/compare-in-one-jvm} runs several JVMs, swapping which build is loaded first.
 *
 * <pre>java -jar benchmarks.jar interleaved A.jar B.jar [--pairs=N] [--warm=N] [capture]</pre>
 *
 * <p>Prints each pair's times and B/A, then {@code pairs B/A R}: the median of the pairs' ratios.
 * The capture defaults to the verdict benchmark's 1 M-frame capture, written once.
 */
public final class InterleavedPasses {

    private static final int PAIRS = 6;
    private static final int WARM = 3;

    private InterleavedPasses() {
    }

    public static void main(final String[] args) throws Exception {
        BenchmarkArguments.refusingBadInput("interleaved", () -> run(args, System.out));
    }

    /** The comparison, printed to {@code out}; a bad option or a missing file throws before any pass. */
    static void run(final String[] args, final PrintStream out) throws Exception {
        int pairs = PAIRS;
        int warm = WARM;
        final Path[] jars = new Path[2];
        int jarCount = 0;
        Path capture = null;
        for (final String a : args) {
            if (a.startsWith("--pairs=")) {
                pairs = BenchmarkArguments.positive(a, a.substring("--pairs=".length()));
            } else if (a.startsWith("--warm=")) {
                warm = BenchmarkArguments.positive(a, a.substring("--warm=".length()));
            } else if (a.startsWith("--")) {
                throw new IllegalArgumentException(a + ": unknown option; expected --pairs=N or --warm=N");
            } else if (jarCount < 2) {
                jars[jarCount++] = BenchmarkArguments.existing(a, "jar");
            } else if (capture == null) {
                capture = BenchmarkArguments.capture(a);
            } else {
                throw new IllegalArgumentException(a + ": expected A.jar B.jar [capture], got a fourth file");
            }
        }
        if (jarCount < 2) {
            throw new IllegalArgumentException("expected two builds' benchmarks.jar, A then B");
        }
        if (capture == null) {
            capture = VerdictBenchmark.capture(1_000_000, 0);
        }
        compare(pass(jars[0]), pass(jars[1]), capture, pairs, warm, out);
    }

    /** {@code warm} passes of each, then {@code pairs} pairs timed in turn, printed to {@code out}. */
    static void compare(final Method a, final Method b, final Path capture, final int pairs, final int warm,
                        final PrintStream out) throws Exception {
        for (int i = 0; i < warm; i++) {
            time(a, capture);
            time(b, capture);
        }
        final double[] ratios = new double[pairs];
        for (int i = 0; i < pairs; i++) {
            final boolean aFirst = i % 2 == 0;
            final double first = time(aFirst ? a : b, capture);
            final double second = time(aFirst ? b : a, capture);
            final double ta = aFirst ? first : second;
            final double tb = aFirst ? second : first;
            ratios[i] = tb / ta;
            out.printf(Locale.ROOT, "pair %d: A %.3f s  B %.3f s  B/A %.3f%n", i + 1, ta, tb, ratios[i]);
        }
        Arrays.sort(ratios);
        final double median = pairs % 2 == 1 ? ratios[pairs / 2] : (ratios[pairs / 2 - 1] + ratios[pairs / 2]) / 2;
        out.printf(Locale.ROOT, "pairs B/A %.3f%n", median);
    }

    /** The build's {@code VerdictBenchmark.pass(Path, Predicate)}, from its jar alone (the platform's classes shared). */
    private static Method pass(final Path jar) throws Exception {
        return pass(jar.toString(), new URL[] {jar.toUri().toURL()});
    }

    /** {@code VerdictBenchmark.pass(Path, Predicate)} of the build on {@code classPath}, named {@code build} in errors. */
    static Method pass(final String build, final URL[] classPath) throws Exception {
        final URLClassLoader loader = new URLClassLoader(classPath, ClassLoader.getPlatformClassLoader());
        try {
            final Method pass = Class.forName(VerdictBenchmark.class.getName(), true, loader)
                .getDeclaredMethod("pass", Path.class, Predicate.class);
            pass.setAccessible(true);
            return pass;
        } catch (final ClassNotFoundException | NoSuchMethodException e) {
            throw new IllegalArgumentException(build + ": not a benchmarks.jar with VerdictBenchmark.pass(Path, Predicate)", e);
        }
    }

    private static double time(final Method pass, final Path capture) throws Exception {
        final Predicate<Object> every = r -> true;
        final long t0 = System.nanoTime();
        try {
            pass.invoke(null, capture, every);
        } catch (final InvocationTargetException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        }
        return (System.nanoTime() - t0) / 1e9;
    }
}
