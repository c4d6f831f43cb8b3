package org.mprt.ctk.verdict.report;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.mprt.ctk.requirement.Requirement;
import org.mprt.ctk.requirement.RequirementCatalogue;
import org.mprt.ctk.verdict.CaptureSummary;
import org.mprt.ctk.verdict.JudgedWith;
import org.mprt.ctk.verdict.Judgement;
import org.mprt.ctk.verdict.Outcome;
import org.mprt.ctk.verdict.Verdict;
import org.mprt.ctk.verdict.timeline.PathPlot;

/**
 * The page a person debugging a device reads for one judged capture ({@code verdict.html}): a
 * self-contained, well-formed XHTML document with no script, no external style sheet and no link off
 * the page, so that it opens from a CI artifact without a network. In order:
 * <ol>
 *   <li>the capture (file, hash, frame counts, judging tolerance) and the outcome counts;</li>
 *   <li>the verdict table, failures first: each requirement links to its clause in the appendix,
 *       each cited frame to its decoded fields;</li>
 *   <li>the frames the failures cite, decoded field by field from the codec's field tables, the
 *       fields the explanations name highlighted (the capture is read once more for them);</li>
 *   <li>one time-sequence plot per path of each MPRT connection direction (inline SVG: PSN against
 *       time, retransmissions and SACKed PSNs marked), from the bounded samples the judge collected
 *       during its pass;</li>
 *   <li>an appendix with the spec sections the table cites, rendered from the spec's Markdown.</li>
 * </ol>
 */
public final class HtmlReport {

    /** Frames decoded on a page at most: the first ones the failures cite. */
    static final int MAX_FRAMES = 40;
    /** Stands for a capture that is not a file, in the command that opens it in Wireshark. */
    static final String CAPTURE = "CAPTURE";

    private final RequirementCatalogue catalogue;
    private final String kitVersion;

    public HtmlReport(final RequirementCatalogue catalogue, final String kitVersion) {
        this.catalogue = catalogue;
        this.kitVersion = kitVersion;
    }

    public void write(final Judgement judgement, final Path file) throws IOException {
        ReportFiles.writeAtomically(file, out -> {
            final Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
            write(judgement, w);
            w.flush();
        });
    }

    void write(final Judgement j, final Writer w) throws IOException {
        final CaptureSummary c = j.capture();
        w.write("<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\"><head><meta charset=\"utf-8\"/>\n"
            + "<title>Verdicts: " + esc(fileName(c.file())) + "</title>\n<style>\n" + STYLE + "</style></head><body>\n");
        summary(j, w);
        verdicts(j, w);
        DirectionsTable.write(j.directions(), w);
        frames(j, w);
        plots(j, w);
        appendix(j, w);
        w.write("</body></html>\n");
    }

    private static final String STYLE = "body{font-family:system-ui,sans-serif;margin:2em;color:#222}"
        + "table{border-collapse:collapse;width:100%}th,td{border:1px solid #ccc;padding:4px 8px;"
        + "text-align:left;vertical-align:top;font-size:14px}th{background:#f0f0f0}"
        + ".pass{background:#e6f4ea}.fail{background:#fce8e6}.inconclusive{background:#fef7e0}"
        + ".not-applicable{color:#777}code{font-size:13px}.req{font-size:12px;color:#555}"
        + "table.fields{width:auto}table.fields td{font-size:13px;padding:2px 8px}tr.layer td{background:#eef;font-weight:bold}"
        + "tr.named td{background:#fde293}.ref{font-weight:normal;color:#666}.frame{margin:1em 0}"
        + "section.spec{border-top:1px solid #ccc;margin-top:1em}li.req:target,div.frame:target,tr:target{outline:2px solid #e37400}"
        + "table.spec-table{width:auto}svg.tsg{border:1px solid #ddd;margin:4px 0}figure{margin:1em 0}"
        + "nav a{margin-right:1em}\n";

    /** The PICS, capture point and timers the verdicts rest on, the timers folded away. */
    private static void judgedWith(final JudgedWith with, final Writer w) throws IOException {
        final JudgedWith.Declaration d = with.declaration();
        w.write("<p>Judged with " + (d == null ? "the spec's defaults (no PICS)" : "the PICS <code>" + esc(d.source())
            + "</code> of " + esc(d.implementation()) + " " + esc(d.version()) + " (" + esc(d.profile()) + ")")
            + "; the capture " + (with.capturePoint().isStated() ? "taken at " + esc(with.capturePoint().addresses().toString())
            : "placed per connection direction (below)") + (with.fromConnectionStart()
            ? ", holding every connection from its first packet" : "") + ".</p>\n" + (with.scriptedSenders().isEmpty() ? ""
            : "<p>A scripted probe: the tester at " + esc(with.scriptedSenders().stream().map(InetAddress::getHostAddress)
            .collect(Collectors.joining(", "))) + " sends packets that break the spec on purpose. A requirement its"
            + " packets fail is the tester's doing, and marked so below; the scenario judges the device by its own"
            + " packets and answers.</p>\n") + "<details><summary>Timers applied"
            + " (mprt-v0.1.md section 14, rocev2-baseline.md section 11)</summary>\n<table class=\"fields\">");
        for (final Map.Entry<String, Number> e : with.timers().table().entrySet()) {
            w.write("<tr><td>" + e.getKey() + "</td><td>" + e.getValue() + "</td></tr>");
        }
        w.write("</table></details>\n");
    }

    private void summary(final Judgement j, final Writer w) throws IOException {
        final CaptureSummary c = j.capture();
        w.write("<h1>Verdicts for <code>" + esc(c.file()) + "</code></h1>\n<p>mprt-ctk " + esc(kitVersion) + " · "
            + esc(c.format()) + " · sha256 <code>" + esc(c.sha256()) + "</code> · judging tolerance "
            + j.judgingToleranceNs() + " ns</p>\n<p>" + c.frames() + " frames: " + c.mprtFrames() + " MPRT, "
            + c.rocev2Frames() + " RoCEv2, " + c.snappedFrames() + " snapped (cut short by the capture; headers judged), "
            + c.unidentifiedFrames() + " unidentified (cut before their UDP port), " + c.malformedFrames() + " malformed, "
            + c.otherFrames() + " other (skipped)" + (c.duplicateFrames() > 0 ? ", " + c.duplicateFrames()
            + " duplicates (a second copy of a packet, dropped as told)" : "")
            + (c.untrackedFrames() > 0 ? "; " + esc(c.untrackedSentence()) : "") + (c.encapsulatedFrames() > 0 ? "; " + c.encapsulatedFrames()
            + " frames were unwrapped from a mirror's or an overlay's encapsulation (ERSPAN, GRE, VXLAN, Geneve) and the"
            + " packets inside judged" : "") + ".</p>\n"
            + c.readingNotes().stream().map(note -> "<p>" + esc(note) + ".</p>\n").collect(Collectors.joining()));
        judgedWith(j.judgedWith(), w);
        w.write("<p>");
        final Map<Outcome, Integer> counts = j.counts();
        w.write(counts.entrySet().stream().map(e -> e.getValue() + " " + e.getKey().word())
            .collect(Collectors.joining(" · ")));
        w.write("</p>\n<nav><a href=\"#verdicts\">verdicts</a><a href=\"#directions\">where the capture stands</a>"
            + "<a href=\"#frames\">failing frames</a>"
            + "<a href=\"#plots\">time-sequence plots</a><a href=\"#appendix\">spec clauses</a></nav>\n");
    }

    private void verdicts(final Judgement j, final Writer w) throws IOException {
        w.write("<h2 id=\"verdicts\">Verdicts</h2>\n<table>\n<tr><th>requirement</th><th>outcome</th><th>explanation</th>"
            + "<th>frames</th><th>checked</th></tr>\n");
        final TreeSet<Long> shown = new TreeSet<>(citedFrames(j).keySet());
        final List<InetAddress> scripted = j.judgedWith().scriptedSenders();
        final Map<Long, InetAddress> sources = scripted.isEmpty() ? Map.of() : FrameTables.sources(j.frames(), failingFrames(j));
        for (final Outcome order : new Outcome[] {Outcome.FAIL, Outcome.INCONCLUSIVE, Outcome.PASS,
            Outcome.NOT_APPLICABLE}) {
            for (final Verdict v : j.verdicts()) {
                if (v.outcome() == order) {
                    row(w, v, shown, scriptedNote(v, sources, j.judgedWith()));
                }
            }
        }
        w.write("</table>\n");
    }

    /** Every frame a failure cites. */
    private static TreeSet<Long> failingFrames(final Judgement j) {
        final TreeSet<Long> frames = new TreeSet<>();
        for (final Verdict v : j.verdicts()) {
            if (v.outcome() == Outcome.FAIL) {
                for (final long f : v.frames()) {
                    frames.add(f);
                }
            }
        }
        return frames;
    }

    /** For a failure some of whose cited frames a scripted tester sent, whose doing it is; empty otherwise. */
    private static String scriptedNote(final Verdict v, final Map<Long, InetAddress> sources, final JudgedWith with) {
        if (v.outcome() != Outcome.FAIL || sources.isEmpty()) {
            return "";
        }
        final List<String> tester = new ArrayList<>();
        int others = 0;
        for (final long f : v.frames()) {
            final InetAddress from = sources.get(f);
            if (from != null && with.isScripted(from)) {
                tester.add(String.valueOf(f));
            } else {
                others++;
            }
        }
        if (tester.isEmpty()) {
            return "";
        }
        return "<div class=\"req\">" + (others == 0 ? "Every frame cited was sent by the scripted tester: its deliberate"
            + " violation, not the device's." : "Frames " + String.join(", ", tester) + " were sent by the scripted tester,"
            + " on purpose; the others were not.") + "</div>";
    }

    private void row(final Writer w, final Verdict v, final TreeSet<Long> shown, final String note) throws IOException {
        final Requirement r = catalogue.get(v.requirementId());
        final List<String> frames = new ArrayList<>();
        for (final long f : v.frames()) {
            frames.add(v.outcome() == Outcome.FAIL && shown.contains(f) ? "<a href=\"#frame-" + f + "\">" + f + "</a>"
                : String.valueOf(f));
        }
        w.write("<tr id=\"verdict-" + esc(v.requirementId()) + "\" class=\"" + v.outcome().word() + "\"><td><a href=\"#"
            + SpecAppendix.requirementAnchor(v.requirementId()) + "\"><b>" + esc(v.requirementId()) + "</b></a> ("
            + esc(r.keyword().toString()) + ")<div class=\"req\"><a href=\"#" + SpecAppendix.sectionAnchor(r) + "\">"
            + esc(r.document()) + ", " + esc(r.section()) + "</a>: " + esc(r.text()) + "</div></td><td>"
            + v.outcome().word() + "</td><td>" + esc(v.explanation()) + note + "</td><td>" + String.join(", ", frames)
            + "</td><td>" + v.checked() + "</td></tr>\n");
    }

    /** The frames the failures cite, with who cites them, the first {@link #MAX_FRAMES}. */
    private static SortedMap<Long, FrameTables.Cited> citedFrames(final Judgement j) {
        final SortedMap<Long, FrameTables.Cited> cited = new TreeMap<>();
        for (final Verdict v : j.verdicts()) {
            if (v.outcome() != Outcome.FAIL) {
                continue;
            }
            for (final long f : v.frames()) {
                final FrameTables.Cited c = cited.computeIfAbsent(f, k -> new FrameTables.Cited(new TreeSet<>(),
                    new TreeSet<>()));
                c.requirements().add(v.requirementId());
                FrameTables.fieldIds(v.explanation(), c.fieldIds());
            }
        }
        while (cited.size() > MAX_FRAMES) {
            cited.remove(cited.lastKey());
        }
        return cited;
    }

    private static void frames(final Judgement j, final Writer w) throws IOException {
        final SortedMap<Long, FrameTables.Cited> cited = citedFrames(j);
        w.write("<h2 id=\"frames\">Failing frames</h2>\n");
        if (cited.isEmpty()) {
            w.write("<p>No requirement failed.</p>\n");
            return;
        }
        w.write("<p>The frames the failed requirements cite (the first " + MAX_FRAMES + " at most), decoded from the"
            + " capture; highlighted rows are the fields the explanations name.</p>\n");
        final String file = wiresharkArgument(j.capture().file());
        w.write("<p>The same frames in Wireshark, MPRT's headers shown and each packet's ICRC checked by the kit's"
            + " dissector (<code>ctk dissector --out mprt.lua</code>; a bad ICRC: <code>mprt.icrc.status == 0</code>,"
            + " <code>roce_icrc.status == 0</code>): <code>wireshark -X lua_script:mprt.lua " + esc(file) + "</code>"
            + (file.equals(CAPTURE) ? " (" + CAPTURE + ": the capture, saved as a file)" : "") + ", display filter <code>"
            + esc(displayFilter(cited.keySet())) + "</code>.</p>\n");
        FrameTables.write(j.frames(), cited, j.judgedWith(), w);
    }

    /**
     * The capture as a shell argument to Wireshark: its file, quoted where the shell would split it; or
     * {@link #CAPTURE} for one that is not a file (standard input, a pipe).
     */
    static String wiresharkArgument(final String file) {
        try {
            if (!Files.isRegularFile(Path.of(file))) {
                return CAPTURE;
            }
        } catch (final InvalidPathException e) {
            return CAPTURE;
        }
        return file.matches("[A-Za-z0-9._/+=:@%-]+") ? file : "'" + file.replace("'", "'\\''") + "'";
    }

    /**
     * Wireshark's display filter of these frames: comparisons joined by ||, which every version reads (a
     * set's elements are separated by spaces before Wireshark 4.0 and by commas from it on).
     */
    static String displayFilter(final Collection<Long> frames) {
        return frames.stream().map(f -> "frame.number == " + f).collect(Collectors.joining(" || "));
    }

    private static void plots(final Judgement j, final Writer w) throws IOException {
        w.write("<h2 id=\"plots\">Time-sequence plots</h2>\n");
        if (j.plots().isEmpty()) {
            w.write("<p>No MPRT path in the capture.</p>\n");
            return;
        }
        long start = Long.MAX_VALUE;
        for (final PathPlot p : j.plots()) {
            start = Math.min(start, p.first());
        }
        w.write("<p>One plot per path of each MPRT connection direction: PSN against "
            + (j.plots().get(0).axis() == PathPlot.Axis.TIME_NS ? "time" : "frame number, since the capture records no"
            + " time") + "; blue dots are first"
            + " transmissions, red squares retransmissions on the path, the green steps each ACK's cumulative PSN and"
            + " the thin green bars the PSNs its SACK bitmap acknowledges above it. Long captures are sampled: the"
            + " counts under each plot are exact.</p>\n");
        for (final PathPlot p : j.plots()) {
            w.write("<figure><figcaption><b>" + esc(p.direction()) + ", path " + p.pathId() + "</b>"
                + (p.plane().isEmpty() ? "" : " (" + esc(p.plane()) + ")") + "</figcaption>\n");
            TimeSequenceSvg.write(p, start, w);
            w.write(String.format(Locale.ROOT, "<p class=\"req\">%d first transmissions (%d drawn), %d retransmissions"
                + " (%d drawn), %d ACKs (%d drawn)</p></figure>\n", p.dataCount(), p.dataAt().length, p.resentCount(),
                p.resentAt().length, p.ackCount(), p.ackAt().length));
        }
    }

    private void appendix(final Judgement j, final Writer w) throws IOException {
        w.write("<h2 id=\"appendix\">Spec clauses</h2>\n<p>The sections of the spec the verdicts above cite, from the"
            + " kit's copy of the spec (the requirement lines are the anchors of the table's links).</p>\n");
        final List<Requirement> cited = new ArrayList<>();
        for (final Verdict v : j.verdicts()) {
            cited.add(catalogue.get(v.requirementId()));
        }
        SpecAppendix.packaged().write(cited, w);
    }

    private static String fileName(final String path) {
        final int slash = path.lastIndexOf('/');
        return slash < 0 ? path : path.substring(slash + 1);
    }

    /** Escapes text for XHTML element content and attribute values. */
    static String esc(final String s) {
        final StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            final char ch = s.charAt(i);
            switch (ch) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(ch);
            }
        }
        return b.toString();
    }
}
