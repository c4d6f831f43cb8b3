package org.mprt.ctk.verdict.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringWriter;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.verdict.timeline.PathPlot;

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

    /**
     * A clock that stepped back during the capture puts a point before the first one in time: the
     * time axis still spans every point, so that each is drawn inside the plot.
     */
    @Test
    void shouldDrawEveryPointInsideThePlotWhenTheClockSteppedBack() throws Exception {
        final PathPlot p = new PathPlot("A to B", 0, "", PathPlot.Axis.TIME_NS, new long[] {10_000, 20_000, 0, 30_000},
            new long[] {0, 1, 2, 3}, 4, new long[] {40_000, 5_000}, new long[] {1, 2}, 2, new long[] {15_000, 25_000},
            new long[] {0, 1}, new long[] {0, 3}, 2);
        assertThat(p.first()).isEqualTo(0);
        assertThat(p.last()).isEqualTo(40_000);
        final StringWriter svg = new StringWriter();
        TimeSequenceSvg.write(p, p.first(), svg);
        assertThat(svg.toString()).contains("time (µs after the first plotted packet)").contains(">40.0</text>");

        final Matcher path = Pattern.compile(" d=\"([^\"]*)\"").matcher(svg.toString());
        int xs = 0;
        while (path.find()) {
            final Matcher x = Pattern.compile("[MH](-?[0-9.]+)").matcher(path.group(1));
            while (x.find()) {
                assertThat(Double.parseDouble(x.group(1))).as("x in %s", path.group(1))
                    .isBetween((double) TimeSequenceSvg.LEFT, (double) (TimeSequenceSvg.WIDTH - TimeSequenceSvg.RIGHT));
                xs++;
            }
        }
        assertThat(xs).isGreaterThanOrEqualTo(4 + 2 + 2);
    }

    /** A capture whose frames record no time is plotted along its frame numbers, which the axis shows as they are. */
    @Test
    void shouldPlotAlongFrameNumbersWhenTheCaptureRecordsNoTime() throws Exception {
        final PathPlot p = new PathPlot("A to B", 0, "", PathPlot.Axis.FRAME_NUMBER, new long[] {1, 3, 5},
            new long[] {0, 1, 2}, 3, new long[] {9}, new long[] {1}, 1, new long[] {2, 4}, new long[] {0, 1},
            new long[] {0, 1}, 2);
        final StringWriter svg = new StringWriter();
        TimeSequenceSvg.write(p, p.first(), svg);

        assertThat(svg.toString()).contains("aria-label=\"PSN against frame number, path 0\"")
            .contains("frame number (the capture records no time)").contains(">1</text>").contains(">9</text>")
            .doesNotContain("µs");
    }
}
