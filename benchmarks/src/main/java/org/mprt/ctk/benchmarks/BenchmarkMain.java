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
 * <p>With {@code verdict} as first argument it runs {@link VerdictBenchmark} instead: the whole rule
 * set against tshark, and the engine's memory; with {@code passes}, {@link PassSeries}: the pass timed
 * many times in one JVM, what {@code benchmarks/compare-builds} runs for two builds in turn.
 */
public final class BenchmarkMain {

    private static final String BASELINE = "pcap4jLoop";

    private BenchmarkMain() {
    }

    public static void main(final String[] args) throws Exception {
        if (args.length > 0 && "verdict".equals(args[0])) {
            VerdictBenchmark.main(java.util.Arrays.copyOfRange(args, 1, args.length));
            return;
        }
        if (args.length > 0 && "passes".equals(args[0])) {
            PassSeries.main(java.util.Arrays.copyOfRange(args, 1, args.length));
            return;
        }
        final String frames = args.length > 0 ? args[0] : "1000000";
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
