package org.mprt.ctk.benchmarks;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.mprt.ctk.verdict.CaptureJudge;

/**
 * One judgement of a capture in a JVM started for it, as {@code ctk verdict} makes one: nothing is
 * compiled yet, so the just-in-time compilers work while the pass runs (on one core, on the same
 * core). The warm numbers of {@link VerdictBenchmark} leave that cost out; this is what a user who
 * judges one capture waits for.
 *
 * <p>{@link #main} is the child: it judges the capture once and prints the seconds the judgement
 * took. {@link #measure} starts it as a {@link ChildJvm}.
 */
public final class FreshJudgement {

    /** What a fresh JVM took: the judgement inside it, and the child process from start to exit. */
    public record Times(double judgementSeconds, double processSeconds) {
    }

    private FreshJudgement() {
    }

    public static void main(final String[] args) throws IOException {
        final long t0 = System.nanoTime();
        CaptureJudge.standard().judge(Path.of(args[0]));
        System.out.printf(Locale.ROOT, "%.6f%n", (System.nanoTime() - t0) / 1e9);
    }

    /** Judges {@code capture} once in a new JVM with this one's flags; throws when the child fails. */
    public static Times measure(final Path capture) throws IOException, InterruptedException {
        final long t0 = System.nanoTime();
        final String out = ChildJvm.run(FreshJudgement.class, List.of(capture.toString()), "judging " + capture);
        final double process = (System.nanoTime() - t0) / 1e9;
        return new Times(Double.parseDouble(out), process);
    }
}
