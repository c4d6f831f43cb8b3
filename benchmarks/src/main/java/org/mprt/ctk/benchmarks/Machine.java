package org.mprt.ctk.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The machine a benchmark ran on, printed with its numbers: the same pass took 0.9 s on one
 * processor and 1.4 s on another, so a number is only read together with the processor, the
 * features that pick the JVM's kernels for the ICRC's CRC-32 and the reports' SHA-256, and the runtime.
 */
record Machine(String processor, List<String> features, String runtime) {

    /** The processor's features that decide which CRC-32 and SHA-256 kernels the JVM uses. */
    private static final List<String> KERNEL_FEATURES = List.of("avx2", "avx512f", "vpclmulqdq", "sha_ni");
    private static final Path CPUINFO = Path.of("/proc/cpuinfo");

    /** This machine, from {@code /proc/cpuinfo} where there is one. */
    static Machine here() {
        final String runtime = System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version");
        try (Stream<String> lines = Files.exists(CPUINFO) ? Files.lines(CPUINFO) : Stream.empty()) {
            return of(lines.limit(100).collect(Collectors.toList()), runtime);
        } catch (IOException | UncheckedIOException e) {
            return of(List.of(), runtime);
        }
    }

    /** A machine from the first processor's lines of a {@code /proc/cpuinfo}. */
    static Machine of(final List<String> cpuinfo, final String runtime) {
        String model = System.getProperty("os.arch");
        Set<String> flags = Set.of();
        for (final String line : cpuinfo) {
            if (line.isBlank()) {
                break; // the first processor's lines end here; the others repeat them
            }
            final int colon = line.indexOf(':');
            if (colon < 0) {
                continue;
            }
            final String key = line.substring(0, colon).trim();
            final String value = line.substring(colon + 1).trim();
            if (key.equals("model name")) {
                model = value;
            } else if (key.equals("flags")) {
                flags = Arrays.stream(value.split("\\s+")).collect(Collectors.toSet());
            }
        }
        final Set<String> present = flags;
        return new Machine(model, KERNEL_FEATURES.stream().filter(present::contains).collect(Collectors.toList()),
            runtime);
    }

    @Override
    public String toString() {
        return processor + " (" + (features.isEmpty() ? "none of " + String.join(", ", KERNEL_FEATURES)
            : String.join(", ", features)) + "); " + runtime;
    }
}
