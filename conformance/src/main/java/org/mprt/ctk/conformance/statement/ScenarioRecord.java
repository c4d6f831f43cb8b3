package org.mprt.ctk.conformance.statement;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

/**
 * What one scenario leaves behind for the conformance statement ({@code scenario.json} in its
 * report folder): who it is, which device it ran against, its status, and the verdict on each
 * requirement it is tagged with. Shard reports are merged from these files alone.
 *
 * @param name         the scenario's name
 * @param location     {@code features/<area>/<file>.feature:<line>}
 * @param tags         every tag, with its {@code @}
 * @param seed         the seed it ran with
 * @param status       {@code passed}, {@code failed}, {@code error} (ended before its verdict: the device raised
 *                     an exception, ran without end or never returned), {@code skipped} (not applicable to the
 *                     device) or Cucumber's other statuses in lower case
 * @param device       the device under test
 * @param requirements the verdict on each requirement the scenario is tagged with
 * @param traffic      what the traffic did, or null
 * @param probe        the probe's script as it ran, or empty
 * @param capture      the capture's file name in the scenario's folder, or null
 * @param note         why it was skipped, or what went wrong, or null
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ScenarioRecord(String schema, String name, String location, List<String> tags, long seed, String status,
                             DeviceRecord device, List<RequirementResult> requirements, String traffic,
                             List<String> probe, String capture, String note) {

    public static final String SCHEMA = "mprt-ctk/scenario/1";
    public static final String FILE_NAME = "scenario.json";
    private static final Pattern LOCATION = Pattern.compile(".+:\\d{1,9}");
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    public ScenarioRecord {
        tags = tags == null ? List.of() : List.copyOf(tags);
        requirements = requirements == null ? List.of() : List.copyOf(requirements);
        probe = probe == null ? List.of() : List.copyOf(probe);
    }

    /** The device a scenario ran against. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record DeviceRecord(String name, String profile, boolean mutant, String pics) {
    }

    /** The verdict on one requirement in one scenario. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record RequirementResult(String id, String keyword, String outcome, String explanation, List<Long> frames) {
        public RequirementResult {
            frames = frames == null ? List.of() : List.copyOf(frames);
        }
    }

    /** The status of a scenario that ended before its verdict. */
    public static final String ERROR = "error";

    public boolean passed() {
        return "passed".equals(status);
    }

    public boolean notApplicable() {
        return "skipped".equals(status);
    }

    /** True for a scenario that ended before its verdict: no requirement of it was judged. */
    public boolean endedInError() {
        return ERROR.equals(status);
    }

    public void write(final Path file) throws IOException {
        final byte[] bytes = JSON.writeValueAsBytes(this);
        org.mprt.ctk.verdict.report.ReportFiles.writeAtomically(file, out -> out.write(bytes));
    }

    /**
     * @throws ScenarioRecordException when the file is not JSON, names another schema, or lacks the name,
     *                                 the location ({@code <file>.feature:<line>}) or the status every record carries
     */
    public static ScenarioRecord read(final Path file) throws IOException {
        final ScenarioRecord r;
        try {
            r = JSON.readValue(file.toFile(), ScenarioRecord.class);
        } catch (final JsonProcessingException e) {
            throw new ScenarioRecordException(file, e.getOriginalMessage() + " at line " + e.getLocation().getLineNr()
                + ", column " + e.getLocation().getColumnNr());
        }
        if (r == null || r.schema() != null && !SCHEMA.equals(r.schema())) {
            throw new ScenarioRecordException(file, "expected \"schema\": \"" + SCHEMA + "\"");
        }
        if (r.location() == null || !LOCATION.matcher(r.location()).matches() || r.status() == null || r.name() == null) {
            throw new ScenarioRecordException(file, "expected a name, a location such as features/wire/x.feature:12,"
                + " and a status");
        }
        return r;
    }
}
