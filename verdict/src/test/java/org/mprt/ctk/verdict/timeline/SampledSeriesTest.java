package org.mprt.ctk.verdict.timeline;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * A series keeps the points whose index is a multiple of its stride, the stride the smallest power
 * of two that fits them in its capacity: every point up to the capacity, then every other one, and
 * so on, so that what is kept spans the whole capture.
 */
class SampledSeriesTest {

    @Test
    void keepsEveryStrideThPointWithinItsCapacity() {
        for (final int capacity : new int[] {1, 2, 7, 16, 1024}) {
            for (int points = 0; points <= 5000; points += capacity > 16 ? 137 : 1) {
                final SampledSeries s = new SampledSeries(capacity);
                for (int i = 0; i < points; i++) {
                    s.add(1000L * i, i + 1, i, -i);
                }
                long stride = 1;
                while ((points + stride - 1) / stride > capacity) {
                    stride *= 2;
                }
                final long[] kept = s.first();
                assertThat(kept).as("capacity %d, %d points", capacity, points).hasSize((int) ((points + stride - 1) / stride));
                for (int k = 0; k < kept.length; k++) {
                    assertThat(kept[k]).isEqualTo(k * stride);
                    assertThat(s.ns()[k]).isEqualTo(1000L * k * stride);
                    assertThat(s.frames()[k]).isEqualTo(k * stride + 1);
                    assertThat(s.second()[k]).isEqualTo(-k * stride);
                }
                assertThat(s.seen()).isEqualTo(points);
            }
        }
    }
}
