package org.mprt.ctk.benchmarks;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A JVM started by a benchmark to measure in it what one JVM's just-in-time compilers leave out of
 * another's: a first judgement ({@link FreshJudgement}), or a steady pass as each JVM compiles it
 * ({@link PassesInJvms}). It runs with this JVM's flags, classpath and processor affinity; its
 * standard error passes through.
 */
final class ChildJvm {

    private static final long LIMIT_MINUTES = 30;

    private ChildJvm() {
    }

    /**
     * This JVM's flags as the child gets them: heap, collector and compiler flags stay, so the child
     * runs as this JVM does; agents (a profiler, a debugger listening on a port) and flight recordings
     * do not, since a second copy would write over the first one's output or fail to take its port.
     */
    static List<String> flags(final List<String> flags) {
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

    /**
     * Runs {@code main} with {@code args} in a new JVM and returns what it printed, trimmed; throws
     * naming {@code what} when it fails or does not exit within 30 minutes.
     */
    static String run(final Class<?> main, final List<String> args, final String what)
        throws IOException, InterruptedException {
        final List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(flags(ManagementFactory.getRuntimeMXBean().getInputArguments()));
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(main.getName());
        command.addAll(args);
        final Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        final String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        if (!p.waitFor(LIMIT_MINUTES, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new IOException("the fresh JVM " + what + " did not exit within " + LIMIT_MINUTES + " minutes");
        }
        if (p.exitValue() != 0) {
            throw new IOException("the fresh JVM " + what + " failed (exit " + p.exitValue() + "): " + out);
        }
        return out;
    }
}
