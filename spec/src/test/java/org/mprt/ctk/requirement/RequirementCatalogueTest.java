package org.mprt.ctk.requirement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RequirementCatalogueTest {

    @Test
    void shouldParseRequirementLinesWithTheirSection() {
        final Map<String, Requirement> out = new LinkedHashMap<>();
        RequirementCatalogue.parse("x.md", List.of(
            "## 8. ACK and SACK",
            "- **MPRT-SACK-003** (MUST NOT, capture): A SACK never claims a PSN that did not arrive.",
            "text that is not a requirement"), out);

        final Requirement r = out.get("MPRT-SACK-003");
        assertThat(r.keyword()).isEqualTo(Requirement.Keyword.MUST_NOT);
        assertThat(r.verifiable()).isEqualTo(Requirement.Verifiable.CAPTURE);
        assertThat(r.section()).isEqualTo("8. ACK and SACK");
        assertThat(r.area()).isEqualTo("SACK");
        assertThat(r.profile()).isEqualTo("MPRT");
        assertThat(r.keyword().absolute()).isTrue();
    }

    @Test
    void shouldRejectARequirementLineThatBreaksTheFormat() {
        assertThatThrownBy(() -> RequirementCatalogue.parse("x.md",
            List.of("- **MPRT-SACK-003** (MUSTN'T, capture): text"), new LinkedHashMap<>()))
            .hasMessageContaining("x.md:1").hasMessageContaining("does not follow the format");
    }

    @Test
    void shouldRejectADuplicateId() {
        assertThatThrownBy(() -> RequirementCatalogue.parse("x.md", List.of(
            "- **MPRT-SACK-003** (MUST, capture): a",
            "- **MPRT-SACK-003** (MUST, capture): b"), new LinkedHashMap<>()))
            .hasMessageContaining("defined twice");
    }

    @Test
    void shouldReadThePackagedSpecWithWireRequirements() {
        final RequirementCatalogue catalogue = RequirementCatalogue.fromClasspath();

        assertThat(catalogue.find("MPRT-WIRE-001")).isPresent();
        assertThat(catalogue.get("MPRT-WIRE-008").verifiable()).isEqualTo(Requirement.Verifiable.PROBE);
    }
}
