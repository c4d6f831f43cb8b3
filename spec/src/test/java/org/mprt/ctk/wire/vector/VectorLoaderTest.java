package org.mprt.ctk.wire.vector;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.wire.decode.DecodeStatus;

class VectorLoaderTest {

    private static final List<String> EXAMPLE = List.of(
        "# id: example",
        "# description: a frame",
        "# requirement: MPRT-WIRE-001, ROCE-ICRC-001",
        "# starts-at: ipv4",
        "# original-length: 1100",
        "# expect: malformed field=bth.tver offset=29",
        "# field: bth.psn=0x11",
        "# field: mprt.maeth.record.cmsn[2]=5",
        "# a comment without a key",
        "",
        "# ipv4",
        "45 00",
        "# field: not.a.directive=1",
        "0a FF");

    @Test
    void shouldReadEveryKeyOfTheFormat() {
        final TestVector vector = VectorLoader.parse("mprt/example.vec", EXAMPLE);
        assertThat(vector.id()).isEqualTo("example");
        assertThat(vector.requirements()).containsExactly("MPRT-WIRE-001", "ROCE-ICRC-001");
        assertThat(vector.startsAt()).isEqualTo(StartsAt.IPV4);
        assertThat(vector.expectation()).isEqualTo(new Expectation(DecodeStatus.MALFORMED, "bth.tver", 29));
        assertThat(vector.fields()).containsExactly(new FieldExpectation("bth.psn", 0, "0x11"),
            new FieldExpectation("mprt.maeth.record.cmsn", 2, "5"));
        assertThat(vector.frame()).containsExactly(0x45, 0x00, 0x0a, 0xff);
        assertThat(vector.originalLength()).isEqualTo(1100);
        assertThat(vector.isSnapped()).isTrue();
    }

    @Test
    void shouldTakeTheFramesOwnLengthAsOriginalWhenTheVectorGivesNone() {
        final TestVector vector = VectorLoader.parse("example.vec", List.of("# id: example", "# starts-at: ipv4", "# expect: snapped", "45 00"));
        assertThat(vector.originalLength()).isEqualTo(2);
        assertThat(vector.isSnapped()).isFalse();
        assertThat(vector.expectation().status()).isEqualTo(DecodeStatus.SNAPPED);
        assertThatThrownBy(() -> VectorLoader.parse("example.vec",
            List.of("# id: example", "# starts-at: ipv4", "# original-length: 1", "# expect: unidentified", "45 00")))
            .hasMessageContaining("original-length: 1 is under the 2 bytes");
    }

    @Test
    void shouldRejectAFileThatBreaksTheFormat() {
        assertThatThrownBy(() -> VectorLoader.parse("other.vec", EXAMPLE)).hasMessageContaining("does not name the file");
        assertThatThrownBy(() -> VectorLoader.parse("example.vec", List.of("# id: example", "# starts-at: ipv4", "# expect: ok", "4 5")))
            .hasMessageContaining("example.vec:4").hasMessageContaining("two hex digits");
        assertThatThrownBy(() -> VectorLoader.parse("example.vec", List.of("# id: example", "# expect: ok")))
            .hasMessageContaining("starts-at");
        assertThatThrownBy(() -> VectorLoader.parse("example.vec", List.of("# id: example", "# starts-at: ip", "# expect: ok")))
            .hasMessageContaining("ethernet, ipv4 or ipv6");
        assertThatThrownBy(() -> Expectation.parse("malformed field=bth.psn")).hasMessageContaining("offset=");
    }

    @Test
    void shouldFindAVectorById() {
        assertThat(VectorLoader.byId("rc-send-first").source()).isEqualTo("rocev2/rc-send-first.vec");
        assertThatThrownBy(() -> VectorLoader.byId("no-such-vector")).hasMessageContaining("no test vector");
    }
}
