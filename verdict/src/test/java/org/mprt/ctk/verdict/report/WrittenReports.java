package org.mprt.ctk.verdict.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import org.mprt.ctk.requirement.RequirementCatalogue;
import org.mprt.ctk.verdict.Judgement;

/** A judgement's console summary and reports, as the tests that read what a report says about a capture want them. */
final class WrittenReports {

    private WrittenReports() {
    }

    static String console(final Judgement j) {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        ConsoleSummary.print(j, new PrintStream(out, true, StandardCharsets.UTF_8));
        return out.toString(StandardCharsets.UTF_8);
    }

    static String html(final Judgement j) throws IOException {
        final StringWriter out = new StringWriter();
        new HtmlReport(RequirementCatalogue.fromClasspath(), "test").write(j, out);
        return out.toString();
    }

    static String junit(final Judgement j) throws IOException {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        new JunitReport("test").write(j, out);
        return out.toString(StandardCharsets.UTF_8);
    }

    static JsonNode json(final Judgement j) throws IOException {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        new JsonReport(RequirementCatalogue.fromClasspath(), "test").write(j, out);
        return new ObjectMapper().readTree(out.toByteArray());
    }
}
