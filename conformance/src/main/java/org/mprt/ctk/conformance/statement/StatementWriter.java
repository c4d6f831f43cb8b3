package org.mprt.ctk.conformance.statement;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.mprt.ctk.verdict.report.ReportFiles;

/**
 * Writes a conformance statement as {@code conformance-statement.json} and
 * {@code conformance-statement.html}, and prints its one-screen summary.
 */
public final class StatementWriter {

    public static final String JSON_FILE = "conformance-statement.json";
    public static final String HTML_FILE = "conformance-statement.html";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private StatementWriter() {
    }

    public static void write(final ConformanceStatement statement, final Path dir) throws IOException {
        final byte[] json = JSON.writeValueAsBytes(statement);
        ReportFiles.writeAtomically(dir.resolve(JSON_FILE), out -> out.write(json));
        ReportFiles.writeAtomically(dir.resolve(HTML_FILE), out -> {
            final Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
            html(statement, w);
            w.flush();
        });
    }

    public static ConformanceStatement read(final Path file) throws IOException {
        return JSON.readValue(file.toFile(), ConformanceStatement.class);
    }

    /** A few lines per device: its verdict counts and every failed requirement. */
    public static void printSummary(final ConformanceStatement statement, final PrintStream out) {
        for (final ConformanceStatement.DeviceStatement d : statement.devices()) {
            final ConformanceStatement.ScenarioCounts s = d.scenarios();
            final ConformanceStatement.Counts r = d.requirements();
            out.printf("%s (%s, PICS %s): %s%n", d.name(), d.profile(), d.pics(), d.conforming() ? "no MUST failed" : "NOT CONFORMING");
            out.printf("  scenarios:    %d passed, %d failed, %s%d not applicable%n", s.pass(), s.fail(),
                s.error() == 0 ? "" : s.error() + " in error (no verdict), ", s.notApplicable());
            out.printf("  requirements: %d passed, %d failed, %d inconclusive, %d not applicable, %d untested (of %d)%n",
                r.pass(), r.fail(), r.inconclusive(), r.notApplicable(), r.untested(), r.total());
            for (final ConformanceStatement.RequirementStatement v : d.verdicts()) {
                if (v.verdict().equals("fail")) {
                    out.printf("  FAIL %s (%s): %s%n", v.id(), v.keyword(), v.evidence().stream()
                        .filter(e -> e.outcome().equals("fail")).map(e -> e.location() + ": " + e.explanation()).findFirst().orElse(""));
                }
            }
        }
        final long caught = statement.mutants().stream().filter(ConformanceStatement.MutantCheck::caught).count();
        if (!statement.mutants().isEmpty()) {
            out.printf("mutants: %d of %d caught by their rules%n", caught, statement.mutants().size());
        }
        for (final ConformanceStatement.MutantCheck m : statement.mutants()) {
            if (!m.caught()) {
                out.printf("  NOT CAUGHT %s: %s%n", m.location(), m.name());
            }
        }
    }

    private static void html(final ConformanceStatement s, final Writer w) throws IOException {
        w.write("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Conformance statement</title>"
            + "<style>body{font-family:system-ui,sans-serif;margin:2em}table{border-collapse:collapse;margin-bottom:2em}"
            + "td,th{border:1px solid #ccc;padding:4px 8px;text-align:left;vertical-align:top}.pass{background:#e6f4ea}"
            + ".fail{background:#fce8e6}.inconclusive{background:#fef7e0}.untested,.not-applicable{color:#666}</style>"
            + "</head><body>\n<h1>Conformance statement</h1>\n<p>mprt-ctk " + esc(s.kitVersion()) + "; " + esc(s.specVersions())
            + "</p>\n");
        for (final ConformanceStatement.DeviceStatement d : s.devices()) {
            final ConformanceStatement.Counts r = d.requirements();
            w.write("<h2>" + esc(d.name()) + " (" + esc(d.profile()) + ")</h2>\n<p>Implementation: " + esc(d.implementation())
                + ". PICS: " + esc(d.pics()) + ". "
                + (d.conforming() ? "No MUST or MUST NOT requirement failed." : "<strong>Not conforming</strong>: a MUST failed, or a scenario failed or ended in an error before its verdict.")
                + " Requirements: " + r.pass() + " pass, " + r.fail() + " fail, " + r.inconclusive() + " inconclusive, "
                + r.notApplicable() + " not applicable, " + r.untested() + " untested.</p>\n<table><tr><th>requirement</th>"
                + "<th>key word</th><th>kind</th><th>verdict</th><th>scenarios</th></tr>\n");
            for (final ConformanceStatement.RequirementStatement v : d.verdicts()) {
                w.write("<tr class=\"" + esc(v.verdict()) + "\"><td>" + esc(v.id()) + "</td><td>" + esc(v.keyword()) + "</td><td>"
                    + esc(v.verifiable()) + "</td><td>" + esc(v.verdict()) + "</td><td>");
                for (final ConformanceStatement.Evidence e : v.evidence()) {
                    w.write(esc(e.outcome()) + ": " + esc(e.location()) + " " + esc(e.name()) + (e.seed() != 0 ? " (seed " + e.seed() + ")" : "")
                        + "<br>");
                }
                w.write("</td></tr>\n");
            }
            w.write("</table>\n");
        }
        if (!s.mutants().isEmpty()) {
            w.write("<h2>The kit's own check: mutants</h2>\n<table><tr><th>scenario</th><th>mutant</th><th>requirements</th>"
                + "<th>caught</th></tr>\n");
            for (final ConformanceStatement.MutantCheck m : s.mutants()) {
                w.write("<tr class=\"" + (m.caught() ? "pass" : "fail") + "\"><td>" + esc(m.location()) + " " + esc(m.name()) + "</td><td>"
                    + esc(m.device()) + "</td><td>" + esc(String.join(", ", m.requirements())) + "</td><td>" + (m.caught() ? "yes" : "no")
                    + "</td></tr>\n");
            }
            w.write("</table>\n");
        }
        w.write("</body></html>\n");
    }

    private static String esc(final String s) {
        return Html.esc(s);
    }
}
