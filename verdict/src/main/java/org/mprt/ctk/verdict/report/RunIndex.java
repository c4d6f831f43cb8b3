package org.mprt.ctk.verdict.report;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.mprt.ctk.verdict.Judgement;
import org.mprt.ctk.verdict.Outcome;
import org.mprt.ctk.verdict.expectation.CaptureReplay;

/** The overview of a run: {@code summary.json} and {@code index.html} linking each capture's page. */
public final class RunIndex {

    private final String kitVersion;

    public RunIndex(final String kitVersion) {
        this.kitVersion = kitVersion;
    }

    public static String counts(final Judgement j) {
        final Map<Outcome, Integer> n = j.counts();
        return n.get(Outcome.PASS) + " pass, " + n.get(Outcome.FAIL) + " fail, " + n.get(Outcome.INCONCLUSIVE)
            + " inconclusive, " + n.get(Outcome.NOT_APPLICABLE) + " n/a";
    }

    public void write(final Path capturesFolder, final List<CaptureReplay.Result> results, final Path outDir)
        throws IOException {
        ReportFiles.writeAtomically(outDir.resolve("summary.json"), out -> {
            try (JsonGenerator g = new JsonFactory().createGenerator(out, JsonEncoding.UTF8)) {
                g.useDefaultPrettyPrinter();
                g.writeStartObject();
                g.writeStringField("schema", "mprt-ctk/run-summary/1");
                g.writeStringField("kitVersion", kitVersion);
                g.writeArrayFieldStart("captures");
                for (final CaptureReplay.Result r : results) {
                    g.writeStartObject();
                    g.writeStringField("capture", capturesFolder.relativize(r.capture()).toString());
                    g.writeBooleanField("asExpected", r.asExpected());
                    if (r.judgement() != null) {
                        g.writeObjectFieldStart("summary");
                        for (final Map.Entry<Outcome, Integer> e : r.judgement().counts().entrySet()) {
                            g.writeNumberField(e.getKey().word(), e.getValue());
                        }
                        g.writeEndObject();
                    } else {
                        g.writeStringField("inputError", r.inputError());
                    }
                    g.writeArrayFieldStart("mismatches");
                    for (final String m : r.mismatches()) {
                        g.writeString(m);
                    }
                    g.writeEndArray();
                    g.writeEndObject();
                }
                g.writeEndArray();
                g.writeEndObject();
            }
        });
        ReportFiles.writeAtomically(outDir.resolve("index.html"), out -> {
            final Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
            w.write("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>mprt-ctk run</title>"
                + "<style>body{font-family:system-ui,sans-serif;margin:2em}table{border-collapse:collapse}"
                + "td,th{border:1px solid #ccc;padding:4px 8px;text-align:left}.ok{background:#e6f4ea}"
                + ".bad{background:#fce8e6}</style></head><body>\n<h1>mprt-ctk " + HtmlReport.esc(kitVersion)
                + ": run</h1>\n<table><tr><th>capture</th><th>result</th><th>verdicts</th><th>mismatches</th></tr>\n");
            for (final CaptureReplay.Result r : results) {
                final String rel = capturesFolder.relativize(r.capture()).toString();
                final String page = "captures/" + capturesFolder.relativize(r.capture().getParent())
                    .resolve(ReportSet.folderName(r.capture())) + "/verdict.html";
                w.write("<tr class=\"" + (r.asExpected() ? "ok" : "bad") + "\"><td>"
                    + (r.judgement() != null ? "<a href=\"" + HtmlReport.esc(page) + "\">" + HtmlReport.esc(rel) + "</a>"
                    : HtmlReport.esc(rel)) + "</td><td>" + (r.asExpected() ? "as expected" : "mismatch") + "</td><td>"
                    + HtmlReport.esc(r.judgement() != null ? counts(r.judgement()) : "input error: " + r.inputError())
                    + "</td><td>" + HtmlReport.esc(String.join("; ", r.mismatches())) + "</td></tr>\n");
            }
            w.write("</table></body></html>\n");
            w.flush();
        });
    }
}
