package org.mprt.ctk.pics;

import java.io.IOException;

/** A PICS file that cannot be read or does not follow spec/pics/pics-schema.yaml: an input error. */
public final class PicsException extends IOException {

    private static final long serialVersionUID = 1L;

    /** For a PICS named by {@code source}: its file, or where its text came from. */
    public PicsException(final String source, final String problem) {
        super("PICS " + source + ": " + problem);
    }
}
