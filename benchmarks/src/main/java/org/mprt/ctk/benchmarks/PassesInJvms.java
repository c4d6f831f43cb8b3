package org.mprt.ctk.benchmarks;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * The steady pass as several JVMs compile it: {@link PassSeries} over one capture in each of a few
 * {@link ChildJvm}s, one after another, each giving its best pass. One JVM's just-in-time compilers
 * inline and lay out the rules differently from the next one's, and its steady pass comes out up to
 * a tenth faster or slower; the median of a few JVMs is what a figure for the engine can rest on,
 * and their spread says how far one JVM's may stray from it.
 */
final class PassesInJvms {

    /** Each JVM's best pass, in seconds, fastest first. */
    record Spread(double[] seconds) {

        double median() {
            final int n = seconds.length;
            return n % 2 == 1 ? seconds[n / 2] : (seconds[n / 2 - 1] + seconds[n / 2]) / 2;
        }

        double fastest() {
            return seconds[0];
        }

        double slowest() {
            return seconds[seconds.length - 1];
        }
    }

    private PassesInJvms() {
    }

    /** Runs the series over {@code capture} in {@code jvms} new JVMs, one after another. */
    static Spread measure(final Path capture, final int jvms) throws IOException, InterruptedException {
        final double[] seconds = new double[jvms];
        for (int i = 0; i < jvms; i++) {
            final String what = "timing passes over " + capture;
            seconds[i] = best(ChildJvm.run(PassSeries.class, List.of(capture.toString()), what), what);
        }
        Arrays.sort(seconds);
        return new Spread(seconds);
    }

    /** The seconds of the series' last line, {@code best S}. */
    static double best(final String printed, final String what) throws IOException {
        final List<String> lines = printed.lines().toList();
        final String last = lines.isEmpty() ? "" : lines.get(lines.size() - 1);
        if (!last.startsWith("best ")) {
            throw new IOException("the fresh JVM " + what + " printed no best pass as its last line: '" + last + "'");
        }
        return Double.parseDouble(last.substring("best ".length()));
    }
}
