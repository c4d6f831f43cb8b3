package org.mprt.ctk.requirement;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Every requirement of the spec documents, in document order. The catalogue is parsed from the
 * Markdown itself, so that the text a person reads and the IDs the kit checks cannot drift.
 */
public final class RequirementCatalogue {

    /** The documents that carry requirements, as packaged under {@code spec/} in the jar. */
    public static final List<String> DOCUMENTS = List.of("mprt-v0.1.md", "rocev2-baseline.md");

    /** The requirement-line format of spec/README.md. */
    static final Pattern REQUIREMENT_LINE = Pattern.compile(
        "^- \\*\\*((?:MPRT|ROCE)-[A-Z]+-\\d{3})\\*\\* \\((MUST NOT|MUST|SHOULD NOT|SHOULD|MAY), "
            + "(capture|probe|declaration)\\): (.+)$");

    /** A line that starts like a requirement; when it does not match the format it is an error. */
    private static final Pattern REQUIREMENT_START = Pattern.compile("^- \\*\\*(?:MPRT|ROCE)-");

    private static final Pattern HEADING = Pattern.compile("^#{1,6} (.+)$");

    private final Map<String, Requirement> byId;

    private RequirementCatalogue(final Map<String, Requirement> byId) {
        this.byId = Collections.unmodifiableMap(byId);
    }

    /** Reads the catalogue packaged in the spec jar (resources {@code spec/*.md}). */
    public static RequirementCatalogue fromClasspath() {
        final Map<String, Requirement> requirements = new LinkedHashMap<>();
        for (final String document : DOCUMENTS) {
            final InputStream in = RequirementCatalogue.class.getResourceAsStream("/spec/" + document);
            if (in == null) {
                continue; // a profile whose document is not packaged contributes nothing
            }
            try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                parse(document, reader.lines().toList(), requirements);
            } catch (final IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return new RequirementCatalogue(requirements);
    }

    /** Reads the catalogue from a spec folder on disk (a source checkout). */
    public static RequirementCatalogue fromDirectory(final Path specDirectory) throws IOException {
        final Map<String, Requirement> requirements = new LinkedHashMap<>();
        for (final String document : DOCUMENTS) {
            final Path file = specDirectory.resolve(document);
            if (Files.exists(file)) {
                parse(document, Files.readAllLines(file, StandardCharsets.UTF_8), requirements);
            }
        }
        return new RequirementCatalogue(requirements);
    }

    static void parse(final String document, final List<String> lines, final Map<String, Requirement> into) {
        String section = "";
        for (int i = 0; i < lines.size(); i++) {
            final String line = lines.get(i);
            final Matcher heading = HEADING.matcher(line);
            if (heading.matches()) {
                section = heading.group(1).trim();
                continue;
            }
            if (!REQUIREMENT_START.matcher(line).lookingAt()) {
                continue;
            }
            final Matcher m = REQUIREMENT_LINE.matcher(line);
            if (!m.matches()) {
                throw new IllegalArgumentException(document + ":" + (i + 1)
                    + ": requirement line does not follow the format "
                    + "'- **ID** (KEYWORD, capture|probe|declaration): text': " + line);
            }
            final Requirement requirement = new Requirement(m.group(1), Requirement.Keyword.parse(m.group(2)),
                Requirement.Verifiable.parse(m.group(3)), m.group(4), document, section);
            final Requirement previous = into.putIfAbsent(requirement.id(), requirement);
            if (previous != null) {
                throw new IllegalArgumentException(document + ":" + (i + 1) + ": requirement "
                    + requirement.id() + " is defined twice (first in " + previous.document() + ")");
            }
        }
    }

    public Optional<Requirement> find(final String id) {
        return Optional.ofNullable(byId.get(id));
    }

    /** The requirement with this ID; a rule naming an ID the spec lacks is a kit bug. */
    public Requirement get(final String id) {
        final Requirement r = byId.get(id);
        if (r == null) {
            throw new IllegalArgumentException("no requirement " + id + " in the spec");
        }
        return r;
    }

    public Collection<Requirement> all() {
        return byId.values();
    }

    public List<Requirement> ofProfile(final String profile) {
        final List<Requirement> out = new ArrayList<>();
        for (final Requirement r : byId.values()) {
            if (r.profile().equals(profile)) {
                out.add(r);
            }
        }
        return out;
    }

    public int size() {
        return byId.size();
    }
}
