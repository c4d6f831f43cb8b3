package org.mprt.ctk.verdict.report;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.stream.Collectors;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import org.mprt.ctk.verdict.CaptureSummary;
import org.mprt.ctk.verdict.Judgement;
import org.mprt.ctk.verdict.Outcome;
import org.mprt.ctk.verdict.Verdict;

/**
 * A capture's verdicts as a JUnit XML test suite ({@code junit.xml}), which CI servers show as test
 * results: one test case per requirement, named by its ID. The outcomes map as the exit code counts
 * them: a failed MUST or MUST NOT is a failure; a failed SHOULD (a recommendation not followed), an
 * inconclusive and a not applicable verdict are skipped test cases whose message says which and why;
 * a pass is a passed test case. Each message is the verdict's explanation, with the frames that
 * decided it in the failure's text.
 */
public final class JunitReport {

    private final String kitVersion;

    public JunitReport(final String kitVersion) {
        this.kitVersion = kitVersion;
    }

    public void write(final Judgement judgement, final Path file) throws IOException {
        ReportFiles.writeAtomically(file, out -> write(judgement, out));
    }

    public void write(final Judgement judgement, final OutputStream out) throws IOException {
        try {
            final XMLStreamWriter x = XMLOutputFactory.newFactory().createXMLStreamWriter(out, StandardCharsets.UTF_8.name());
            x.writeStartDocument(StandardCharsets.UTF_8.name(), "1.0");
            x.writeCharacters("\n");
            suite(judgement, x);
            x.writeEndDocument();
            x.close();
        } catch (final XMLStreamException e) {
            throw new IOException("junit.xml could not be written: " + e.getMessage(), e);
        }
    }

    private void suite(final Judgement j, final XMLStreamWriter x) throws XMLStreamException {
        final CaptureSummary c = j.capture();
        final long failures = j.verdicts().stream().filter(Verdict::isAbsoluteFailure).count();
        final long skipped = j.verdicts().stream().filter(v -> v.outcome() != Outcome.PASS && !v.isAbsoluteFailure()).count();
        x.writeStartElement("testsuite");
        x.writeAttribute("name", "mprt-ctk verdicts of " + c.file());
        x.writeAttribute("tests", Integer.toString(j.verdicts().size()));
        x.writeAttribute("failures", Long.toString(failures));
        x.writeAttribute("errors", "0");
        x.writeAttribute("skipped", Long.toString(skipped));
        x.writeAttribute("time", "0");
        x.writeCharacters("\n  ");
        x.writeStartElement("properties");
        property(x, "capture", c.file());
        property(x, "capture.sha256", c.sha256());
        property(x, "kit", "mprt-ctk " + kitVersion);
        x.writeCharacters("\n  ");
        x.writeEndElement();
        // CI servers read the classname's last dot as where a package ends: the capture's own dots would split it.
        final String classname = "mprt-ctk." + ReportSet.folderName(Path.of(c.file()).getFileName()).replace('.', '_');
        for (final Verdict v : j.verdicts()) {
            x.writeCharacters("\n  ");
            x.writeStartElement("testcase");
            x.writeAttribute("classname", classname);
            x.writeAttribute("name", v.requirementId());
            x.writeAttribute("time", "0");
            if (v.isAbsoluteFailure()) {
                x.writeStartElement("failure");
                x.writeAttribute("type", keyword(v));
                x.writeAttribute("message", text(v.explanation()));
                x.writeCharacters(text(v.explanation() + "\n" + v.violations() + " of " + v.checked()
                    + " instances violated it; frames " + v.frames().stream().map(String::valueOf)
                    .collect(Collectors.joining(", "))));
                x.writeEndElement();
            } else if (v.outcome() != Outcome.PASS) {
                x.writeEmptyElement("skipped");
                x.writeAttribute("message", text(skipReason(v)));
            }
            x.writeEndElement();
        }
        x.writeCharacters("\n");
        x.writeEndElement();
        x.writeCharacters("\n");
    }

    private static void property(final XMLStreamWriter x, final String name, final String value) throws XMLStreamException {
        x.writeCharacters("\n    ");
        x.writeEmptyElement("property");
        x.writeAttribute("name", name);
        x.writeAttribute("value", text(value));
    }

    private static String skipReason(final Verdict v) {
        return switch (v.outcome()) {
            case FAIL -> "failed " + keyword(v) + " (a recommendation not followed, not counted as a failure): " + v.explanation();
            case INCONCLUSIVE -> "inconclusive: " + v.explanation();
            default -> "not applicable: " + v.explanation();
        };
    }

    private static String keyword(final Verdict v) {
        return v.keyword() == null ? "requirement" : v.keyword().toString();
    }

    /** The text without the control characters XML 1.0 cannot hold (a capture's bytes may reach an explanation). */
    private static String text(final String s) {
        final StringBuilder out = new StringBuilder(s.length());
        s.codePoints().forEach(c -> out.appendCodePoint(c < 0x20 && c != '\t' && c != '\n' && c != '\r'
            || c >= 0xD800 && c <= 0xDFFF || c == 0xFFFE || c == 0xFFFF ? '?' : c));
        return out.toString();
    }
}
