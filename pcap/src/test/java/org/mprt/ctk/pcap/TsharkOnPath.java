package org.mprt.ctk.pcap;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Wireshark's tshark as an independent reader of what the kit writes and finds, for tests that are
 * skipped where it is not installed (the launcher installs it: {@link #INSTALL}).
 */
public final class TsharkOnPath {

    public static final String INSTALL = "tshark is not installed: sudo apt-get install -y tshark";

    private TsharkOnPath() {
    }

    public static boolean present() {
        try {
            return new ProcessBuilder("tshark", "-v").redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor() == 0;
        } catch (final IOException | InterruptedException e) {
            return false;
        }
    }

    /** One line per frame: the last occurrence of {@code field} in it, empty where the frame has none. */
    public static List<String> field(final Path capture, final String field) throws IOException, InterruptedException {
        final Process tshark = new ProcessBuilder("tshark", "-n", "-r", capture.toString(), "-T", "fields",
            "-E", "occurrence=l", "-e", field).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        final String out = new String(tshark.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
        if (!tshark.waitFor(60, TimeUnit.SECONDS)) {
            tshark.destroyForcibly();
            throw new IOException("tshark did not finish reading " + capture + " in 60 s");
        }
        return new ArrayList<>(out.lines().map(String::trim).toList());
    }
}
