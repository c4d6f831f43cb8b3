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
        return report(capture, CaptureJudge.standard());
    }

    private static JsonNode report(final String capture, final CaptureJudge judge) throws Exception {
        final ObjectNode schemaNode = (ObjectNode) JSON.readTree(Files.readString(Path.of("verdict-report.schema.json")));
        // The $id names the report format, not a URI the validator could resolve.
        schemaNode.remove("$id");
        final Schema schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(schemaNode);
        final Judgement j = judge.judge(Path.of("..", "captures").resolve(capture));
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
    void shouldSayWhatTheCaptureWasJudgedWith(@org.junit.jupiter.api.io.TempDir final Path dir) throws Exception {
        final JsonNode defaults = report("behaviour/mprt-receiver-faults-loopback.pcap").path("judgedWith");
        assertThat(defaults.has("pics")).isFalse();
        assertThat(defaults.path("judgingToleranceNs").asLong()).isEqualTo(10_000);
        assertThat(defaults.path("timers").path("ACK_COALESCE_DELAY").asLong()).isEqualTo(8_000);
        assertThat(defaults.path("timers").path("GUIDANCE_TOLERANCE").asDouble()).isEqualTo(10);
        assertThat(defaults.path("takenAt")).isEmpty();
        assertThat(defaults.path("fromConnectionStart").asBoolean()).isFalse();

        final Path pics = dir.resolve("own.yaml");
        Files.writeString(pics, Files.readString(Path.of("..", "spec", "pics", "reference-mprt.yaml"))
            .replace("timers: {}", "timers: {ACK_COALESCE_DELAY: 32000}").replace("judgingToleranceNs: 10000",
                "judgingToleranceNs: 50000"));
        final JsonNode declared = report("behaviour/mprt-receiver-faults-loopback.pcap",
            CaptureJudge.declaring(org.mprt.ctk.pics.Pics.load(pics)).fromConnectionStart()
                .takenAt(java.util.List.of(java.net.InetAddress.getByName("10.0.0.2")))).path("judgedWith");
        assertThat(declared.path("pics").path("source").asText()).isEqualTo(pics.toString());
        assertThat(declared.path("pics").path("implementation").asText()).isEqualTo("mprt-ctk reference implementation");
        assertThat(declared.path("pics").path("profile").asText()).isEqualTo("mprt-0.1");
        assertThat(declared.path("judgingToleranceNs").asLong()).isEqualTo(50_000);
        assertThat(declared.path("timers").path("ACK_COALESCE_DELAY").asLong()).isEqualTo(32_000);
        assertThat(declared.path("timers").path("ACK_REQ_DELAY").asLong()).isEqualTo(2_000);
        assertThat(declared.path("takenAt").get(0).asText()).isEqualTo("10.0.0.2");
        assertThat(declared.path("fromConnectionStart").asBoolean()).isTrue();
        assertThat(declared.has("scriptedSenders")).isFalse();

        final JsonNode probe = report("behaviour/mprt-receiver-refused-psn.pcap", CaptureJudge.standard()
            .scriptedBy(java.util.List.of(java.net.InetAddress.getByName("10.0.0.1")))).path("judgedWith");
        assertThat(probe.path("scriptedSenders").get(0).asText()).isEqualTo("10.0.0.1");
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
