package org.mprt.ctk.verdict.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.verdict.CaptureJudge;
import org.mprt.ctk.verdict.Judgement;
import org.mprt.ctk.verdict.OverlongFractions;

/**
 * A classic pcap record whose fraction of a second is a second or more is read as carried into the
 * seconds, and every report counts such records: written so for the same instant, a capture is judged
 * as it was.
 */
class OverlongFractionsTest {

    private static final Path CAPTURE = Path.of("..", "captures", "wire", "mprt-clean.pcap");

    @Test
    void shouldCarryTheFractionIntoTheSecondsAndSayWhichRecordsGiveOne(@TempDir final Path dir) throws Exception {
        final Judgement asWritten = CaptureJudge.standard().judge(CAPTURE);
        final Path overlong = withSecondsMovedIntoTheFraction(dir, 4, 6);

        final Judgement j = CaptureJudge.standard().judge(overlong);

        assertThat(j.verdicts()).isEqualTo(asWritten.verdicts());
        final OverlongFractions o = j.capture().overlongFractions();
        assertThat(o.count()).isEqualTo(2);
        assertThat(o.firstFrame()).isEqualTo(4);
        assertThat(o.firstFractionNs()).isGreaterThanOrEqualTo(1_000_000_000L).isLessThan(2_000_000_000L);
        assertThat(WrittenReports.console(j)).contains(String.format("2 records give a fraction of a second of a second or"
            + " more (the first: frame 4, 1.%09d s): read as carried into the seconds", o.firstFractionNs() - 1_000_000_000L));
        final JsonNode json = WrittenReports.json(j).path("capture").path("overlongFractions");
        assertThat(json.path("count").asLong()).isEqualTo(2);
        assertThat(json.path("firstFrame").asLong()).isEqualTo(4);
        assertThat(json.path("firstFractionNs").asLong()).isEqualTo(o.firstFractionNs());
    }

    @Test
    void shouldSayNothingOfACaptureWhoseFractionsAreInRange() throws Exception {
        final Judgement j = CaptureJudge.standard().judge(CAPTURE);

        assertThat(j.capture().overlongFractions()).isEqualTo(OverlongFractions.NONE);
        assertThat(WrittenReports.console(j)).doesNotContain("fraction of a second");
        assertThat(WrittenReports.json(j).path("capture").path("overlongFractions").path("count").asLong()).isZero();
    }

    /** The capture with frames {@code a} and {@code b} stamped one second less and one second more of fraction: the same instants. */
    private static Path withSecondsMovedIntoTheFraction(final Path dir, final long a, final long b) throws Exception {
        return ClassicPcapEdit.edited(CAPTURE, dir.resolve("overlong.pcap"), (n, bytes, header, unitsPerSecond) -> {
            if (n == a || n == b) {
                final int seconds = header + ClassicPcapEdit.SECONDS_OFFSET;
                final int fraction = header + ClassicPcapEdit.FRACTION_OFFSET;
                bytes.putInt(seconds, bytes.getInt(seconds) - 1);
                bytes.putInt(fraction, (int) (Integer.toUnsignedLong(bytes.getInt(fraction)) + unitsPerSecond));
            }
        });
    }
}
