package org.mprt.ctk.verdict.report;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Collectors;
import org.mprt.ctk.requirement.Requirement;
import org.mprt.ctk.requirement.RequirementCatalogue;
import org.mprt.ctk.verdict.CaptureSummary;
import org.mprt.ctk.verdict.Judgement;
import org.mprt.ctk.verdict.Outcome;
import org.mprt.ctk.verdict.Verdict;

/**
 * A self-contained HTML page for one judgement: no script, no external style sheet, so that it
 * opens from a CI artifact without a network. Failures come first.
 */
public final class HtmlReport {

    private final RequirementCatalogue catalogue;
    private final String kitVersion;

    public HtmlReport(final RequirementCatalogue catalogue, final String kitVersion) {
        this.catalogue = catalogue;
        this.kitVersion = kitVersion;
    }

    public void write(final Judgement judgement, final Path file) throws IOException {
        ReportFiles.writeAtomically(file, out -> {
            final Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
            write(judgement, w);
            w.flush();
        });
    }

    void write(final Judgement j, final Writer w) throws IOException {
        final CaptureSummary c = j.capture();
        w.write("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>Verdicts: ");
        w.write(esc(fileName(c.file())));
        w.write("</title>\n<style>\n");
        w.write("body{font-family:system-ui,sans-serif;margin:2em;color:#222}"
            + "table{border-collapse:collapse;width:100%}th,td{border:1px solid #ccc;padding:4px 8px;"
            + "text-align:left;vertical-align:top;font-size:14px}th{background:#f0f0f0}"
            + ".pass{background:#e6f4ea}.fail{background:#fce8e6}.inconclusive{background:#fef7e0}"
            + ".not-applicable{color:#777}code{font-size:13px}.req{font-size:12px;color:#555}\n");
        w.write("</style></head><body>\n<h1>Verdicts for <code>");
        w.write(esc(c.file()));
        w.write("</code></h1>\n<p>mprt-ctk ");
        w.write(esc(kitVersion));
        w.write(" · ");
        w.write(esc(c.format()));
        w.write(" · sha256 <code>");
        w.write(esc(c.sha256()));
        w.write("</code></p>\n<p>");
        w.write(c.frames() + " frames: " + c.mprtFrames() + " MPRT, " + c.rocev2Frames() + " RoCEv2, "
            + c.snappedFrames() + " snapped (cut short by the capture; headers judged), " + c.unidentifiedFrames()
            + " unidentified (cut before their UDP port), " + c.malformedFrames() + " malformed, " + c.otherFrames()
            + " other (skipped).</p>\n<p>");
        final Map<Outcome, Integer> counts = j.counts();
        w.write(counts.entrySet().stream().map(e -> e.getValue() + " " + e.getKey().word())
            .collect(Collectors.joining(" · ")));
        w.write("</p>\n<table>\n<tr><th>requirement</th><th>outcome</th><th>explanation</th><th>frames</th>"
            + "<th>checked</th></tr>\n");
        for (final Outcome order : new Outcome[] {Outcome.FAIL, Outcome.INCONCLUSIVE, Outcome.PASS,
            Outcome.NOT_APPLICABLE}) {
            for (final Verdict v : j.verdicts()) {
                if (v.outcome() == order) {
                    row(w, v);
                }
            }
        }
        w.write("</table>\n</body></html>\n");
    }

    private void row(final Writer w, final Verdict v) throws IOException {
        final Requirement r = catalogue.get(v.requirementId());
        w.write("<tr class=\"" + v.outcome().word() + "\"><td><b>" + esc(v.requirementId()) + "</b> ("
            + esc(r.keyword().toString()) + ")<div class=\"req\">" + esc(r.section()) + ": "
            + esc(r.text()) + "</div></td><td>" + v.outcome().word() + "</td><td>" + esc(v.explanation())
            + "</td><td>" + v.frames().stream().map(String::valueOf).collect(Collectors.joining(", "))
            + "</td><td>" + v.checked() + "</td></tr>\n");
    }

    private static String fileName(final String path) {
        final int slash = path.lastIndexOf('/');
        return slash < 0 ? path : path.substring(slash + 1);
    }

    static String esc(final String s) {
        final StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            final char ch = s.charAt(i);
            switch (ch) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                default -> b.append(ch);
            }
        }
        return b.toString();
    }
}
