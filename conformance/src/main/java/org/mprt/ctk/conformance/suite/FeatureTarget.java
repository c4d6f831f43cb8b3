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

    /** @throws IllegalArgumentException when the file does not exist or a line is not a number */
    public static FeatureTarget parse(final String text, final Path kitHome) {
        final String[] parts = text.trim().split(":");
        final List<Integer> lines = new ArrayList<>();
        int pathParts = parts.length;
        while (pathParts > 1 && parts[pathParts - 1].matches("\\d+")) {
            pathParts--;
        }
        for (int i = pathParts; i < parts.length; i++) {
            lines.add(Integer.parseInt(parts[i]));
        }
        final String file = String.join(":", java.util.Arrays.copyOf(parts, pathParts));
        Path path = Path.of(file);
        if (!path.isAbsolute() && !Files.exists(path)) {
            path = kitHome.resolve(file);
        }
        if (!Files.exists(path)) {
            throw new IllegalArgumentException(text + ": no such feature file or folder");
        }
        return new FeatureTarget(path.toAbsolutePath().normalize(), lines);
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
