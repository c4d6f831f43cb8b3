package org.mprt.ctk.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.mprt.ctk.conformance.runtime.FirstLine;
import org.mprt.ctk.conformance.statement.ConformanceStatement;
import org.mprt.ctk.conformance.statement.Html;
import org.mprt.ctk.conformance.statement.StatementWriter;
import org.mprt.ctk.conformance.suite.ScenarioResult;
import org.mprt.ctk.conformance.suite.SuiteRun;
import org.mprt.ctk.verdict.expectation.CaptureReplay;
import org.mprt.ctk.verdict.report.ReportFiles;

/**
 * The end of {@code ctk run}: the one-screen summary, {@code summary.json}, the front page
 * {@code index.html} linking every report, and the exit code.
 */
final class RunSummary {

    private static final int MAX_LISTED = 12;
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final SuiteRun.Outcome outcome;
    private final ConformanceStatement statement;
    private final List<CaptureReplay.Result> replayed;
    private final Long seed;
    private final String shard;
    private final Path outDir;
    private final boolean ownDevice;

    /** @param ownDevice true when the device under test is one of one's own ({@code --dut}), not the kit's reference */
    RunSummary(final SuiteRun.Outcome outcome, final ConformanceStatement statement, final List<CaptureReplay.Result> replayed,
               final Long seed, final String shard, final Path outDir, final boolean ownDevice) {
        this.outcome = outcome;
        this.statement = statement;
        this.replayed = replayed;
        this.seed = seed;
        this.shard = shard;
        this.outDir = outDir;
        this.ownDevice = ownDevice;
    }

    long count(final ScenarioResult.Status status) {
        return outcome.results().stream().filter(r -> r.status() == status).count();
    }

    int exitCode() {
        if (!outcome.inputErrors().isEmpty() || !outcome.containerErrors().isEmpty()) {
            return ExitCodes.INPUT_ERROR;
        }
        if (outcome.results().stream().anyMatch(r -> r.status() == ScenarioResult.Status.ERROR && !deviceUnderTestError(r))) {
            return ExitCodes.KIT_ERROR;
        }
        final boolean replayOk = CaptureReplayJob.asExpected(replayed) == replayed.size();
        final boolean scenariosOk = count(ScenarioResult.Status.FAILED) + count(ScenarioResult.Status.ERROR) == 0;
        return scenariosOk && statement.allConform() && replayOk ? ExitCodes.PASS : ExitCodes.FAIL;
    }

    void print(final PrintStream out) {
        out.printf("%nscenarios: %d run%s: %d passed, %d failed, %s%d not applicable (seed: %s)%n", outcome.results().size(),
            shard == null ? "" : " in shard " + shard, count(ScenarioResult.Status.PASSED), count(ScenarioResult.Status.FAILED),
            errors(), count(ScenarioResult.Status.SKIPPED),
            seed == null ? "each scenario's own, from its name" : seed + " for every scenario");
        outcome.results().stream().filter(r -> r.status() == ScenarioResult.Status.ERROR).limit(MAX_LISTED)
            .forEach(r -> out.printf("  ERROR  %s  %s%n         no verdict: %s%n", r.location(), r.name(), FirstLine.of(r.message())));
        outcome.results().stream().filter(r -> r.status() == ScenarioResult.Status.FAILED && !isInputError(r)).limit(MAX_LISTED)
            .forEach(r -> out.printf("  FAILED %s  %s%n         %s%n", r.location(), r.name(), FirstLine.of(r.message())));
        outcome.inputErrors().forEach(e -> out.println("ctk: input error: " + e));
        outcome.containerErrors().forEach(e -> out.println("ctk: " + FirstLine.of(e)));
        StatementWriter.printSummary(statement, out);
        if (!replayed.isEmpty()) {
            out.printf("captures: %d replayed, %d judged as expected%n", replayed.size(), CaptureReplayJob.asExpected(replayed));
            replayed.stream().filter(r -> !r.asExpected()).forEach(r -> out.println("  MISMATCH " + r.capture() + ": " + r.mismatches()));
        }
        out.println("reports: " + outDir.resolve("index.html"));
    }

    void write() throws IOException {
        final ObjectNode root = JSON.createObjectNode();
        root.put("schema", "mprt-ctk/run-summary/2");
        root.put("kitVersion", statement.kitVersion());
        root.put("seed", seed == null ? "from each scenario's name" : seed.toString());
        root.put("shard", shard);
        final ObjectNode scenarios = root.putObject("scenarios");
        scenarios.put("passed", count(ScenarioResult.Status.PASSED));
        scenarios.put("failed", count(ScenarioResult.Status.FAILED));
        scenarios.put("error", count(ScenarioResult.Status.ERROR));
        scenarios.put("notApplicable", count(ScenarioResult.Status.SKIPPED));
        final ArrayNode failed = scenarios.putArray("failedScenarios");
        outcome.results().stream().filter(r -> r.status() == ScenarioResult.Status.FAILED).forEach(r -> failed.add(r.location()));
        final ArrayNode inError = scenarios.putArray("errorScenarios");
        outcome.results().stream().filter(r -> r.status() == ScenarioResult.Status.ERROR)
            .forEach(r -> inError.addObject().put("location", r.location()).put("message", r.message())
                .put("source", deviceUnderTestError(r) ? "device under test" : "kit"));
        final ArrayNode errors = root.putArray("inputErrors");
        outcome.inputErrors().forEach(errors::add);
        outcome.containerErrors().forEach(errors::add);
        final ArrayNode devices = root.putArray("devices");
        for (final ConformanceStatement.DeviceStatement d : statement.devices()) {
            devices.addObject().put("name", d.name()).put("profile", d.profile()).put("conforming", d.conforming())
                .set("requirements", JSON.valueToTree(d.requirements()));
        }
        final ArrayNode captures = root.putArray("captures");
        for (final CaptureReplay.Result r : replayed) {
            captures.addObject().put("capture", r.capture().toString()).put("asExpected", r.asExpected())
                .set("mismatches", JSON.valueToTree(r.mismatches()));
        }
        root.put("exitCode", exitCode());
        final byte[] json = JSON.writeValueAsBytes(root);
        ReportFiles.writeAtomically(outDir.resolve("summary.json"), o -> o.write(json));
        ReportFiles.writeAtomically(outDir.resolve("index.html"), o -> o.write(indexPage().getBytes(StandardCharsets.UTF_8)));
    }

    private String indexPage() {
        final StringBuilder s = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>mprt-ctk run"
            + "</title><style>body{font-family:system-ui,sans-serif;margin:2em}</style></head><body>\n<h1>mprt-ctk "
            + Html.esc(statement.kitVersion()) + ": run</h1>\n<p>Scenarios: " + count(ScenarioResult.Status.PASSED) + " passed, "
            + count(ScenarioResult.Status.FAILED) + " failed, " + errors() + count(ScenarioResult.Status.SKIPPED) + " not applicable"
            + (shard == null ? "" : " (shard " + Html.esc(shard) + ")") + ".</p>\n<ul>\n"
            + "<li><a href=\"" + StatementWriter.HTML_FILE + "\">Conformance statement</a> (<a href=\"" + StatementWriter.JSON_FILE
            + "\">JSON</a>)</li>\n<li><a href=\"cucumber.html\">Cucumber report</a> with each scenario's capture and verdict page"
            + " (<a href=\"cucumber.json\">JSON</a>, <a href=\"cucumber.ndjson\">messages</a>)</li>\n"
            + "<li><a href=\"junit.xml\">JUnit XML</a></li>\n<li>Per scenario: <code>scenarios/&lt;area&gt;/&lt;feature&gt;/L&lt;line&gt;/"
            + "</code> (capture.pcap, verdict.html, verdict.json, scenario.json)</li>\n");
        if (!replayed.isEmpty()) {
            s.append("<li><a href=\"replay/index.html\">Capture replay</a>: ").append(CaptureReplayJob.asExpected(replayed))
                .append(" of ").append(replayed.size()).append(" as expected</li>\n");
        }
        return s.append("</ul>\n</body></html>\n").toString();
    }

    /**
     * A scenario error that is the device under test's: a device's error in a run against a device of one's
     * own. Against the kit's own devices, every error is the kit's.
     */
    private boolean deviceUnderTestError(final ScenarioResult r) {
        return ownDevice && r.byDevice();
    }

    /** "N in error (no verdict), " when there are such scenarios, else nothing: a run without them reads as before. */
    private String errors() {
        final long n = count(ScenarioResult.Status.ERROR);
        return n == 0 ? "" : n + " in error (no verdict), ";
    }

    /** A failure the input errors already report, with their file and line. */
    private boolean isInputError(final ScenarioResult r) {
        return r.message() != null && outcome.inputErrors().stream().anyMatch(e -> e.endsWith(": " + FirstLine.of(r.message())));
    }
}
