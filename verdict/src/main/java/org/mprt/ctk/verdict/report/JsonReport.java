package org.mprt.ctk.verdict.report;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.net.InetAddress;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.Map;
import org.mprt.ctk.requirement.Requirement;
import org.mprt.ctk.requirement.RequirementCatalogue;
import org.mprt.ctk.verdict.CaptureSummary;
import org.mprt.ctk.verdict.DirectionSummary;
import org.mprt.ctk.verdict.JudgedWith;
import org.mprt.ctk.verdict.Judgement;
import org.mprt.ctk.verdict.Outcome;
import org.mprt.ctk.verdict.Verdict;
import org.mprt.ctk.verdict.state.CapturePoint;

/**
 * Writes a judgement as JSON in the format of {@code verdict/verdict-report.schema.json}
 * (schema id {@value #SCHEMA}). Field order is fixed and nothing depends on the wall clock, so the
 * same capture always gives the same bytes.
 */
public final class JsonReport {

    public static final String SCHEMA = "mprt-ctk/verdict-report/1";

    private final RequirementCatalogue catalogue;
    private final String kitVersion;

    public JsonReport(final RequirementCatalogue catalogue, final String kitVersion) {
        this.catalogue = catalogue;
        this.kitVersion = kitVersion;
    }

    public void write(final Judgement judgement, final Path file) throws IOException {
        ReportFiles.writeAtomically(file, out -> write(judgement, out));
    }

    public void write(final Judgement judgement, final OutputStream out) throws IOException {
        try (JsonGenerator g = new JsonFactory().createGenerator(out, JsonEncoding.UTF8)) {
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeStringField("schema", SCHEMA);
            g.writeObjectFieldStart("kit");
            g.writeStringField("name", "mprt-ctk");
            g.writeStringField("version", kitVersion);
            g.writeEndObject();
            writeCapture(g, judgement.capture());
            writeJudgedWith(g, judgement.judgedWith());
            g.writeObjectFieldStart("summary");
            for (final Map.Entry<Outcome, Integer> e : judgement.counts().entrySet()) {
                g.writeNumberField(e.getKey().word(), e.getValue());
            }
            g.writeEndObject();
            g.writeArrayFieldStart("verdicts");
            for (final Verdict v : judgement.verdicts()) {
                writeVerdict(g, v);
            }
            g.writeEndArray();
            g.writeArrayFieldStart("directions");
            for (final DirectionSummary d : judgement.directions()) {
                writeDirection(g, d);
            }
            g.writeEndArray();
            g.writeEndObject();
        }
    }

    private static void writeJudgedWith(final JsonGenerator g, final JudgedWith w) throws IOException {
        g.writeObjectFieldStart("judgedWith");
        final JudgedWith.Declaration d = w.declaration();
        if (d != null) {
            g.writeObjectFieldStart("pics");
            g.writeStringField("source", d.source());
            g.writeStringField("profile", d.profile());
            g.writeStringField("implementation", d.implementation());
            g.writeStringField("version", d.version());
            g.writeEndObject();
        }
        g.writeNumberField("judgingToleranceNs", w.timers().judgingToleranceNs());
        g.writeObjectFieldStart("timers");
        for (final Map.Entry<String, Number> e : w.timers().table().entrySet()) {
            if (e.getValue() instanceof Double) {
                g.writeNumberField(e.getKey(), e.getValue().doubleValue());
            } else {
                g.writeNumberField(e.getKey(), e.getValue().longValue());
            }
        }
        g.writeEndObject();
        g.writeArrayFieldStart("takenAt");
        for (final CapturePoint.Address a : w.capturePoint().addresses()) {
            g.writeString(a.toString());
        }
        g.writeEndArray();
        g.writeBooleanField("fromConnectionStart", w.fromConnectionStart());
        if (!w.scriptedSenders().isEmpty()) {
            g.writeArrayFieldStart("scriptedSenders");
            for (final InetAddress a : w.scriptedSenders()) {
                g.writeString(a.getHostAddress());
            }
            g.writeEndArray();
        }
        g.writeEndObject();
    }

    private static void writeDirection(final JsonGenerator g, final DirectionSummary d) throws IOException {
        g.writeStartObject();
        g.writeStringField("profile", d.profile());
        g.writeStringField("direction", d.direction());
        g.writeStringField("capturedAt", d.sideName());
        g.writeStringField("why", d.why());
        g.writeBooleanField("fromStart", d.fromStart());
        if (d.midConnectionReason() != null) {
            g.writeStringField("midConnection", d.midConnectionReason());
        }
        g.writeEndObject();
    }

    private static void writeCapture(final JsonGenerator g, final CaptureSummary c) throws IOException {
        g.writeObjectFieldStart("capture");
        g.writeStringField("file", c.file());
        g.writeStringField("sha256", c.sha256());
        g.writeStringField("format", c.format());
        g.writeNumberField("frames", c.frames());
        g.writeNumberField("rocev2Frames", c.rocev2Frames());
        g.writeNumberField("mprtFrames", c.mprtFrames());
        g.writeNumberField("snappedFrames", c.snappedFrames());
        g.writeNumberField("unidentifiedFrames", c.unidentifiedFrames());
        g.writeNumberField("malformedFrames", c.malformedFrames());
        g.writeNumberField("otherFrames", c.otherFrames());
        g.writeNumberField("untrackedFrames", c.untrackedFrames());
        g.writeNumberField("duplicateFrames", c.duplicateFrames());
        g.writeNumberField("encapsulatedFrames", c.encapsulatedFrames());
        g.writeObjectFieldStart("clockStepsBack");
        g.writeNumberField("count", c.clockStepsBack().count());
        g.writeNumberField("firstFrame", c.clockStepsBack().firstFrame());
        g.writeNumberField("largestNs", c.clockStepsBack().largestNs());
        g.writeEndObject();
        g.writeObjectFieldStart("overlongFractions");
        g.writeNumberField("count", c.overlongFractions().count());
        g.writeNumberField("firstFrame", c.overlongFractions().firstFrame());
        g.writeNumberField("firstFractionNs", c.overlongFractions().firstFractionNs());
        g.writeEndObject();
        g.writeObjectFieldStart("understatedLengths");
        g.writeNumberField("count", c.understatedLengths().count());
        g.writeNumberField("firstFrame", c.understatedLengths().firstFrame());
        g.writeNumberField("firstCaptured", c.understatedLengths().firstCaptured());
        g.writeNumberField("firstStated", c.understatedLengths().firstStated());
        g.writeEndObject();
        g.writeObjectFieldStart("unreadLinkTypes");
        g.writeNumberField("count", c.unreadLinkTypes().count());
        g.writeNumberField("firstFrame", c.unreadLinkTypes().firstFrame());
        g.writeArrayFieldStart("linkTypes");
        for (final int type : c.unreadLinkTypes().linkTypes()) {
            g.writeNumber(type);
        }
        g.writeEndArray();
        g.writeEndObject();
        g.writeObjectFieldStart("untimedFrames");
        g.writeNumberField("count", c.untimedFrames().count());
        g.writeNumberField("firstFrame", c.untimedFrames().firstFrame());
        g.writeEndObject();
        g.writeEndObject();
    }

    private void writeVerdict(final JsonGenerator g, final Verdict v) throws IOException {
        final Requirement r = catalogue.get(v.requirementId());
        g.writeStartObject();
        g.writeStringField("requirement", v.requirementId());
        g.writeStringField("keyword", r.keyword().toString());
        g.writeStringField("verifiable", r.verifiable().toString());
        g.writeStringField("section", r.section());
        g.writeStringField("outcome", v.outcome().word());
        g.writeNumberField("checked", v.checked());
        g.writeNumberField("violations", v.violations());
        g.writeArrayFieldStart("frames");
        for (final long f : v.frames()) {
            g.writeNumber(f);
        }
        g.writeEndArray();
        g.writeStringField("explanation", v.explanation());
        g.writeEndObject();
    }
}
