package org.mprt.ctk.cli;

import java.nio.file.Path;
import org.mprt.ctk.conformance.runtime.KitVersion;

/**
 * Where the kit's folders (captures/, features/, reports/) are: the {@code ctk.home} property the
 * launcher sets, or the working directory.
 */
final class KitHome {

    private KitHome() {
    }

    static Path get() {
        final String home = System.getProperty("ctk.home");
        return (home == null || home.isBlank() ? Path.of("") : Path.of(home)).toAbsolutePath().normalize();
    }

    static String kitVersion() {
        return KitVersion.current();
    }
}
