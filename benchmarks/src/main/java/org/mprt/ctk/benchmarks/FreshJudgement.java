package org.mprt.ctk.benchmarks;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.mprt.ctk.verdict.CaptureJudge;

/**
 * One judgement of a capture in a JVM started for it, as {@code ctk verdict} makes one: nothing is
 * compiled yet, so the just-in-time compilers work while the pass runs (on one core, on the same
 * core). The warm numbers of {@link VerdictBenchmark} leave that cost out; this is what a user who
 * judges one capture waits for.
 *
 * <p>{@link #main} is the child: it judges the capture once and prints the seconds the judgement
 * took. {@link #measure} starts it with this JVM's flags, classpath and processor affinity.
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

    /**
     * This JVM's flags as the child gets them: heap, collector and compiler flags stay, so the child
     * runs as this JVM does; agents (a profiler, a debugger listening on a port) and flight recordings
     * do not, since a second copy would write over the first one's output or fail to take its port.
     */
    static List<String> childFlags(final List<String> flags) {
        final List<String> kept = new ArrayList<>();
        for (final String flag : flags) {
            if (!flag.startsWith("-agentpath:") && !flag.startsWith("-agentlib:") && !flag.startsWith("-javaagent:")
                && !flag.startsWith("-Xrunjdwp") && !flag.startsWith("-XX:StartFlightRecording")
                && !flag.startsWith("-XX:FlightRecorderOptions")) {
                kept.add(flag);
            }
        }
        return kept;
    }

    /** Judges {@code capture} once in a new JVM with this one's flags; throws when the child fails. */
    public static Times measure(final Path capture) throws IOException, InterruptedException {
        final List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(childFlags(ManagementFactory.getRuntimeMXBean().getInputArguments()));
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(FreshJudgement.class.getName());
        command.add(capture.toString());
        final ProcessBuilder pb = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT);
        final long t0 = System.nanoTime();
        final Process p = pb.start();
        final String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        if (!p.waitFor(30, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new IOException("the fresh JVM judging " + capture + " did not exit within 30 minutes");
        }
        if (p.exitValue() != 0) {
            throw new IOException("the fresh JVM judging " + capture + " failed (exit " + p.exitValue() + "): " + out);
        }
        final double process = (System.nanoTime() - t0) / 1e9;
        return new Times(Double.parseDouble(out), process);
    }
}
