package org.mprt.ctk.conformance.suite;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.platform.engine.TestSource;
import org.junit.platform.engine.support.descriptor.FilePosition;
import org.junit.platform.engine.support.descriptor.FileSource;

/**
 * How the suite names a scenario to people, rerun files and shards:
 * {@code features/<area>/<file>.feature:<line>}, relative to the kit's home so that it is the same
 * on every machine.
 */
public final class ScenarioLocations {

    private ScenarioLocations() {
    }

    /** The location of a scenario's test source, or empty when it is not a feature file position. */
    public static Optional<String> of(final TestSource source, final Path kitHome) {
        if (!(source instanceof FileSource file) || file.getPosition().isEmpty()) {
            return Optional.empty();
        }
        final FilePosition position = file.getPosition().get();
        return Optional.of(relative(file.getFile().toPath(), kitHome) + ":" + position.getLine());
    }

    /** {@code features/wire/x.feature} for a file under the kit's home, else the absolute path. */
    public static String relative(final Path file, final Path kitHome) {
        final Path absolute = file.toAbsolutePath().normalize();
        return absolute.startsWith(kitHome) ? kitHome.relativize(absolute).toString().replace('\\', '/') : absolute.toString();
    }
}
