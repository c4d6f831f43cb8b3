package org.mprt.ctk.benchmarks;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import com.sun.management.HotSpotDiagnosticMXBean;
import one.profiler.AsyncProfiler;
import one.profiler.Counter;

/**
 * Where the pass's time goes: the passes of {@link PassSeries}, the last ones profiled with
 * async-profiler, the stacks written as collapsed stacks (for flame graphs and for reading again
 * with {@link ProfileSummary}) and summarised: the share of each part of the pass, of the ICRC, of
 * each rule and of the methods that take the most samples themselves.
 *
 * <pre>java -XX:+UnlockDiagnosticVMOptions -XX:+DebugNonSafepoints -jar benchmarks.jar profile
 *     [--event=cpu|alloc] [--out=FILE] [--passes=N] [--kept=K] [--rules=REGEX] [capture]</pre>
 *
 * <p>Without {@code -XX:+DebugNonSafepoints} the JVM records where inlined code came from only at
 * safepoints, and samples land on the wrong methods; the command says so when the flag is off.
 * {@code --event=alloc} samples allocations (bytes) instead of processor time.
 */
public final class PassProfile {

    private static final String DEFAULT_OUT = "pass-profile.collapsed";
    private static final int TOP = 20;

    private PassProfile() {
    }

    public static void main(final String[] args) throws Exception {
        BenchmarkArguments.refusingBadInput("profile", () -> run(args, System.out));
    }

    static void run(final String[] args, final PrintStream out) throws Exception {
        String event = "cpu";
        Path file = Path.of(DEFAULT_OUT);
        final List<String> rest = new ArrayList<>();
        for (final String a : args) {
            if (a.startsWith("--event=")) {
                event = a.substring("--event=".length());
                if (!event.equals("cpu") && !event.equals("alloc")) {
                    throw new IllegalArgumentException(a + ": expected --event=cpu or --event=alloc");
                }
            } else if (a.startsWith("--out=")) {
                file = Path.of(a.substring("--out=".length()));
            } else {
                rest.add(a);
            }
        }
        final PassOptions options = PassOptions.parse(rest.toArray(String[]::new), "--event=cpu|alloc, --out=FILE, " + PassOptions.EXPECTED);
        if (!debugNonSafepoints()) {
            out.println("note: -XX:+DebugNonSafepoints is off, so inlined methods' samples may be credited to their callers;"
                + " run java -XX:+UnlockDiagnosticVMOptions -XX:+DebugNonSafepoints -jar benchmarks.jar profile ...");
        }
        final AsyncProfiler profiler = profiler();
        final String start = "start,event=" + event + ("cpu".equals(event) ? ",interval=1ms" : "");
        PassSeries.time(options, out, pass -> {
            if (pass == options.firstKept()) {
                execute(profiler, start);
            }
        });
        execute(profiler, "stop");
        final String collapsed = profiler.dumpCollapsed("alloc".equals(event) ? Counter.TOTAL : Counter.SAMPLES);
        Files.writeString(file, collapsed, StandardCharsets.UTF_8);
        out.printf("passes %d to %d profiled (%s): %s%n", options.firstKept(), options.passes(), event, file.toAbsolutePath());
        ProfileSummary.of(collapsed.lines()).print(out, TOP);
    }

    private static AsyncProfiler profiler() {
        try {
            return AsyncProfiler.getInstance();
        } catch (final RuntimeException | LinkageError e) {
            throw new IllegalStateException("async-profiler's native library could not be loaded on "
                + System.getProperty("os.name") + " " + System.getProperty("os.arch") + " (it ships for Linux x64 and"
                + " arm64 and for macOS): " + e.getMessage(), e);
        }
    }

    private static void execute(final AsyncProfiler profiler, final String command) {
        try {
            profiler.execute(command);
        } catch (final IOException | IllegalStateException e) {
            throw new IllegalStateException("async-profiler refused \"" + command + "\": " + e.getMessage()
                + " (on Linux, perf events may need: sysctl kernel.perf_event_paranoid=1)", e);
        }
    }

    private static boolean debugNonSafepoints() {
        try {
            return Boolean.parseBoolean(ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
                .getVMOption("DebugNonSafepoints").getValue());
        } catch (final IllegalArgumentException e) {
            // A diagnostic option is not even visible until -XX:+UnlockDiagnosticVMOptions: then it is off.
            return false;
        }
    }
}
