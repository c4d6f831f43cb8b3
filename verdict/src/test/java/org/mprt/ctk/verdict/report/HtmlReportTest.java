package org.mprt.ctk.verdict.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathFactory;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.verdict.CaptureJudge;
import org.mprt.ctk.verdict.Judgement;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The verdict page is what a person debugging a device reads: a well-formed, self-contained XHTML
 * document whose requirements link to their spec clause inside the page, whose failing frames are
 * listed with their decoded fields, and which draws one time-sequence plot per path.
 */
class HtmlReportTest {

    private static final Path BEHAVIOUR = Path.of("..", "captures", "behaviour");

    private static String page(final Judgement j) throws Exception {
        return WrittenReports.html(j);
    }

    private static Document parse(final String html) throws Exception {
        final DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        return f.newDocumentBuilder().parse(new ByteArrayInputStream(html.getBytes(StandardCharsets.UTF_8)));
    }

    private static NodeList select(final Document d, final String xpath) throws Exception {
        return (NodeList) XPathFactory.newInstance().newXPath().evaluate(xpath, d, XPathConstants.NODESET);
    }

    private static Judgement senderFaults() throws Exception {
        return CaptureJudge.standard().takenAt(List.of(InetAddress.getByName("10.0.0.1")))
            .judge(BEHAVIOUR.resolve("mprt-sender-faults.pcap"));
    }

    @Test
    void shouldWriteAWellFormedPageWhoseEveryInternalLinkHasItsTarget() throws Exception {
        final Document d = parse(page(senderFaults()));

        final Set<String> ids = new HashSet<>();
        final NodeList withId = select(d, "//*[@id]");
        for (int i = 0; i < withId.getLength(); i++) {
            ids.add(((Element) withId.item(i)).getAttribute("id"));
        }
        final NodeList links = select(d, "//*[local-name()='a']/@href");
        assertThat(links.getLength()).isGreaterThan(100);
        for (int i = 0; i < links.getLength(); i++) {
            final String href = links.item(i).getNodeValue();
            assertThat(href).as("links stay on the page").startsWith("#");
            assertThat(ids).as("target of %s", href).contains(href.substring(1));
        }
        assertThat(select(d, "//*[local-name()='link' or local-name()='script' or @src]").getLength()).isZero();
    }

    @Test
    void shouldLinkEachRequirementToItsClauseInTheEmbeddedSpec() throws Exception {
        final Document d = parse(page(senderFaults()));

        final NodeList clause = select(d, "//*[@id='spec-MPRT-PATH-001']");
        assertThat(clause.getLength()).isEqualTo(1);
        assertThat(clause.item(0).getTextContent()).contains("On every path of a connection the first data packet carries PSN 0");
        assertThat(select(d, "//*[@id='verdict-MPRT-PATH-001']//*[local-name()='a'][@href='#spec-MPRT-PATH-001']")
            .getLength()).isEqualTo(1);
    }

    @Test
    void shouldListEveryFailingFrameWithItsDecodedFieldsAndTheNamedFieldHighlighted() throws Exception {
        final Judgement j = senderFaults();
        final Document d = parse(page(j));

        // Frame 3 skips PSN 2 of path 0 (MPRT-PATH-001): its BTH PSN is 3, and the explanation names bth.psn.
        final NodeList frame3 = select(d, "//*[@id='frame-3']");
        assertThat(frame3.getLength()).isEqualTo(1);
        assertThat(frame3.item(0).getTextContent()).contains("MPRT-PATH-001", "mprt.mdeth.path_id", "udp.source_port");
        final NodeList psn = select(d, "//*[@id='frame-3']//*[local-name()='tr'][@class='named']"
            + "[*[local-name()='td'][1]='bth.psn']/*[local-name()='td'][2]");
        assertThat(psn.getLength()).isEqualTo(1);
        assertThat(psn.item(0).getTextContent()).isEqualTo("3");
        final java.util.SortedSet<Long> failing = new java.util.TreeSet<>();
        for (final var v : j.verdicts()) {
            if (v.outcome() == org.mprt.ctk.verdict.Outcome.FAIL) {
                for (final long f : v.frames()) {
                    assertThat(select(d, "//*[@id='frame-" + f + "']").getLength()).as("frame %d of %s", f,
                        v.requirementId()).isEqualTo(1);
                    failing.add(f);
                }
            }
        }
        // The same frames, as a display filter for Wireshark with the kit's dissector.
        final String filter = failing.stream().limit(HtmlReport.MAX_FRAMES).map(f -> "frame.number == " + f)
            .collect(java.util.stream.Collectors.joining(" || "));
        assertThat(d.getDocumentElement().getTextContent()).contains("wireshark -X lua_script:mprt.lua", filter,
            "mprt.icrc.status == 0", "roce_icrc.status == 0");
    }

    @Test
    void shouldNameTheCaptureForWiresharkAsAShellReadsIt(@org.junit.jupiter.api.io.TempDir final Path dir) throws Exception {
        final Path plain = java.nio.file.Files.createFile(dir.resolve("run-17.pcapng"));
        final Path spaced = java.nio.file.Files.createFile(dir.resolve("it's a run.pcap"));
        assertThat(HtmlReport.wiresharkArgument(plain.toString())).isEqualTo(plain.toString());
        assertThat(HtmlReport.wiresharkArgument(spaced.toString())).isEqualTo("'" + dir + "/it'\\''s a run.pcap'");
        assertThat(HtmlReport.wiresharkArgument("standard input")).isEqualTo(HtmlReport.CAPTURE);
        assertThat(HtmlReport.wiresharkArgument(dir.toString())).isEqualTo(HtmlReport.CAPTURE);
    }

    @Test
    void shouldTellWhereTheCaptureStandsForEachDirection() throws Exception {
        final Document d = parse(page(senderFaults()));

        final NodeList rows = select(d, "//*[@id='directions']/following-sibling::*[1]/*[local-name()='tr']");
        // A header row, then A's data to B, stated at A's address, so at its sender.
        assertThat(rows.getLength()).isGreaterThanOrEqualTo(2);
        assertThat(rows.item(1).getTextContent()).contains("MPRT", "DestQP 0x000100, SCN 0x000200", "the sender's port",
            "stated");
    }

    @Test
    void shouldSayWhatTheVerdictsRestOnWithTheTimersApplied() throws Exception {
        final Document d = parse(page(senderFaults()));

        assertThat(select(d, "//*[local-name()='p'][starts-with(., 'Judged with')]").item(0).getTextContent())
            .isEqualTo("Judged with the spec's defaults (no PICS); the capture taken at [10.0.0.1].");
        final NodeList timers = select(d, "//*[local-name()='details']//*[local-name()='tr']");
        assertThat(timers.getLength()).isEqualTo(22);
        assertThat(timers.item(0).getTextContent()).isEqualTo("ACK_REQ_DELAY2000");
    }

    @Test
    void shouldMarkTheFailuresAScriptedTestersPacketsMakeAsItsOwn() throws Exception {
        final InetAddress tester = InetAddress.getByName("10.0.0.1");
        final Document scripted = parse(page(CaptureJudge.standard().fromConnectionStart().scriptedBy(List.of(tester))
            .judge(BEHAVIOUR.resolve("mprt-receiver-refused-psn.pcap"))));
        final Document plain = parse(page(CaptureJudge.standard().fromConnectionStart()
            .judge(BEHAVIOUR.resolve("mprt-receiver-refused-psn.pcap"))));
        final Document others = parse(page(CaptureJudge.standard().scriptedBy(List.of(tester))
            .takenAt(List.of(InetAddress.getByName("10.0.0.2"))).judge(BEHAVIOUR.resolve("mprt-receiver-faults.pcap"))));

        // MPRT-PATH-002 fails on frame 1, which A (10.0.0.1) sent: in a scripted probe, the tester's doing.
        assertThat(select(scripted, "//*[@id='verdict-MPRT-PATH-002']").item(0).getTextContent())
            .contains("Every frame cited was sent by the scripted tester");
        assertThat(select(scripted, "//*[@id='frame-1']").item(0).getTextContent())
            .contains("from 10.0.0.1 to 10.0.0.2 (sent by the scripted tester, on purpose)");
        assertThat(scripted.getDocumentElement().getTextContent()).contains("A scripted probe: the tester at 10.0.0.1");
        assertThat(select(plain, "//*[@id='verdict-MPRT-PATH-002']").item(0).getTextContent()).doesNotContain("scripted");
        assertThat(select(plain, "//*[@id='frame-1']").item(0).getTextContent()).contains("from 10.0.0.1 to 10.0.0.2 ·");
        assertThat(plain.getDocumentElement().getTextContent()).doesNotContain("scripted");
        // B's ACK of frame 5 fails MPRT-SACK-003: B is no tester, and its failure stays unmarked.
        assertThat(select(others, "//*[@id='verdict-MPRT-SACK-003']").item(0).getTextContent()).contains("fail")
            .doesNotContain("scripted tester");
    }

    @Test
    void shouldSayWhichEncapsulationAMirroredFrameWasDecodedFrom() throws Exception {
        final Judgement j = CaptureJudge.standard().judge(Path.of("..", "captures", "wire", "mprt-bad-headers-erspan.pcap"));
        final Document d = parse(page(j));

        // Frame 2 breaks MPRT-WIRE-010 (TVer 1); the byte counts from the start of the frame as captured:
        // 50 bytes of Ethernet, IPv4, GRE and ERSPAN to the collector, then the mirrored frame's 42 to the BTH.
        final NodeList frame2 = select(d, "//*[@id='frame-2']");
        assertThat(frame2.getLength()).isEqualTo(1);
        assertThat(frame2.item(0).getTextContent())
            .contains("Decoded inside ERSPAN type II: MALFORMED, bth.tver: expected 0, found 1 at byte 93");
    }

    @Test
    void shouldDrawOneTimeSequencePlotPerPathOfEachConnectionDirection() throws Exception {
        final Judgement j = CaptureJudge.standard().judge(BEHAVIOUR.resolve("mprt-sender-clean.pcap"));
        final Document d = parse(page(j));

        // A to B on paths 0 and 1, B to A on path 0.
        assertThat(j.plots()).hasSize(3);
        assertThat(select(d, "//*[local-name()='svg' and namespace-uri()='http://www.w3.org/2000/svg']").getLength())
            .isEqualTo(3);
        // The retransmission of PSN 1 on path 0 is drawn in red.
        assertThat(select(d, "//*[local-name()='svg']/*[local-name()='path'][@stroke='#d62728']").getLength()).isEqualTo(1);
    }

    @Test
    void shouldKeepThePlotsOfALongCaptureBoundedBySampling() throws Exception {
        final Judgement j = CaptureJudge.standard().judge(BEHAVIOUR.resolve("mprt-sender-ack-request-clean.pcap"));

        assertThat(j.plots()).hasSize(1);
        assertThat(j.plots().get(0).dataCount()).isEqualTo(266);
        assertThat(j.plots().get(0).dataAt()).hasSizeLessThanOrEqualTo(266);
        assertThat(page(j).length()).isLessThan(400_000);
    }
}
