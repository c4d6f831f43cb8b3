package org.mprt.ctk.conformance.statement;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The scenario report folders under a run's (or a shard's) {@code scenarios/} folder, each with its
 * {@code scenario.json}, in location order.
 */
public final class ScenarioFolders {

    /** The file in a scenario's folder that holds the device's PICS as the scenario saw it. */
    public static final String PICS_FILE = "pics.yaml";

    /** One scenario's folder and what it recorded. */
    public record Entry(Path folder, ScenarioRecord record) {
    }

    private ScenarioFolders() {
    }

    /** Every scenario recorded under {@code runDir/scenarios}; empty when there is none. */
    public static List<Entry> read(final Path runDir) throws IOException {
        final Path scenarios = runDir.resolve("scenarios");
        final List<Entry> entries = new ArrayList<>();
        if (!Files.isDirectory(scenarios)) {
            return entries;
        }
        try (Stream<Path> files = Files.walk(scenarios)) {
            for (final Path file : files.filter(p -> p.getFileName().toString().equals(ScenarioRecord.FILE_NAME)).toList()) {
                entries.add(new Entry(file.getParent(), ScenarioRecord.read(file)));
            }
        }
        entries.sort(java.util.Comparator.comparing(e -> sortKey(e.record().location())));
        return entries;
    }

    /** Orders {@code x.feature:9} before {@code x.feature:10}. */
    public static String sortKey(final String location) {
        final int colon = location.lastIndexOf(':');
        return colon < 0 ? location : location.substring(0, colon) + String.format(":%08d", Integer.parseInt(location.substring(colon + 1)));
    }
}
