package org.mprt.ctk.verdict.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.verdict.CaptureJudge;
import org.mprt.ctk.verdict.Judgement;
import org.mprt.ctk.verdict.Outcome;
import org.mprt.ctk.verdict.UnreadLinkTypes;

/**
 * Frames of a link type the kit does not unwrap are counted as other traffic, and every report says
 * that they were not looked into: else "no RoCEv2 packets" would read as the capture's, not the kit's.
 */
class UnreadLinkTypesTest {

    private static final Path CAPTURE = Path.of("..", "captures", "wire", "mprt-clean.pcap");
    private static final int LINK_TYPE_OFFSET = 20;
    /** LINKTYPE_DSA_TAG_BRCM: a Broadcom switch's tag before the Ethernet header. */
    private static final int DSA_TAG = 281;

    @Test
    void shouldSayThatFramesOfAnUnknownLinkTypeWereNotLookedInto(@TempDir final Path dir) throws Exception {
        final Judgement asWritten = CaptureJudge.standard().judge(CAPTURE);
        final ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(CAPTURE));
        bytes.order(bytes.getInt(0) == 0xA1B2C3D4 || bytes.getInt(0) == 0xA1B23C4D ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
        bytes.putInt(LINK_TYPE_OFFSET, DSA_TAG);
        final Path tagged = Files.write(dir.resolve("tagged.pcap"), bytes.array());

        final Judgement j = CaptureJudge.standard().judge(tagged);

        final long frames = asWritten.capture().frames();
        assertThat(j.capture().otherFrames()).isEqualTo(frames);
        assertThat(j.capture().unreadLinkTypes()).isEqualTo(new UnreadLinkTypes(frames, 1, List.of(DSA_TAG)));
        assertThat(j.verdicts()).allMatch(v -> v.outcome() == Outcome.NOT_APPLICABLE);
        assertThat(WrittenReports.console(j)).contains(frames + " frames are of a link type the kit does not unwrap (LINKTYPE 281; the first:"
            + " frame 1): counted as other and not looked into");
        final JsonNode json = WrittenReports.json(j).path("capture").path("unreadLinkTypes");
        assertThat(json.path("count").asLong()).isEqualTo(frames);
        assertThat(json.path("linkTypes").get(0).asInt()).isEqualTo(DSA_TAG);
    }

    @Test
    void shouldSayNothingOfACaptureWhoseLinkTypeItUnwraps() throws Exception {
        final Judgement j = CaptureJudge.standard().judge(CAPTURE);

        assertThat(j.capture().unreadLinkTypes()).isEqualTo(UnreadLinkTypes.NONE);
        assertThat(WrittenReports.console(j)).doesNotContain("link type");
        assertThat(WrittenReports.json(j).path("capture").path("unreadLinkTypes").path("count").asLong()).isZero();
    }
}
