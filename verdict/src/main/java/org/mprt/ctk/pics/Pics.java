package org.mprt.ctk.pics;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.mprt.ctk.requirement.TimerConstraints;

/**
 * A PICS: what an implementation declares to the kit (mprt-v0.1.md section 15), read from YAML and
 * held to spec/pics/pics-schema.yaml before anything uses it, so that a misspelt key is an error
 * rather than a silently ignored capability.
 */
public final class Pics {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    /** Where the PICS came from: its file as given, or what a document read from text names it by. */
    private final String source;
    private final JsonNode root;

    private Pics(final String source, final JsonNode root) {
        this.source = source;
        this.root = root;
    }

    public static Pics load(final Path file) throws PicsException {
        final String source = file.toString();
        if (Files.isDirectory(file)) {
            throw new PicsException(source, "is a folder, expected a PICS file (YAML)");
        }
        final byte[] yaml;
        try {
            yaml = Files.readAllBytes(file);
        } catch (final NoSuchFileException e) {
            throw new PicsException(source, "no such file");
        } catch (final IOException e) {
            throw new PicsException(source, "cannot be read: " + firstLine(e.getMessage()));
        }
        return parse(source, yaml);
    }

    /**
     * A PICS from its text, held to the schema and to section 14's constraints as {@link #load} holds a
     * file; {@code source} names it in errors and reports (e.g. where the text came from).
     */
    public static Pics parse(final String source, final byte[] yaml) throws PicsException {
        final JsonNode root;
        try {
            root = YAML.readTree(yaml);
        } catch (final IOException e) {
            throw new PicsException(source, "cannot be read as YAML: " + firstLine(e.getMessage()));
        }
        if (root == null || !root.isObject()) {
            throw new PicsException(source, "expected a YAML mapping at the top level");
        }
        final JsonNode schemaNode = PackagedSchema.NODE;
        final List<Error> errors = PackagedSchema.SCHEMA.validate(root);
        if (!errors.isEmpty()) {
            final Error first = errors.get(0);
            throw new PicsException(source, first.getInstanceLocation() + ": " + first.getMessage()
                + (errors.size() > 1 ? " (and " + (errors.size() - 1) + " more problems)" : ""));
        }
        final Pics pics = new Pics(source, root);
        if (pics.profile().equals("mprt-0.1")) {
            // The schema checks each value's range; section 14's constraints between them are checked here.
            final Map<String, Number> inForce = new LinkedHashMap<>();
            schemaNode.path("$defs").path("mprtTimers").path("properties").fields()
                .forEachRemaining(e -> inForce.put(e.getKey(), e.getValue().path("default").numberValue()));
            inForce.putAll(pics.timers());
            final Optional<String> broken = TimerConstraints.broken(inForce);
            if (broken.isPresent()) {
                throw new PicsException(source, "/timers: expected " + broken.get() + " (mprt-v0.1.md section 14; the"
                    + " timers left out are at their defaults)");
            }
        }
        return pics;
    }

    /**
     * The packaged schema, read and compiled once, when the first PICS is read: a conformance run reads
     * one PICS per scenario folder, and compiling the schema took 2 ms of each warm read (10 ms cold).
     * The validator's compiled {@code Schema} is meant to be shared, threads included (its README,
     * "Performance Considerations"), as long as its configuration is left alone.
     */
    private static final class PackagedSchema {
        static final JsonNode NODE = schemaNode();
        static final Schema SCHEMA = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(NODE);
    }

    private static JsonNode schemaNode() {
        try (InputStream in = Pics.class.getResourceAsStream("/spec/pics/pics-schema.yaml")) {
            if (in == null) {
                throw new IllegalStateException("spec/pics/pics-schema.yaml is missing from the spec jar");
            }
            return YAML.readTree(in);
        } catch (final IOException e) {
            throw new IllegalStateException("the packaged PICS schema is unreadable", e);
        }
    }

    private static String firstLine(final String message) {
        final int nl = message == null ? -1 : message.indexOf('\n');
        return nl < 0 ? String.valueOf(message) : message.substring(0, nl);
    }

    /** Where it came from: its file as given, or the name {@link #parse} was given. */
    public String source() {
        return source;
    }

    /** {@code mprt-0.1} or {@code rocev2}. */
    public String profile() {
        return root.path("profile").asText();
    }

    public String implementationName() {
        return root.path("implementation").path("name").asText();
    }

    public String implementationVersion() {
        return root.path("implementation").path("version").asText();
    }

    /** A numeric capability, e.g. {@code pmtu} or {@code streams}. */
    public Optional<Long> capability(final String key) {
        final JsonNode v = root.path("capabilities").path(key);
        return v.isIntegralNumber() ? Optional.of(v.asLong()) : Optional.empty();
    }

    /** A boolean capability, e.g. {@code probe}; false when absent. */
    public boolean supports(final String key) {
        return root.path("capabilities").path(key).asBoolean(false);
    }

    /** JUDGING_TOLERANCE (section 14), default 10 µs. */
    public long judgingToleranceNs() {
        return root.path("judgingToleranceNs").asLong(10_000);
    }

    /** A timer the implementation declares in place of the default (section 14), in ns. */
    public Optional<Long> timerNs(final String name) {
        final JsonNode v = root.path("timers").path(name);
        return v.isIntegralNumber() ? Optional.of(v.asLong()) : Optional.empty();
    }

    /** A parameter of section 14 that the PICS may give as a fraction (MD_FACTOR, GUIDANCE_TOLERANCE). */
    public Optional<Double> timerNumber(final String name) {
        final JsonNode v = root.path("timers").path(name);
        return v.isNumber() ? Optional.of(v.asDouble()) : Optional.empty();
    }

    /**
     * The timers block as declared, name to value in the PICS unit of section 14 (a whole number as a
     * Long, a fraction as a Double), in the file's order; the timers left out are at their defaults.
     */
    public Map<String, Number> timers() {
        final Map<String, Number> declared = new LinkedHashMap<>();
        root.path("timers").fields().forEachRemaining(e ->
            declared.put(e.getKey(), e.getValue().isIntegralNumber() ? (Number) e.getValue().asLong() : e.getValue().asDouble()));
        return declared;
    }

    /** The declared answer for a declaration requirement, if any. */
    public Optional<Boolean> declares(final String requirementId) {
        final JsonNode v = root.path("declarations").path(requirementId);
        return v.isBoolean() ? Optional.of(v.asBoolean()) : Optional.empty();
    }
}
