package org.mprt.ctk.reference.mprt.path;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** mprt-v0.1.md section 9.2: RFC 6298 from echo_timestamp samples, clamped, doubled on expiry. */
class RttEstimatorTest {

    private final RttEstimator rtt = new RttEstimator(100_000, 50_000, 2_000_000);

    @Test
    void shouldStartAtRtoInit() {
        assertThat(rtt.hasSample()).isFalse();
        assertThat(rtt.rtoNs()).isEqualTo(100_000);
    }

    @Test
    void shouldComputeSrttRttvarAndRtoAsRfc6298() {
        rtt.onSample(40_000);
        assertThat(rtt.srttNs()).isEqualTo(40_000);
        assertThat(rtt.rttvarNs()).isEqualTo(20_000);
        assertThat(rtt.rtoNs()).isEqualTo(120_000);
        rtt.onSample(80_000);
        assertThat(rtt.rttvarNs()).isEqualTo((3 * 20_000 + 40_000) / 4);
        assertThat(rtt.srttNs()).isEqualTo((7 * 40_000 + 80_000) / 8);
        assertThat(rtt.rtoNs()).isEqualTo(45_000 + 4 * 25_000);
    }

    @Test
    void shouldClampToRtoMinAndRtoMax() {
        rtt.onSample(2_000);
        assertThat(rtt.rtoNs()).isEqualTo(50_000);
        rtt.onSample(10_000_000);
        assertThat(rtt.rtoNs()).isEqualTo(2_000_000);
    }

    @Test
    void shouldDoubleOnEachExpiryUpToRtoMaxAndRecomputeOnProgress() {
        rtt.backOff();
        assertThat(rtt.rtoNs()).isEqualTo(200_000);
        for (int i = 0; i < 10; i++) {
            rtt.backOff();
        }
        assertThat(rtt.rtoNs()).isEqualTo(2_000_000);
        rtt.recompute();
        assertThat(rtt.rtoNs()).isEqualTo(100_000);
    }
}
