package org.mprt.ctk.verdict.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.verdict.CaptureJudge;
import org.mprt.ctk.verdict.DirectionSummary;
import org.mprt.ctk.verdict.Judgement;
import org.mprt.ctk.verdict.UntimedFrames;
import org.mprt.ctk.verdict.timeline.PathPlot;

/**
 * A capture of pcapng simple packet blocks, which record no time: every report counts the frames and
 * says that no time bound is judged, and the timing of answers does not place the capture.
 */
class UntimedFramesTest {

    private static final Path BEHAVIOUR = Path.of("..", "captures", "behaviour");

    @Test
    void shouldCountTheFramesThatRecordNoTimeInEveryReport() throws Exception {
        final Judgement j = CaptureJudge.standard().judge(BEHAVIOUR.resolve("mprt-sender-faults-untimed.pcapng"));

        assertThat(j.capture().untimedFrames()).isEqualTo(new UntimedFrames(25, 1));
        assertThat(j.capture().clockStepsBack().count()).as("no time, no step back").isZero();
        assertThat(WrittenReports.console(j)).contains("  25 frames record no capture time (pcapng simple packet blocks;"
            + " the first: frame 1): no time bound is judged");
        final JsonNode json = WrittenReports.json(j).path("capture").path("untimedFrames");
        assertThat(json.path("count").asLong()).isEqualTo(25);
        assertThat(json.path("firstFrame").asLong()).isEqualTo(1);
        assertThat(WrittenReports.html(j)).contains("<p>25 frames record no capture time (pcapng simple packet blocks;"
            + " the first: frame 1): no time bound is judged.</p>").contains("PSN against frame number, since the capture"
            + " records no time").contains("aria-label=\"PSN against frame number, path 0\"");
        assertThat(j.plots()).isNotEmpty().allSatisfy(p -> assertThat(p.axis()).isEqualTo(PathPlot.Axis.FRAME_NUMBER));
        assertThat(j.plots().get(0).dataAt()).startsWith(1L, 2L);
        // Not stated, the capture point stays unknown.
        assertThat(j.directions()).extracting(DirectionSummary::why).containsOnly("frames of the capture record no"
            + " capture time (pcapng simple packet blocks), so no answer can be timed against the packet it answers;"
            + " state the capture point");
    }

    @Test
    void shouldNameOneFrameOrTheFirstOfSeveral() {
        assertThat(new UntimedFrames(1, 7).sentence())
            .isEqualTo("frame 7 records no capture time (a pcapng simple packet block): no time bound is judged");
        assertThat(new UntimedFrames(1, 7).whyInconclusive()).isEqualTo("frame 7 of the capture records no capture time"
            + " (a pcapng simple packet block), and the requirement compares capture timestamps");
        assertThat(new UntimedFrames(2, 7).whyInconclusive()).isEqualTo("frame 7 and 1 other of the capture record no"
            + " capture time (pcapng simple packet blocks), and the requirement compares capture timestamps");
    }

    @Test
    void shouldSayNothingOfACaptureWhoseFramesRecordTheirTimes() throws Exception {
        final Judgement j = CaptureJudge.standard().judge(BEHAVIOUR.resolve("mprt-sender-faults.pcap"));

        assertThat(j.capture().untimedFrames()).isEqualTo(UntimedFrames.NONE);
        assertThat(WrittenReports.console(j)).doesNotContain("no capture time");
        assertThat(WrittenReports.json(j).path("capture").path("untimedFrames").path("count").asLong()).isZero();
        assertThat(j.plots()).isNotEmpty().allSatisfy(p -> assertThat(p.axis()).isEqualTo(PathPlot.Axis.TIME_NS));
    }
}
