package org.mprt.ctk.conformance.trace;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Set;
import java.util.TreeSet;

/** The capability names a {@code @needs} tag may use: those of both profiles in spec/pics/pics-schema.yaml. */
public final class PicsCapabilities {

    private PicsCapabilities() {
    }

    public static Set<String> names() {
        try (InputStream in = PicsCapabilities.class.getResourceAsStream("/spec/pics/pics-schema.yaml")) {
            if (in == null) {
                throw new IllegalStateException("spec/pics/pics-schema.yaml is missing from the spec jar");
            }
            final JsonNode defs = new ObjectMapper(new YAMLFactory()).readTree(in).path("$defs");
            final Set<String> names = new TreeSet<>();
            for (final String profile : new String[] {"mprtCapabilities", "rocev2Capabilities"}) {
                defs.path(profile).path("properties").fieldNames().forEachRemaining(names::add);
            }
            return names;
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot read the PICS schema", e);
        }
    }
}
