package org.mprt.ctk.conformance.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.mprt.ctk.dut.MutantDut;
import org.mprt.ctk.dut.ReferenceDut;
import org.mprt.ctk.reference.mprt.Deviation;

/** The reference node as a scenario tunes it: the PICS declares the RTO_MAX it runs with. */
class TunedDeviceTest {

    @Test
    void shouldDeclareTheRtoMaxTheNodeRunsWith() {
        final TunedDevice.Tuning tuning = TunedDevice.Tuning.NONE.withRtoMaxNs(100_000);
        final TunedDevice device = new TunedDevice(ReferenceDut.mprt(), null, tuning);

        assertThat(PicsCache.of(device.pics()).timerNs("RTO_MAX")).contains(100_000L);
        assertThat(tuning.config(null).rtoMaxNs()).isEqualTo(100_000);
        assertThat(device.name()).isEqualTo("reference MPRT node, RTO_MAX 100 µs");
        assertThat(device.isMutant()).isFalse();
    }

    @Test
    void shouldKeepTheMutantsDeviationAndThePicsItClaims() {
        final TunedDevice.Tuning tuning = TunedDevice.Tuning.NONE.withIngressDrainRateBps(20_000_000_000L);
        final TunedDevice device = new TunedDevice(MutantDut.named("EXCEED_GUIDANCE"), "EXCEED_GUIDANCE", tuning);

        assertThat(tuning.config("EXCEED_GUIDANCE").deviates(Deviation.EXCEED_GUIDANCE)).isTrue();
        assertThat(tuning.config("EXCEED_GUIDANCE").ingressDrainRateBps()).isEqualTo(20_000_000_000L);
        assertThat(device.pics()).isEqualTo(ReferenceDut.mprt().pics());
        assertThat(device.isMutant()).isTrue();
    }

    @Test
    void shouldRefuseToTuneTheRocev2Baseline() {
        assertThatThrownBy(() -> new TunedDevice(ReferenceDut.rocev2(), null, TunedDevice.Tuning.NONE.withRtoMaxNs(100_000)))
            .isInstanceOf(ScenarioInputException.class).hasMessageContaining("expected an MPRT device");
    }
}
