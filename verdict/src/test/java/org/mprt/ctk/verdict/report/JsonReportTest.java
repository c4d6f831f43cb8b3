package org.mprt.ctk.verdict.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.requirement.RequirementCatalogue;
import org.mprt.ctk.verdict.CaptureJudge;
import org.mprt.ctk.verdict.Judgement;

/** The JSON report keeps to verdict/verdict-report.schema.json, and counts every frame once. */
class JsonReportTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode report(final String capture) throws Exception {
        final ObjectNode schemaNode = (ObjectNode) JSON.readTree(Files.readString(Path.of("verdict-report.schema.json")));
        // The $id names the report format, not a URI the validator could resolve.
        schemaNode.remove("$id");
        final Schema schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(schemaNode);
        final Judgement j = CaptureJudge.standard().judge(Path.of("..", "captures").resolve(capture));
        final ByteArrayOutputStream out = new ByteArrayOutputStream();

        new JsonReport(RequirementCatalogue.fromClasspath(), "test").write(j, out);

        final JsonNode report = JSON.readTree(out.toByteArray());
        assertThat(schema.validate(report)).isEmpty();
        return report;
    }

    @Test
    void shouldWriteAReportTheSchemaAcceptsWithSnappedAndUnidentifiedFramesCountedApart() throws Exception {
        final JsonNode capture = report("behaviour/mprt-receiver-faults-snap128.pcap").path("capture");

        assertThat(capture.path("snappedFrames").asLong()).isEqualTo(9);
        assertThat(capture.path("encapsulatedFrames").asLong()).isZero();
        assertThat(capture.path("rocev2Frames").asLong() + capture.path("mprtFrames").asLong()
            + capture.path("snappedFrames").asLong() + capture.path("unidentifiedFrames").asLong()
            + capture.path("malformedFrames").asLong() + capture.path("otherFrames").asLong()
            + capture.path("duplicateFrames").asLong())
            .isEqualTo(capture.path("frames").asLong());
    }

    @Test
    void shouldCountTheFramesUnwrappedFromAMirrorsEncapsulation() throws Exception {
        final JsonNode mirrored = report("wire/mprt-bad-headers-erspan.pcap").path("capture");
        final JsonNode direct = report("wire/mprt-bad-headers.pcap").path("capture");

        assertThat(mirrored.path("encapsulatedFrames").asLong()).isEqualTo(mirrored.path("frames").asLong()).isEqualTo(12);
        assertThat(direct.path("encapsulatedFrames").asLong()).isZero();
        for (final String count : new String[] {"rocev2Frames", "mprtFrames", "snappedFrames", "unidentifiedFrames",
            "malformedFrames", "otherFrames", "duplicateFrames"}) {
            assertThat(mirrored.path(count).asLong()).as(count).isEqualTo(direct.path(count).asLong());
        }
    }

    @Test
    void shouldListEveryDirectionWithWhereTheCaptureStandsAndWhy() throws Exception {
        final JsonNode loopback = report("behaviour/mprt-receiver-faults-loopback.pcap").path("directions");
        final JsonNode cooked = report("wire/mprt-bad-headers-sll2.pcap").path("directions");

        assertThat(loopback).isNotEmpty();
        for (final JsonNode d : loopback) {
            assertThat(d.path("capturedAt").asText()).as(d.toString()).isEqualTo("both-ends");
            assertThat(d.path("why").asText()).contains("loopback device");
        }
        final JsonNode fromA = cooked.get(0);
        assertThat(fromA.path("profile").asText()).isEqualTo("MPRT");
        assertThat(fromA.path("direction").asText()).isEqualTo("DestQP 0x000100, SCN 0x000200");
        assertThat(fromA.path("capturedAt").asText()).isEqualTo("sender");
        assertThat(fromA.path("why").asText()).contains("Linux cooked headers");
    }
}
