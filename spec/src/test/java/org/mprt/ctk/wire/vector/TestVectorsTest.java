package org.mprt.ctk.wire.vector;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.mprt.ctk.wire.HeaderLayout;
import org.mprt.ctk.wire.decode.DecodeStatus;
import org.mprt.ctk.wire.decode.DecodedPacket;
import org.mprt.ctk.wire.decode.FieldCatalog;
import org.mprt.ctk.wire.encode.FrameEncoder;
import org.mprt.ctk.wire.opcode.Opcode;
import org.mprt.ctk.wire.opcode.OpcodeTable;

/** The hex vectors of spec/vectors: each decodes as it says, and each valid one round-trips. */
class TestVectorsTest {

    private static final List<TestVector> VECTORS = VectorLoader.fromClasspath();
    private static final Pattern REQUIREMENT_ID = Pattern.compile("(MPRT|ROCE)-[A-Z]+-\\d{3}");

    @TestFactory
    Stream<DynamicTest> shouldDecodeEveryVectorAsItsFileExpects() {
        return VECTORS.stream().map(vector -> DynamicTest.dynamicTest(vector.source(),
            () -> assertThat(VectorVerifier.verify(vector)).as(vector.source()).isEmpty()));
    }

    @TestFactory
    Stream<DynamicTest> shouldReencodeEveryValidVectorToTheSameBytes() {
        return VECTORS.stream().filter(v -> v.expectation().status() == DecodeStatus.OK)
            .map(vector -> DynamicTest.dynamicTest(vector.source(), () -> {
                final DecodedPacket packet = new DecodedPacket();
                assertThat(VectorVerifier.decode(vector, packet)).isEqualTo(DecodeStatus.OK);
                final byte[] out = new byte[vector.frame().length + 64];
                final int length = new FrameEncoder().configureFrom(packet).begin(out, 0).copyHeadersFrom(packet).finish();
                assertThat(Arrays.copyOf(out, length)).isEqualTo(vector.frame());
            }));
    }

    @Test
    void shouldReadTheSameVectorsFromTheSourceFolderAsFromTheClasspath() {
        final List<TestVector> fromSource = VectorLoader.fromDirectory(Path.of("vectors"));
        assertThat(fromSource).hasSameSizeAs(VECTORS);
        for (int i = 0; i < VECTORS.size(); i++) {
            assertThat(fromSource.get(i).source()).isEqualTo(VECTORS.get(i).source());
            assertThat(fromSource.get(i).frame()).isEqualTo(VECTORS.get(i).frame());
        }
    }

    @Test
    void shouldHaveAValidVectorForEveryOpcodeAndEveryHeader() {
        final Set<String> opcodes = new TreeSet<>();
        final Set<HeaderLayout> headers = new java.util.HashSet<>();
        final DecodedPacket packet = new DecodedPacket();
        for (final TestVector vector : VECTORS) {
            if (VectorVerifier.decode(vector, packet) == DecodeStatus.OK) {
                opcodes.add(packet.opcode().fullName());
                for (int i = 0; i < packet.extensions().count(); i++) {
                    headers.add(packet.extensions().layout(i));
                }
            }
        }
        final List<String> mprt = new ArrayList<>();
        for (final Opcode opcode : OpcodeTable.all()) {
            if (opcode.service() != org.mprt.ctk.wire.opcode.TransportService.UC
                && opcode.service() != org.mprt.ctk.wire.opcode.TransportService.RC) {
                mprt.add(opcode.fullName());
            }
            headers.removeAll(opcode.headers());
        }
        assertThat(opcodes).containsAll(mprt);
        assertThat(headers).isEmpty();
        final Set<HeaderLayout> missing = new java.util.HashSet<>();
        for (final Opcode opcode : OpcodeTable.all()) {
            missing.addAll(opcode.headers());
        }
        for (final TestVector vector : VECTORS) {
            if (VectorVerifier.decode(vector, packet) == DecodeStatus.OK) {
                for (int i = 0; i < packet.extensions().count(); i++) {
                    missing.remove(packet.extensions().layout(i));
                }
            }
        }
        assertThat(missing).isEmpty();
    }

    @Test
    void shouldHaveAnInvalidVectorForEveryStructuralError() {
        final Set<String> errorFields = new TreeSet<>();
        for (final TestVector vector : VECTORS) {
            if (vector.expectation().fieldId() != null) {
                errorFields.add(vector.expectation().status() + " " + vector.expectation().fieldId());
            }
        }
        assertThat(errorFields).contains(
            "MALFORMED bth.dest_qp", "MALFORMED mprt.mdeth.virtual_address", "MALFORMED mprt.maeth.record.cmsn",
            "ICRC_MISMATCH roce.icrc", "MALFORMED udp.length", "MALFORMED ipv4.total_length", "MALFORMED bth.opcode",
            "MALFORMED mprt.maeth.record_count", "MALFORMED bth.tver", "MALFORMED bth.pad_cnt", "MALFORMED ipv4.flags.mf",
            "MALFORMED ipv6.payload_length", "MALFORMED roce.icrc");
    }

    @Test
    void shouldUseOnlyKnownFieldIdsAndRequirementIdsOfTheSpec() throws IOException {
        final String spec = Files.readString(Path.of("mprt-v0.1.md"), StandardCharsets.UTF_8)
            + Files.readString(Path.of("rocev2-baseline.md"), StandardCharsets.UTF_8);
        for (final TestVector vector : VECTORS) {
            for (final FieldExpectation field : vector.fields()) {
                if (!field.fieldId().startsWith("packet.")) {
                    assertThat(FieldCatalog.byId(field.fieldId())).as(vector.source() + " " + field).isNotNull();
                }
            }
            if (vector.expectation().fieldId() != null) {
                assertThat(FieldCatalog.byId(vector.expectation().fieldId())).as(vector.source()).isNotNull();
            }
            for (final String requirement : vector.requirements()) {
                final Matcher matcher = REQUIREMENT_ID.matcher(requirement);
                assertThat(matcher.matches()).as(vector.source() + " " + requirement).isTrue();
                assertThat(spec).as(vector.source() + " names a requirement of the spec").contains("**" + requirement + "**");
            }
        }
    }

    @Test
    void shouldNameEachFileByItsExpectation() {
        for (final TestVector vector : VECTORS) {
            final String id = vector.id();
            final DecodeStatus expected = id.startsWith("malformed-") ? DecodeStatus.MALFORMED
                : id.contains("icrc-mismatch") ? DecodeStatus.ICRC_MISMATCH
                : id.startsWith("not-roce-") ? DecodeStatus.NOT_ROCE
                : id.startsWith("snapped-") ? DecodeStatus.SNAPPED
                : id.startsWith("unidentified-") ? DecodeStatus.UNIDENTIFIED : DecodeStatus.OK;
            assertThat(vector.expectation().status()).as(vector.source()).isEqualTo(expected);
        }
    }

    @Test
    void shouldGiveAnOriginalLengthExactlyToTheVectorsOfSnappedFrames() {
        final DecodedPacket packet = new DecodedPacket();
        int snapped = 0;
        for (final TestVector vector : VECTORS) {
            assertThat(vector.isSnapped()).as(vector.source()).isEqualTo(vector.id().contains("snapped-"));
            if (vector.isSnapped()) {
                snapped++;
                VectorVerifier.decode(vector, packet);
                assertThat(packet.isSnapped()).as(vector.source()).isTrue();
                assertThat(packet.originalLengthBytes()).isEqualTo(vector.originalLength());
                if (packet.status() == DecodeStatus.MALFORMED) {
                    assertThat(packet.error().isCutByCapture()).as(vector.source()).isTrue();
                }
            }
        }
        assertThat(snapped).isGreaterThanOrEqualTo(3);
    }
}
