package org.mprt.ctk.verdict.captures;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.pcap.LinkType;
import org.mprt.ctk.verdict.CaptureJudge;
import org.mprt.ctk.verdict.CaptureSummary;
import org.mprt.ctk.verdict.Judgement;
import org.mprt.ctk.verdict.Outcome;
import org.mprt.ctk.verdict.Verdict;

/**
 * Frames a capture cut short (a snap length) are counted apart and judged on the headers they
 * kept, and a Linux cooked capture is judged as the Ethernet one it stands for.
 */
class SnappedCapturesTest {

    private static final Path WIRE = CapturesGenerationTest.CAPTURES.resolve("wire");

    @TempDir
    Path dir;

    private static List<String> outcomes(final Judgement j) {
        return j.verdicts().stream().map(v -> v.requirementId() + " " + v.outcome() + " " + v.frames()).toList();
    }

    @Test
    void shouldJudgeALinuxCookedCaptureExactlyAsItsEthernetOriginalTakenWhereItsMarksSay() throws Exception {
        // The cooked headers (and, in the pcapng variant, the epb_flags) mark node A's frames as sent by the
        // capturing host: the capture point is A, as a user would state it for the Ethernet original.
        final Judgement ethernet = CaptureJudge.standard().takenAt(List.of(InetAddress.getByName("10.0.0.1")))
            .judge(WIRE.resolve("mprt-bad-headers.pcap"));
        final Judgement cooked = CaptureJudge.standard().judge(WIRE.resolve("mprt-bad-headers-sll2.pcap"));
        final Judgement flagged = CaptureJudge.standard().judge(WIRE.resolve("mprt-bad-headers-epb.pcapng"));
        final Judgement unstated = CaptureJudge.standard().judge(WIRE.resolve("mprt-bad-headers.pcap"));

        assertThat(outcomes(cooked)).isEqualTo(outcomes(ethernet)).isNotEqualTo(outcomes(unstated));
        assertThat(outcomes(flagged)).as("pcapng epb_flags say it as the cooked headers do").isEqualTo(outcomes(ethernet));
        assertThat(cooked.capture().mprtFrames()).isEqualTo(ethernet.capture().mprtFrames());
    }

    @Test
    void shouldJudgeAnErfCaptureAsItsEthernetOriginalAndACardsCutAsASnapLength() throws Exception {
        final Judgement ethernet = CaptureJudge.standard().judge(WIRE.resolve("mprt-bad-headers.pcap"));
        final Judgement erf = CaptureJudge.standard().judge(WIRE.resolve("mprt-bad-headers-erf.pcap"));
        final Judgement snapped = CaptureJudge.standard().judge(WIRE.resolve("mprt-bad-headers-snap128.pcap"));
        final Judgement cardCut = CaptureJudge.standard().judge(WIRE.resolve("mprt-bad-headers-erf-cut.pcap"));

        assertThat(outcomes(erf)).isEqualTo(outcomes(ethernet));
        assertThat(outcomes(cardCut)).isEqualTo(outcomes(snapped)).isNotEqualTo(outcomes(ethernet));
        assertThat(cardCut.capture().snappedFrames()).isEqualTo(snapped.capture().snappedFrames());
        assertThat(erf.capture().unreadLinkTypes().count()).isZero();
    }

    @Test
    void shouldNameTheDeviceThatSentAPauseFrameAsItsOwnLinkLayerGivesIt() throws Exception {
        // Frame 12 is a PAUSE frame from node B (02:00:00:00:00:0b); the mirror's switch is 02:00:00:00:00:5c.
        for (final String capture : List.of("mprt-bad-headers.pcap", "mprt-bad-headers-erf.pcap", "mprt-bad-headers-erspan.pcap",
            "mprt-bad-headers-vxlan.pcap", "mprt-bad-headers-sll2.pcap")) {
            final Verdict pause = CaptureJudge.standard().judge(WIRE.resolve(capture)).verdictOn("MPRT-CC-004").orElseThrow();

            assertThat(pause.explanation()).as(capture).contains("frame 12: eth.type: MAC control frame (EtherType 0x8808,"
                + " PAUSE or PFC) from 02:00:00:00:00:0b");
        }
    }

    @Test
    void shouldJudgeTheHeaderRulesOfASnappedCaptureAsOnTheWholeOne() throws Exception {
        final Judgement whole = CaptureJudge.standard().judge(WIRE.resolve("mprt-bad-headers.pcap"));
        final Judgement cut = CaptureJudge.standard().judge(WIRE.resolve("mprt-bad-headers-snap128.pcap"));

        for (final String header : List.of("MPRT-WIRE-003", "MPRT-WIRE-005", "MPRT-WIRE-010", "MPRT-WIRE-011",
            "MPRT-WIRE-013", "MPRT-WIRE-020", "MPRT-CC-004")) {
            final Verdict w = whole.verdictOn(header).orElseThrow();
            final Verdict c = cut.verdictOn(header).orElseThrow();
            assertThat(c.outcome()).as(header).isEqualTo(w.outcome());
            assertThat(c.frames()).as(header).isEqualTo(w.frames());
        }
        assertThat(cut.capture().snappedFrames()).isEqualTo(7);
        assertThat(cut.capture().malformedFrames()).isEqualTo(whole.capture().malformedFrames());
    }

    @Test
    void shouldCountFramesCutBeforeTheirUdpPortAsUnidentifiedAndNeverAsMalformed() throws Exception {
        final List<byte[]> frames = new WireCaptures().mprtClean();
        CaptureFile.spaced("cut30.pcap", LinkType.ETHERNET, 30, frames).write(dir);
        CaptureFile.spaced("cut60.pcap", LinkType.ETHERNET, 60, frames).write(dir);

        final CaptureSummary before = CaptureJudge.standard().judge(dir.resolve("cut30.pcap")).capture();
        final CaptureSummary inside = CaptureJudge.standard().judge(dir.resolve("cut60.pcap")).capture();

        assertThat(before.unidentifiedFrames()).isEqualTo(11);
        assertThat(before.otherFrames()).isEqualTo(1);
        assertThat(before.malformedFrames() + before.mprtFrames() + before.snappedFrames()).isZero();
        assertThat(inside.snappedFrames()).isEqualTo(11);
        assertThat(inside.malformedFrames() + inside.unidentifiedFrames()).isZero();
    }

    @Test
    void shouldNotCountASnappedPacketAsConformingToTheRulesOfItsPayload() throws Exception {
        CaptureFile.spaced("one.pcap", LinkType.ETHERNET, 128, List.of(MprtPacket.data().with(p -> {
            p.messageLength = 99;
            p.payloadBytes = 99;
        }).buildData(new FrameFactory()))).write(dir);

        final Judgement j = CaptureJudge.standard().judge(dir.resolve("one.pcap"));

        assertThat(j.verdictOn("MPRT-WIRE-007").orElseThrow().outcome()).isEqualTo(Outcome.NOT_APPLICABLE);
        assertThat(j.verdictOn("MPRT-WIRE-012").orElseThrow().outcome()).isEqualTo(Outcome.NOT_APPLICABLE);
        assertThat(j.verdictOn("MPRT-WIRE-031").orElseThrow().outcome()).isEqualTo(Outcome.PASS);
    }
}
