package org.mprt.ctk.verdict.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.verdict.CaptureJudge;
import org.mprt.ctk.verdict.Judgement;
import org.mprt.ctk.verdict.UnderstatedLengths;

/**
 * A capture whose records state an original length under their captured length, as some writers make
 * them, is read and judged as if each stated its captured length, and every report counts such records.
 */
class UnderstatedLengthsTest {

    private static final Path CAPTURE = Path.of("..", "captures", "wire", "mprt-clean.pcap");

    @Test
    void shouldJudgeTheFramesWholeAndSayWhichRecordsUnderstateTheirLength(@TempDir final Path dir) throws Exception {
        final Judgement asWritten = CaptureJudge.standard().judge(CAPTURE);
        // Frame 3 states 0 bytes on the wire, frame 5 one byte fewer than it holds.
        final Path understated = withOriginalLengths(dir, 3, 0, 5, -1);

        final Judgement j = CaptureJudge.standard().judge(understated);

        assertThat(j.verdicts()).isEqualTo(asWritten.verdicts());
        assertThat(j.capture().snappedFrames()).isEqualTo(asWritten.capture().snappedFrames());
        assertThat(j.capture().understatedLengths().count()).isEqualTo(2);
        assertThat(j.capture().understatedLengths().firstFrame()).isEqualTo(3);
        assertThat(j.capture().understatedLengths().firstStated()).isZero();
        assertThat(WrittenReports.console(j)).contains("2 records state original lengths under their captured lengths (the first: frame 3, "
            + j.capture().understatedLengths().firstCaptured() + " bytes captured, 0 stated): read as their captured lengths");
        final JsonNode json = WrittenReports.json(j).path("capture").path("understatedLengths");
        assertThat(json.path("count").asLong()).isEqualTo(2);
        assertThat(json.path("firstFrame").asLong()).isEqualTo(3);
    }

    @Test
    void shouldSayNothingOfACaptureWhoseLengthsAgree() throws Exception {
        final Judgement j = CaptureJudge.standard().judge(CAPTURE);

        assertThat(j.capture().understatedLengths()).isEqualTo(UnderstatedLengths.NONE);
        assertThat(WrittenReports.console(j)).doesNotContain("original length");
        assertThat(WrittenReports.json(j).path("capture").path("understatedLengths").path("count").asLong()).isZero();
    }

    /**
     * The capture with frame {@code a}'s record stating {@code aStated} as its original length, and frame
     * {@code b}'s its captured length plus {@code bDelta}.
     */
    private static Path withOriginalLengths(final Path dir, final long a, final int aStated, final long b, final int bDelta)
        throws Exception {
        return ClassicPcapEdit.edited(CAPTURE, dir.resolve("understated.pcap"), (n, bytes, header, unitsPerSecond) -> {
            final int original = header + ClassicPcapEdit.ORIGINAL_LENGTH_OFFSET;
            if (n == a) {
                bytes.putInt(original, aStated);
            } else if (n == b) {
                bytes.putInt(original, bytes.getInt(header + ClassicPcapEdit.CAPTURED_LENGTH_OFFSET) + bDelta);
            }
        });
    }
}
