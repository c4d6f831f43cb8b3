package org.mprt.ctk.verdict.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class TimeSequenceSvgTest {

    @Test
    void shouldWriteACoordinateToOneDecimalAsFormatDoes() {
        final SplittableRandom random = new SplittableRandom(7);
        int compared = 0;
        for (int i = 0; i < 100_000; i++) {
            final double v = random.nextDouble(-TimeSequenceSvg.WIDTH, TimeSequenceSvg.WIDTH);
            final double tenths = v * 10;
            if (Math.abs(tenths - Math.floor(tenths) - 0.5) < 1e-6) {
                continue; // a half, where the two may round apart (see tenths)
            }
            assertThat(TimeSequenceSvg.tenths(new StringBuilder(), v).toString()).as("%s", v)
                .isEqualTo(String.format(Locale.ROOT, "%.1f", v));
            compared++;
        }
        assertThat(compared).isGreaterThan(99_000);
        for (final double v : new double[] {0, 0.04, 0.05, 0.96, 9.95, 64, 707.99, 224.5, -0.04, -0.96, -3.4, -64}) {
            assertThat(TimeSequenceSvg.tenths(new StringBuilder(), v).toString()).as("%s", v)
                .isEqualTo(String.format(Locale.ROOT, "%.1f", v));
        }
    }
}
