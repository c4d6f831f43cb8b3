package org.mprt.ctk.reference.mprt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.mprt.ctk.reference.roce.RoceDeviation;
import org.mprt.ctk.requirement.RequirementCatalogue;

/** mprt-v0.1.md section 14: defaults, allowed ranges and constraints (MPRT-TIMER-001). */
class MprtConfigTest {

    @Test
    void shouldDefaultToTheSpecTable() {
        final MprtConfig config = MprtConfig.defaults();
        assertThat(config.specTable()).containsEntry("ACK_REQ_DELAY", 2_000L).containsEntry("ACK_COALESCE_COUNT", 8)
            .containsEntry("ACK_COALESCE_DELAY", 8_000L).containsEntry("RTO_INIT", 100_000L)
            .containsEntry("RTO_MIN", 50_000L).containsEntry("RTO_MAX", 2_000_000L).containsEntry("FAIL_RTO_COUNT", 3)
            .containsEntry("PROBE_INTERVAL", 100_000L).containsEntry("PROBE_TIMEOUT", 200_000L)
            .containsEntry("READMIT_PROBES", 2).containsEntry("RNR_DELAY", 50_000L)
            .containsEntry("GUIDANCE_WINDOW", 20_000L).containsEntry("GUIDANCE_REACTION", 10_000L)
            .containsEntry("GUIDANCE_TOLERANCE", 10).containsEntry("INIT_CWND", 16).containsEntry("MIN_CWND", 1)
            .containsEntry("MD_FACTOR", 0.5).containsEntry("AI_STEP", 1).containsEntry("SACK_WINDOW", 256)
            .containsEntry("LOSS_REORDER_THRESHOLD", 1).hasSize(20);
        assertThat(config.ackDelayNs()).isEqualTo(config.ackCoalesceDelayNs());
        assertThat(config.deviations()).isEmpty();
    }

    @Test
    void shouldTakeTheValuesOfASpecTableByName() {
        final MprtConfig config = MprtConfig.builder().ackReqDelayNs(10_000).ackCoalesceDelayNs(64_000)
            .rtoInitNs(100_000_000).rtoMinNs(1_000_000).rtoMaxNs(100_000_000).failRtoCount(16).mdFactor(0.25)
            .guidanceTolerancePercent(20).build();
        assertThat(MprtConfig.builder().specTable(config.specTable()).build()).isEqualTo(config);
        assertThat(MprtConfig.builder().specTable(java.util.Map.of("ACK_COALESCE_COUNT", 4, "RTO_INIT", 200_000L)).build())
            .isEqualTo(MprtConfig.builder().ackCoalesceCount(4).rtoInitNs(200_000).build());
        assertThatThrownBy(() -> MprtConfig.builder().specTable(java.util.Map.of("ACK_DELAY", 8000)))
            .hasMessage("ACK_DELAY: not a name of the section 14 table");
        assertThatThrownBy(() -> MprtConfig.builder().specTable(java.util.Map.of("GUIDANCE_TOLERANCE", 7.5)))
            .hasMessage("GUIDANCE_TOLERANCE 7.5: expected a whole number");
        assertThatThrownBy(() -> MprtConfig.builder().specTable(java.util.Map.of("SACK_WINDOW", 128)))
            .hasMessageStartingWith("SACK_WINDOW 128: fixed at 256");
    }

    @Test
    void shouldRefuseValuesOutsideTheRangesAndConstraints() {
        assertThatThrownBy(() -> MprtConfig.builder().rtoMinNs(5_000).build()).hasMessageContaining("RTO_MIN");
        assertThatThrownBy(() -> MprtConfig.builder().rtoInitNs(40_000).build()).hasMessageContaining("RTO_MIN <= RTO_INIT");
        assertThatThrownBy(() -> MprtConfig.builder().ackCoalesceDelayNs(60_000).build())
            .hasMessageContaining("ACK_COALESCE_DELAY < RTO_MIN");
        assertThatThrownBy(() -> MprtConfig.builder().mdFactor(0.9).build()).hasMessageContaining("MD_FACTOR");
        assertThatThrownBy(() -> MprtConfig.builder().minCwndPmtu(20).build()).hasMessageContaining("MIN_CWND");
    }

    @Test
    void shouldCarryDeviationsThroughToBuilder() {
        final MprtConfig mutant = MprtConfig.builder().deviate(Deviation.BAD_ICRC).build();
        assertThat(mutant.toBuilder().build().deviates(Deviation.BAD_ICRC)).isTrue();
        final RequirementCatalogue catalogue = RequirementCatalogue.fromClasspath();
        assertThat(Deviation.values()).allSatisfy(d -> assertThat(d.requirementIds()).isNotEmpty()
            .allSatisfy(id -> assertThat(catalogue.find(id)).as(id).isPresent()));
        assertThat(RoceDeviation.values()).allSatisfy(d -> assertThat(d.requirementIds()).isNotEmpty()
            .allSatisfy(id -> assertThat(catalogue.find(id)).as(id).isPresent()));
    }
}
