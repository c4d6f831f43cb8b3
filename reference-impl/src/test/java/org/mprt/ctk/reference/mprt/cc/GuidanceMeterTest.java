package org.mprt.ctk.reference.mprt.cc;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.mprt.ctk.wire.mprt.MaethFlyweight;

/** mprt-v0.1.md section 12, MPRT-RECV-001 and MPRT-RECV-002: R / N, no limit when uncontended, never 0. */
class GuidanceMeterTest {

    private static final long GBPS_100 = 100_000_000_000L;
    private static final int[] PORT_0 = {0};

    private GuidanceMeter meter(final long drainBps) {
        final GuidanceMeter meter = new GuidanceMeter(new long[] {GBPS_100, GBPS_100}, 20_000, 1000,
            new IngressBuffer(drainBps));
        for (int slot = 0; slot < 4; slot++) {
            meter.addSlot(slot);
        }
        return meter;
    }

    @Test
    void shouldGiveNoLimitToALoneSender() {
        final GuidanceMeter meter = meter(0);
        meter.onDataArrival(0, 0, 1000, 100);
        assertThat(meter.guidanceMbps(PORT_0, 200)).isEqualTo(MaethFlyweight.GUIDANCE_NO_LIMIT);
    }

    @Test
    void shouldShareThePortRateAmongTheConnectionsThatSentDuringTheWindow() {
        final GuidanceMeter meter = meter(0);
        meter.onDataArrival(0, 0, 1000, 100);
        meter.onDataArrival(1, 0, 1000, 100);
        meter.onDataArrival(2, 0, 1000, 100);
        meter.onDataArrival(3, 1, 1000, 100);
        assertThat(meter.guidanceMbps(PORT_0, 200)).isEqualTo(100_000 / 3);
        assertThat(meter.guidanceMbps(new int[] {0, 1}, 200)).isEqualTo(200_000 / 4);
        assertThat(meter.guidanceMbps(PORT_0, 100 + 20_001)).isEqualTo(MaethFlyweight.GUIDANCE_NO_LIMIT);
    }

    @Test
    void shouldLowerTheShareWhenTheIngressBufferIsOverItsThreshold() {
        final GuidanceMeter meter = meter(8_000_000);
        meter.onDataArrival(0, 0, 4000, 0);
        final long guidance = meter.guidanceMbps(PORT_0, 0);
        assertThat(guidance).isEqualTo(100_000 * 1000 / 4000);
    }

    @Test
    void shouldNeverAdvertiseZero() {
        final GuidanceMeter meter = new GuidanceMeter(new long[] {1_000_000}, 20_000, 1000, new IngressBuffer(0));
        for (int slot = 0; slot < 8; slot++) {
            meter.addSlot(slot);
            meter.onDataArrival(slot, 0, 100, 0);
        }
        assertThat(meter.guidanceMbps(PORT_0, 0)).isEqualTo(1);
    }
}
