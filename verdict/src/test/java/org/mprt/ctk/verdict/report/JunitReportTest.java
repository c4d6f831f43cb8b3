package org.mprt.ctk.verdict.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.verdict.CaptureJudge;
import org.mprt.ctk.verdict.Judgement;
import org.mprt.ctk.verdict.Outcome;
import org.mprt.ctk.verdict.Verdict;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * {@code junit.xml} tells a CI server what the exit code tells the shell: one test case per
 * requirement, a failure for each failed MUST or MUST NOT with its explanation and frames, a skipped
 * case saying why for a failed SHOULD, an inconclusive and a not applicable verdict.
 */
class JunitReportTest {

    private static final Path BEHAVIOUR = Path.of("..", "captures", "behaviour");

    private static Document suite(final Judgement j) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder()
            .parse(new ByteArrayInputStream(WrittenReports.junit(j).getBytes(StandardCharsets.UTF_8)));
    }

    private static Element testcase(final Document d, final String requirementId) {
        final NodeList cases = d.getElementsByTagName("testcase");
        for (int i = 0; i < cases.getLength(); i++) {
            final Element e = (Element) cases.item(i);
            if (e.getAttribute("name").equals(requirementId)) {
                return e;
            }
        }
        throw new AssertionError("no test case " + requirementId);
    }

    private static Optional<Element> child(final Element e, final String name) {
        final NodeList children = e.getElementsByTagName(name);
        return children.getLength() == 0 ? Optional.empty() : Optional.of((Element) children.item(0));
    }

    @Test
    void shouldMakeEachVerdictATestCaseCountedAsTheExitCodeCountsIt() throws Exception {
        checkEachTestCase(CaptureJudge.standard().takenAt(List.of(InetAddress.getByName("10.0.0.1")))
            .judge(BEHAVIOUR.resolve("mprt-sender-faults.pcap")), "mprt-sender-faults", false);
        // A MUST and a SHOULD failed there.
        checkEachTestCase(CaptureJudge.standard().judge(Path.of("..", "captures", "wire", "rocev2-bad.pcap")), "rocev2-bad", true);
    }

    private static void checkEachTestCase(final Judgement j, final String capture, final boolean expectShould) throws Exception {
        final Document d = suite(j);
        final Element root = d.getDocumentElement();
        assertThat(root.getTagName()).isEqualTo("testsuite");
        assertThat(root.getAttribute("tests")).isEqualTo(Integer.toString(j.verdicts().size()));
        final long failures = j.verdicts().stream().filter(Verdict::isAbsoluteFailure).count();
        assertThat(failures).isPositive();
        assertThat(root.getAttribute("failures")).isEqualTo(Long.toString(failures));
        assertThat(d.getElementsByTagName("failure").getLength()).isEqualTo((int) failures);
        assertThat(d.getElementsByTagName("skipped").getLength())
            .isEqualTo(Integer.parseInt(root.getAttribute("skipped")));
        boolean sawShould = false;
        for (final Verdict v : j.verdicts()) {
            final Element c = testcase(d, v.requirementId());
            assertThat(c.getAttribute("classname")).isEqualTo("mprt-ctk." + capture);
            if (v.isAbsoluteFailure()) {
                final Element f = child(c, "failure").orElseThrow();
                assertThat(f.getAttribute("type")).isIn("MUST", "MUST NOT");
                assertThat(f.getAttribute("message")).isEqualTo(v.explanation());
                assertThat(f.getTextContent()).contains("frames " + v.frames().get(0));
            } else if (v.outcome() == Outcome.PASS) {
                assertThat(c.getChildNodes().getLength()).as(v.requirementId()).isZero();
            } else {
                final String message = child(c, "skipped").orElseThrow().getAttribute("message");
                assertThat(message).endsWith(v.explanation()).startsWith(switch (v.outcome()) {
                    case FAIL -> "failed " + v.keyword() + " (a recommendation not followed";
                    case INCONCLUSIVE -> "inconclusive: ";
                    default -> "not applicable: ";
                });
                sawShould |= v.outcome() == Outcome.FAIL;
            }
        }
        assertThat(sawShould).as("a failed SHOULD in the capture").isEqualTo(expectShould);
    }

    @Test
    void shouldWriteNoFailureForACleanCapture(@TempDir final Path dir) throws Exception {
        // A name with dots of its own, which CI servers would read as packages.
        final Path capture = Files.copy(BEHAVIOUR.resolve("mprt-sender-clean.pcap"), dir.resolve("dut.run-17.pcap"));
        final Document d = suite(CaptureJudge.standard().judge(capture));
        assertThat(d.getDocumentElement().getAttribute("failures")).isEqualTo("0");
        assertThat(d.getElementsByTagName("failure").getLength()).isZero();
        assertThat(d.getElementsByTagName("testcase").getLength()).isGreaterThan(80);
        assertThat(((Element) d.getElementsByTagName("testcase").item(0)).getAttribute("classname"))
            .isEqualTo("mprt-ctk.dut_run-17");
    }
}
