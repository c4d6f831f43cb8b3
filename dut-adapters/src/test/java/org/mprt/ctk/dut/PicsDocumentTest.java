package org.mprt.ctk.dut;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PicsDocumentTest {

    private final PicsDocument reference = PicsDocument.fromClasspath(PicsDocument.REFERENCE_MPRT);

    @Test
    void shouldDeclareTheTimersInPlaceOfTheEmptyBlockAndKeepTheRest() {
        final Map<String, Number> timers = new LinkedHashMap<>();
        timers.put("RTO_MAX", 100_000);
        timers.put("MD_FACTOR", 0.25);

        final PicsDocument tuned = reference.withTimers(timers);

        final String block = "# Timers in place of their defaults (mprt-v0.1.md section 14).\ntimers:\n  RTO_MAX: 100000\n"
            + "  MD_FACTOR: 0.25\n";
        assertThat(tuned.yaml()).contains(block).doesNotContain("timers: {}").doesNotContain("All timers at their defaults");
        assertThat(tuned.yaml().replace(block, "# All timers at their defaults (mprt-v0.1.md section 14).\ntimers: {}\n"))
            .isEqualTo(reference.yaml());
        assertThat(tuned.source()).isEqualTo(reference.source());
        assertThat(reference.withTimers(Map.of())).isSameAs(reference);
    }

    @Test
    void shouldRefuseToDeclareTimersTwice() {
        final PicsDocument tuned = reference.withTimers(Map.of("RTO_MAX", 100_000));

        assertThatThrownBy(() -> tuned.withTimers(Map.of("RTO_MIN", 20_000))).isInstanceOf(IllegalStateException.class)
            .hasMessage("the PICS classpath:/spec/pics/reference-mprt.yaml has no empty timers block to replace");
    }

    @Test
    void shouldReplaceTheJudgingTolerance() {
        assertThat(reference.yaml()).contains("\njudgingToleranceNs: 10000\n");

        assertThat(reference.withJudgingToleranceNs(0).yaml()).contains("\njudgingToleranceNs: 0\n")
            .doesNotContain("judgingToleranceNs: 10000");
        assertThatThrownBy(() -> new PicsDocument("x.yaml", "picsVersion: \"0.1\"\n").withJudgingToleranceNs(5))
            .isInstanceOf(IllegalStateException.class)
            .hasMessage("the PICS x.yaml has no judgingToleranceNs line to replace");
    }
}
