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
        "\r(clean): (\\d+) % of the file, (\\d+\\.\\d) M frames judged, (\\d+\\.\\d\\d) M frames/s(, about \\d+ s left)? *");

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
    void shouldGiveTheRateAndTheTimeLeftOfTheLastIntervalNotOfTheWholeRun() {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        final long[] now = {0};
        final JudgementProgress progress = new JudgementProgress("x", 10_000_000, () -> now[0],
            new PrintStream(bytes, true, StandardCharsets.UTF_8));

        // A slow first interval, as while the JIT compilers work: 0.12 M frames and 1 MB in 4 s.
        now[0] = 4 * JudgementProgress.INTERVAL_NS;
        progress.at(120_000, 1_000_000);
        // Then 1 M frames and 3 MB a second: 6 MB left take 2 s more.
        now[0] += JudgementProgress.INTERVAL_NS;
        progress.at(1_120_000, 4_000_000);
        // A line within the interval is not shown.
        now[0] += JudgementProgress.INTERVAL_NS / 2;
        progress.at(1_620_000, 5_500_000);

        assertThat(bytes.toString(StandardCharsets.UTF_8)).isEqualTo(
            "\rx: 10 % of the file, 0.1 M frames judged, 0.03 M frames/s, about 36 s left"
                + "\rx: 40 % of the file, 1.1 M frames judged, 1.00 M frames/s, about 2 s left ");
    }

    @Test
    void shouldSayNoTimeLeftWhenThePassHasNotMovedOrHasReachedTheEnd() {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        final long[] now = {0};
        final JudgementProgress progress = new JudgementProgress("x", 1000, () -> now[0] += JudgementProgress.INTERVAL_NS,
            new PrintStream(bytes, true, StandardCharsets.UTF_8));

        progress.at(0, 0);
        progress.at(5, 1000);
        progress.at(200, 1000);

        assertThat(bytes.toString(StandardCharsets.UTF_8)).isEqualTo(
            "\rx: 0 % of the file, 0.0 M frames judged, 0.00 M frames/s"
                + "\rx: 100 % of the file, 0.0 M frames judged, 0.00 M frames/s"
                + "\rx: 100 % of the file, 0.0 M frames judged, 0.00 M frames/s");
    }

    @Test
    void shouldPadALineOverALongerOneBeforeIt() {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        final long[] now = {0};
        final JudgementProgress progress = new JudgementProgress("x", 1000, () -> now[0] += JudgementProgress.INTERVAL_NS,
            new PrintStream(bytes, true, StandardCharsets.UTF_8));

        progress.at(0, 100);
        progress.at(0, 10);

        assertThat(bytes.toString(StandardCharsets.UTF_8)).isEqualTo(
            "\rx: 10 % of the file, 0.0 M frames judged, 0.00 M frames/s, about 9 s left"
                + "\rx: 1 % of the file, 0.0 M frames judged, 0.00 M frames/s" + " ".repeat(", about 9 s left".length() + 1));
    }

    @Test
    void shouldWriteMinutesLeftAsMinutesAndSeconds() {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        final long[] now = {0};
        final JudgementProgress progress = new JudgementProgress("x", 1000, () -> now[0],
            new PrintStream(bytes, true, StandardCharsets.UTF_8));

        now[0] = 10 * JudgementProgress.INTERVAL_NS;
        progress.at(0, 100);

        assertThat(bytes.toString(StandardCharsets.UTF_8)).endsWith(", about 1 min 30 s left");
    }
}
