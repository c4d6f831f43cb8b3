package org.mprt.ctk.conformance.suite;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A feature file or folder named on the command line or in a rerun file, with the lines of the
 * scenarios to run: {@code features/wire/encapsulation.feature:13:32}. A relative path is taken
 * from the working folder, else from the kit's home.
 *
 * @param path  the file or folder
 * @param lines the scenario lines, empty for every scenario
 */
public record FeatureTarget(Path path, List<Integer> lines) {

    /**
     * @throws IllegalArgumentException when the file does not exist, is not a {@code .feature} file, or
     *                                  a line is not one of its lines (Cucumber would run the whole file)
     */
    public static FeatureTarget parse(final String text, final Path kitHome) {
        final String[] parts = text.trim().split(":");
        int pathParts = parts.length;
        while (pathParts > 1 && parts[pathParts - 1].matches("\\d{1,9}")) {
            pathParts--;
        }
        final String file = String.join(":", java.util.Arrays.copyOf(parts, pathParts));
        Path path = Path.of(file);
        if (!path.isAbsolute() && !Files.exists(path)) {
            path = kitHome.resolve(file);
        }
        if (!Files.exists(path)) {
            throw new IllegalArgumentException(text + ": no such feature file or folder");
        }
        if (!Files.isDirectory(path) && !path.getFileName().toString().endsWith(".feature")) {
            throw new IllegalArgumentException(text + ": expected a .feature file or a folder of them");
        }
        final List<Integer> lines = new ArrayList<>();
        for (int i = pathParts; i < parts.length; i++) {
            lines.add(Integer.parseInt(parts[i]));
        }
        if (!lines.isEmpty()) {
            final long count = lineCount(path);
            for (final int line : lines) {
                if (line < 1 || line > count) {
                    throw new IllegalArgumentException(text + ": line " + line + " is not in the file, which has " + count
                        + " lines: expected the line of a scenario, as ctk run prints it");
                }
            }
        }
        return new FeatureTarget(path.toAbsolutePath().normalize(), lines);
    }

    private static long lineCount(final Path file) {
        try (java.util.stream.Stream<String> lines = Files.lines(file)) {
            return lines.count();
        } catch (final java.io.IOException | java.io.UncheckedIOException e) {
            throw new IllegalArgumentException(file + ": cannot be read as a feature file (" + e.getMessage() + ")");
        }
    }

    /** The targets of a rerun file: one per non-blank line. */
    public static List<String> readRerunFile(final Path file) throws java.io.IOException {
        final List<String> targets = new ArrayList<>();
        for (final String line : Files.readAllLines(file)) {
            for (final String target : line.trim().split("\\s+")) {
                if (!target.isEmpty()) {
                    targets.add(target);
                }
            }
        }
        return targets;
    }
}
