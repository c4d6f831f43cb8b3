package org.mprt.ctk.conformance.statement;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A {@code scenario.json} that is not one {@code ctk run} writes: cut short (a shard's artifact whose
 * upload failed), edited, or of another kit. Merging shards reports it with the file, as an input error.
 */
public final class ScenarioRecordException extends IOException {

    private static final long serialVersionUID = 1L;

    ScenarioRecordException(final Path file, final String what) {
        super(file + ": not a scenario report as ctk run writes it (" + what + ")");
    }
}
