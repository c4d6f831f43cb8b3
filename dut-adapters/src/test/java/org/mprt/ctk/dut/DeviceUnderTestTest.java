package org.mprt.ctk.dut;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.fabric.topology.Topology;
import org.mprt.ctk.reference.mprt.MprtNode;
import org.mprt.ctk.reference.roce.RoceNode;
import org.mprt.ctk.wire.Profile;

/** The in-process devices declare what they are and join a fabric host as the reference does. */
class DeviceUnderTestTest {

    @Test
    void shouldDeclareTheReferencePicsAndRunTheReferenceNodeOnAHost() {
        final ReferenceDut dut = ReferenceDut.mprt();
        final Topology fabric = Topology.builder().hosts(2).planes(2).seed(3).build();

        dut.attach(fabric.host(0), 100_000_000_000L, new SplittableRandom(3));

        assertThat(dut.device()).isInstanceOf(MprtNode.class);
        assertThat(dut.ports()).hasSize(2);
        assertThat(dut.pics().yaml()).contains("profile: mprt-0.1");
        assertThat(dut.isMutant()).isFalse();
        assertThat(ReferenceDut.of(Profile.ROCEV2).pics().yaml()).contains("profile: rocev2");
    }

    @Test
    void shouldBuildAMutantByNameForEitherProfileAndNameEveryMutantWhenTheNameIsUnknown() {
        final MutantDut icrc = MutantDut.named("BAD_ICRC");
        final MutantDut nak = MutantDut.named("REPEAT_SEQUENCE_NAK");
        icrc.attach(Topology.builder().hosts(2).build().host(0), 100_000_000_000L, new SplittableRandom(1));
        nak.attach(Topology.builder().hosts(2).build().host(0), 100_000_000_000L, new SplittableRandom(1));

        assertThat(icrc.isMutant()).isTrue();
        assertThat(icrc.violates()).containsExactly("MPRT-WIRE-007");
        assertThat(icrc.device()).isInstanceOf(MprtNode.class);
        assertThat(nak.profile()).isEqualTo(Profile.ROCEV2);
        assertThat(nak.device()).isInstanceOf(RoceNode.class);
        assertThat(nak.pics().yaml()).contains("profile: rocev2");
        assertThatThrownBy(() -> MutantDut.named("BAD_CRC")).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("unknown mutant 'BAD_CRC'").hasMessageContaining("BAD_ICRC").hasMessageContaining("ACK_EXPECTED_PSN");
    }

    @Test
    void shouldRefuseToJoinASecondHost() {
        final ReferenceDut dut = ReferenceDut.mprt();
        final Topology fabric = Topology.builder().hosts(2).build();
        dut.attach(fabric.host(0), 100_000_000_000L, new SplittableRandom(1));

        assertThatThrownBy(() -> dut.attach(fabric.host(1), 100_000_000_000L, new SplittableRandom(1)))
            .isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> ReferenceDut.mprt().device()).isInstanceOf(IllegalStateException.class);
    }
}
