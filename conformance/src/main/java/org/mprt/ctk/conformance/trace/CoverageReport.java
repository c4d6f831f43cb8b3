package org.mprt.ctk.conformance.trace;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.mprt.ctk.conformance.statement.Html;
import org.mprt.ctk.requirement.Requirement;
import org.mprt.ctk.requirement.RequirementCatalogue;
import org.mprt.ctk.verdict.report.ReportFiles;

/**
 * Requirement to scenario traceability: every requirement of the spec with the scenarios that
 * verify it (by their tags), whether the verdict engine has a rule for it, and the MUST and MUST
 * NOT requirements a capture could verify that no scenario verifies yet.
 *
 * @param requirements one line per requirement of the spec, in the spec's order
 * @param uncoveredMustCapture the MUST / MUST NOT capture requirements without a scenario
 * @param problems     traceability problems of the features (see {@link Traceability})
 */
public record CoverageReport(String schema, List<Line> requirements, List<String> uncoveredMustCapture, List<String> problems) {

    public static final String SCHEMA = "mprt-ctk/coverage/1";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** One requirement and the scenarios that verify it. */
    public record Line(String id, String keyword, String verifiable, boolean rule, List<String> scenarios) {
    }

    public static CoverageReport of(final FeatureIndex index) {
        final Traceability trace = new Traceability();
        final List<Line> lines = new ArrayList<>();
        final List<String> uncovered = new ArrayList<>();
        for (final Requirement r : RequirementCatalogue.fromClasspath().all()) {
            final List<String> scenarios = index.scenarios().stream().filter(s -> s.requirementIds().contains(r.id()))
                .map(s -> s.location() + " " + s.name()).toList();
            lines.add(new Line(r.id(), r.keyword().toString(), r.verifiable().toString(), trace.ruledRequirements().contains(r.id()),
                scenarios));
            if (scenarios.isEmpty() && r.keyword().absolute() && r.verifiable() == Requirement.Verifiable.CAPTURE) {
                uncovered.add(r.id());
            }
        }
        final List<String> problems = new ArrayList<>(index.parseErrors());
        problems.addAll(trace.problems(index.scenarios()));
        return new CoverageReport(SCHEMA, lines, uncovered, problems);
    }

    public long covered() {
        return requirements.stream().filter(l -> !l.scenarios().isEmpty()).count();
    }

    public void print(final PrintStream out) {
        for (final Line l : requirements) {
            out.printf("%-14s %-8s %-11s %-7s %d scenario(s)%s%n", l.id(), l.keyword(), l.verifiable(), l.rule() ? "rule" : "no rule",
                l.scenarios().size(), l.scenarios().isEmpty() ? "" : ": " + String.join(", ", l.scenarios().stream()
                    .map(s -> s.substring(0, s.indexOf(' '))).toList()));
        }
        out.printf("%nrequirements: %d, with scenarios %d, without %d%n", requirements.size(), covered(),
            requirements.size() - covered());
        out.printf("MUST / MUST NOT capture requirements without a scenario: %d%s%n", uncoveredMustCapture.size(),
            uncoveredMustCapture.isEmpty() ? "" : " (" + String.join(", ", uncoveredMustCapture) + ")");
        for (final String p : problems) {
            out.println("problem: " + p);
        }
    }

    public void write(final Path dir) throws IOException {
        final byte[] json = JSON.writeValueAsBytes(this);
        ReportFiles.writeAtomically(dir.resolve("coverage.json"), out -> out.write(json));
        ReportFiles.writeAtomically(dir.resolve("coverage.html"), out -> {
            final Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
            w.write("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Requirement coverage</title><style>"
                + "body{font-family:system-ui,sans-serif;margin:2em}table{border-collapse:collapse}td,th{border:1px solid #ccc;"
                + "padding:4px 8px;text-align:left;vertical-align:top}.none{color:#666}</style></head><body>\n"
                + "<h1>Requirement coverage</h1>\n<p>" + covered() + " of " + requirements.size() + " requirements have scenarios; "
                + uncoveredMustCapture.size() + " MUST / MUST NOT capture requirements have none.</p>\n<table><tr><th>requirement"
                + "</th><th>key word</th><th>kind</th><th>rule</th><th>scenarios</th></tr>\n");
            for (final Line l : requirements) {
                w.write("<tr" + (l.scenarios().isEmpty() ? " class=\"none\"" : "") + "><td>" + Html.esc(l.id()) + "</td><td>"
                    + Html.esc(l.keyword()) + "</td><td>" + Html.esc(l.verifiable()) + "</td><td>" + (l.rule() ? "yes" : "no")
                    + "</td><td>" + Html.esc(String.join("\n", l.scenarios())).replace("\n", "<br>") + "</td></tr>\n");
            }
            w.write("</table>\n</body></html>\n");
            w.flush();
        });
    }
}
