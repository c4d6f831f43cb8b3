package org.mprt.ctk.reference.mprt.cc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** mprt-v0.1.md section 11.1: ECN-based AIMD on a path's cwnd. */
class CongestionWindowTest {

    private static final long PMTU = 1024;
    private final CongestionWindow window = new CongestionWindow(16 * PMTU, PMTU, PMTU, 0.5, 256 * PMTU);

    @Test
    void shouldCutTheWindowInUseByMdFactorOnAnEcnEcho() {
        window.onAck(1, PMTU, 1, 1, 6 * PMTU, 10_000, 1_000);
        assertThat(window.cwndBytes()).isEqualTo(3 * PMTU);
    }

    @Test
    void shouldCutAtMostOncePerSrtt() {
        window.onAck(1, PMTU, 1, 1, 16 * PMTU, 10_000, 1_000);
        assertThat(window.cwndBytes()).isEqualTo(8 * PMTU);
        window.onAck(1, PMTU, 1, 1, 8 * PMTU, 10_000, 10_999);
        assertThat(window.cwndBytes()).isEqualTo(8 * PMTU);
        window.onAck(1, PMTU, 1, 1, 8 * PMTU, 10_000, 11_000);
        assertThat(window.cwndBytes()).isEqualTo(4 * PMTU);
    }

    @Test
    void shouldNeverGoBelowMinCwnd() {
        window.onAck(1, PMTU, 1, 1, PMTU, 0, 1);
        assertThat(window.cwndBytes()).isEqualTo(PMTU);
    }

    @Test
    void shouldGrowByAiStepPerWindowOfUnmarkedAcks() {
        for (int i = 0; i < 16; i++) {
            window.onAck(1, PMTU, 0, 0, 16 * PMTU, 10_000, i);
        }
        assertThat(window.cwndBytes()).isBetween(16 * PMTU + PMTU - 64, 17 * PMTU);
    }

    @Test
    void shouldTrackTheShareOfMarkedPacketsAsAMovingAverage() {
        window.onAck(4, 4 * PMTU, 1, 2, 4 * PMTU, 0, 0);
        assertThat(window.ecnFraction()).isCloseTo(0.5 / 16, within(1e-12));
        window.reset();
        assertThat(window.cwndBytes()).isEqualTo(16 * PMTU);
    }
}
