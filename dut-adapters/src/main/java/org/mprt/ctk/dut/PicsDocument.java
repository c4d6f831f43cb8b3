package org.mprt.ctk.dut;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * A PICS as a device declares it (mprt-v0.1.md section 15): its YAML text and where it comes from.
 * The suite validates and reads it with the verdict engine's PICS reader; adapters only carry it.
 *
 * @param source where the text was read, for reports (a classpath resource or a file)
 * @param yaml   the PICS document
 */
public record PicsDocument(String source, String yaml) {

    /** The PICS of the kit's MPRT reference implementation. */
    public static final String REFERENCE_MPRT = "/spec/pics/reference-mprt.yaml";
    /** The PICS of the kit's RoCEv2 go-back-N baseline. */
    public static final String REFERENCE_ROCEV2 = "/spec/pics/reference-rocev2.yaml";

    /** Reads a PICS packaged with the kit, e.g. {@link #REFERENCE_MPRT}. */
    public static PicsDocument fromClasspath(final String resource) {
        try (InputStream in = PicsDocument.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(resource + " is missing from the spec jar");
            }
            return new PicsDocument("classpath:" + resource, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot read " + resource, e);
        }
    }
}
