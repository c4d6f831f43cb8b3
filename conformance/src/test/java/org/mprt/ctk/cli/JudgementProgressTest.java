package org.mprt.ctk.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.verdict.CaptureJudge;
import org.mprt.ctk.verdict.Judgement;

class JudgementProgressTest {

    private static final Path CAPTURE = Path.of("..", "captures", "wire", "mprt-clean.pcap");
    private static final Pattern LINE = Pattern.compile(
        "\r(clean): (\\d+) % of the file, (\\d+\\.\\d) M frames judged, (\\d+\\.\\d\\d) M frames/s *");

    @Test
    void shouldRewriteOneLineAsThePassGoesOnAndClearItAtTheEnd() throws Exception {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        final long[] now = {0};
        // Half an interval a look: a line every other frame.
        final JudgementProgress progress = new JudgementProgress("clean", Files.size(CAPTURE),
            () -> now[0] += JudgementProgress.INTERVAL_NS / 2, new PrintStream(bytes, true, StandardCharsets.UTF_8), 1);

        final Judgement watched = CaptureJudge.standard().judge(CAPTURE, "clean", progress);
        progress.finish();

        final String out = bytes.toString(StandardCharsets.UTF_8);
        final Matcher m = LINE.matcher(out);
        final List<Integer> percents = new ArrayList<>();
        int end = 0;
        while (m.find()) {
            assertThat(m.start()).as("lines follow each other").isEqualTo(end);
            percents.add(Integer.parseInt(m.group(2)));
            end = m.end();
        }
        final long frames = watched.capture().frames();
        assertThat(percents).hasSize((int) (frames / 2)).isSorted();
        assertThat(percents.get(percents.size() - 1)).isBetween(90, 100);
        assertThat(out.substring(end)).matches("\r +\r");
        assertThat(watched.verdicts()).isEqualTo(CaptureJudge.standard().judge(CAPTURE, "clean").verdicts());
    }

    @Test
    void shouldShowNothingWithinTheFirstInterval() throws Exception {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        final JudgementProgress progress = new JudgementProgress("clean", Files.size(CAPTURE), () -> 7L,
            new PrintStream(bytes, true, StandardCharsets.UTF_8), 1);

        CaptureJudge.standard().judge(CAPTURE, "clean", progress);
        progress.finish();

        assertThat(bytes.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    @Test
    void shouldPadALineOverALongerOneBeforeIt() {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        final long[] now = {0};
        final JudgementProgress progress = new JudgementProgress("x", 1000, () -> now[0] += JudgementProgress.INTERVAL_NS,
            new PrintStream(bytes, true, StandardCharsets.UTF_8));

        progress.at(1000);
        progress.at(10);

        assertThat(bytes.toString(StandardCharsets.UTF_8)).isEqualTo(
            "\rx: 100 % of the file, 0.0 M frames judged, 0.00 M frames/s"
                + "\rx: 1 % of the file, 0.0 M frames judged, 0.00 M frames/s  ");
    }
}
