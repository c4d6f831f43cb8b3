package org.mprt.ctk.pics;

import java.io.IOException;
import java.nio.file.Path;

/** A PICS file that cannot be read or does not follow spec/pics/pics-schema.yaml: an input error. */
public final class PicsException extends IOException {

    private static final long serialVersionUID = 1L;

    public PicsException(final Path file, final String problem) {
        super("PICS " + file + ": " + problem);
    }
}
