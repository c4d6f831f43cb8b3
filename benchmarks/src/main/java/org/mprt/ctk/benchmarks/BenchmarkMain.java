package org.mprt.ctk.benchmarks;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs the benchmarks and prints each as frames per second and as a ratio against the baseline
 * measured in the same run (pcap4j's raw-listener loop), since absolute numbers change from
 * machine to machine and ratios much less.
 *
 * <pre>java -jar benchmarks/target/benchmarks.jar [frames]</pre>
 *
 * <p>{@code --help} prints the usage; a frame count that is not a positive whole number is refused
 * with the usage (exit 2) before anything runs.
 *
 * <p>With {@code verdict} as first argument it runs {@link VerdictBenchmark} instead: the whole rule
 * set against tshark, and the engine's memory; with {@code passes}, {@link PassSeries}: the pass timed
 * many times in one JVM, what {@code benchmarks/compare-builds} runs for two builds in turn; with
 * {@code interleaved}, {@link InterleavedPasses}: two builds' passes in turn inside one JVM, what
 * {@code benchmarks/compare-in-one-jvm} runs; with {@code profile}, {@link PassProfile}: where the
 * pass's time goes, by async-profiler.
 */
public final class BenchmarkMain {

    private static final String BASELINE = "pcap4jLoop";
    private static final int FRAMES = 1_000_000;

    private BenchmarkMain() {
    }

    static final String USAGE = String.join(System.lineSeparator(),
        "usage: java -jar benchmarks.jar [frames]                  the readers against pcap4j (1000000 frames)",
        "       java -jar benchmarks.jar verdict [frames]          the verdict engine against tshark (1000000 frames)",
        "       java -jar benchmarks.jar passes [options] [capture]",
        "                                the pass timed many times; options --passes=N, --kept=K, --rules=REGEX",
        "       java -jar benchmarks.jar interleaved A.jar B.jar [--pairs=N] [--warm=N] [capture]",
        "                                two builds' passes in turn in one JVM",
        "       java -XX:+UnlockDiagnosticVMOptions -XX:+DebugNonSafepoints -jar benchmarks.jar profile",
        "                                [--event=cpu|alloc] [--out=FILE] [passes options] [capture]",
        "                                where the pass's time goes: the last passes profiled with async-profiler");

    public static void main(final String[] args) throws Exception {
        final String command = args.length > 0 ? args[0] : "";
        if ("--help".equals(command) || "-h".equals(command)) {
            System.out.println(USAGE);
            return;
        }
        if ("interleaved".equals(command)) {
            InterleavedPasses.main(java.util.Arrays.copyOfRange(args, 1, args.length));
            return;
        }
        if ("profile".equals(command)) {
            PassProfile.main(java.util.Arrays.copyOfRange(args, 1, args.length));
            return;
        }
        if ("passes".equals(command)) {
            PassSeries.main(java.util.Arrays.copyOfRange(args, 1, args.length));
            return;
        }
        final boolean verdict = "verdict".equals(command);
        final int frames;
        try {
            frames = BenchmarkArguments.frames(verdict ? java.util.Arrays.copyOfRange(args, 1, args.length) : args, FRAMES);
        } catch (final IllegalArgumentException e) {
            System.err.println("benchmarks: " + e.getMessage());
            System.err.println(USAGE);
            System.exit(2);
            return;
        }
        if (verdict) {
            VerdictBenchmark.run(frames);
        } else {
            readers(frames);
        }
    }

    /** The readers' benchmark: each reader over a capture of {@code frames} frames, against pcap4j's loop. */
    private static void readers(final int frameCount) throws Exception {
        final String frames = Integer.toString(frameCount);
        final Options options = new OptionsBuilder()
            .include(PcapReadBenchmark.class.getSimpleName())
            .param("frames", frames)
            .warmupIterations(2).warmupTime(TimeValue.seconds(1))
            .measurementIterations(5).measurementTime(TimeValue.seconds(1))
            .forks(1)
            .build();
        final Collection<RunResult> results = new Runner(options).run();
        final Map<String, Double> msPerRead = new LinkedHashMap<>();
        for (final RunResult r : results) {
            final String name = r.getParams().getBenchmark();
            msPerRead.put(name.substring(name.lastIndexOf('.') + 1), r.getPrimaryResult().getScore());
        }
        final double baseline = msPerRead.getOrDefault(BASELINE, Double.NaN);
        System.out.printf("%nreading a %s-frame pcap (1 GB class, 1024-byte RoCEv2 payloads); baseline %s%n", frames,
            BASELINE);
        System.out.printf("%-24s %12s %14s %10s%n", "reader", "ms per read", "frames/s", "x baseline");
        for (final Map.Entry<String, Double> e : msPerRead.entrySet()) {
            final double framesPerSecond = Long.parseLong(frames) / (e.getValue() / 1000.0);
            System.out.printf("%-24s %12.1f %14.0f %10.2f%n", e.getKey(), e.getValue(), framesPerSecond,
                baseline / e.getValue());
        }
    }
}
