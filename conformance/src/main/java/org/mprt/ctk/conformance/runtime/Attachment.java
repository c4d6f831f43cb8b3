package org.mprt.ctk.conformance.runtime;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A file a scenario attaches to the Cucumber report: its bytes, or, for a capture too large to
 * embed (the HTML, JSON and message reports each carry an embedded copy), a link to it relative to
 * the run's report folder.
 *
 * @param name      the file's name, e.g. {@code capture.pcap}
 * @param mediaType the content's media type
 * @param data      the bytes to embed
 */
public record Attachment(String name, String mediaType, byte[] data) {

    /** Captures up to this size are embedded; larger ones are linked. */
    public static final long EMBED_LIMIT_BYTES = 1 << 20;
    private static final String PCAP = "application/vnd.tcpdump.pcap";

    /** The file itself, or a {@code text/uri-list} link to {@code link} when it is over the limit. */
    static Attachment of(final Path file, final String link) throws IOException {
        final String name = file.getFileName().toString();
        final String type = name.endsWith(".html") ? "text/html" : PCAP;
        if (Files.size(file) > EMBED_LIMIT_BYTES) {
            return new Attachment(name, "text/uri-list", (link + "\r\n").getBytes(StandardCharsets.UTF_8));
        }
        return new Attachment(name, type, Files.readAllBytes(file));
    }
}
