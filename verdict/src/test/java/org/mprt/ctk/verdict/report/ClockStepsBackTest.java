package org.mprt.ctk.verdict.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.pcap.CaptureReader;
import org.mprt.ctk.pcap.CaptureWriter;
import org.mprt.ctk.pcap.Frame;
import org.mprt.ctk.pcap.LinkType;
import org.mprt.ctk.pcap.PcapWriter;
import org.mprt.ctk.verdict.CaptureJudge;
import org.mprt.ctk.verdict.ClockStepsBack;
import org.mprt.ctk.verdict.Judgement;

/**
 * A capture whose timestamps step back is judged all the same, and every report says where: the
 * rules measure time between frames, so the person reading the verdicts must know.
 */
class ClockStepsBackTest {

    private static final Path CAPTURE = Path.of("..", "captures", "wire", "mprt-bad-headers.pcap");

    @Test
    void shouldNameTheFirstStepBackAndTheLargestInEveryReport(@TempDir final Path dir) throws Exception {
        // Frame 3 is stamped 5 µs before frame 2, frame 7 2 µs before frame 6.
        final Path stepped = restamped(dir, 3, 5_000, 7, 2_000);

        final Judgement j = CaptureJudge.standard().judge(stepped);

        assertThat(j.capture().clockStepsBack()).isEqualTo(new ClockStepsBack(2, 3, 5_000));
        assertThat(WrittenReports.console(j)).contains("timestamps step back at 2 frames (the first: frame 3; the largest step 5000 ns)");
        final JsonNode steps = WrittenReports.json(j).path("capture").path("clockStepsBack");
        assertThat(steps.path("count").asLong()).isEqualTo(2);
        assertThat(steps.path("firstFrame").asLong()).isEqualTo(3);
        assertThat(steps.path("largestNs").asLong()).isEqualTo(5_000);
    }

    @Test
    void shouldSayNothingOfACaptureWhoseTimestampsOnlyRise() throws Exception {
        final Judgement j = CaptureJudge.standard().judge(CAPTURE);

        assertThat(j.capture().clockStepsBack()).isEqualTo(ClockStepsBack.NONE);
        assertThat(WrittenReports.console(j)).doesNotContain("step back");
        assertThat(WrittenReports.json(j).path("capture").path("clockStepsBack").path("count").asLong()).isZero();
    }

    /** The capture's frames, frame {@code a} moved to {@code aNs} before the frame ahead of it, frame {@code b} likewise. */
    private static Path restamped(final Path dir, final long a, final long aNs, final long b, final long bNs) throws Exception {
        final Path out = dir.resolve("stepped.pcap");
        try (CaptureReader reader = CaptureReader.open(CAPTURE); CaptureWriter writer = PcapWriter.create(out, LinkType.ETHERNET)) {
            final Frame frame = new Frame();
            long previousNs = 0;
            while (reader.next(frame)) {
                final long n = frame.frameNumber();
                final long ns = n == a ? previousNs - aNs : n == b ? previousNs - bNs : Math.max(frame.timestampNs(), previousNs + 1);
                writer.write(ns, frame.copyData());
                previousNs = ns;
            }
        }
        return out;
    }
}
