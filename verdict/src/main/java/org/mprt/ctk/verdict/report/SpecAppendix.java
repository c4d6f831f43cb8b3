package org.mprt.ctk.verdict.report;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.mprt.ctk.requirement.Requirement;
import org.mprt.ctk.requirement.RequirementCatalogue;

/**
 * The spec sections a verdict page cites, embedded in the page as an appendix so that the page opens
 * without a network and without the kit's source: each requirement's section is rendered once from
 * the spec's own Markdown (packaged in the spec jar as {@code spec/*.md}, as the requirement catalogue
 * reads it), with an anchor per section and per requirement line ({@link #requirementAnchor}). Only
 * the Markdown the spec uses is rendered: headings, paragraphs, lists, tables, code blocks, inline
 * code and bold; links show their text and address as text.
 */
final class SpecAppendix {

    private static final Pattern HEADING = Pattern.compile("^(#{1,6}) (.+)$");
    private static final Pattern REQUIREMENT = Pattern.compile("^- \\*\\*((?:MPRT|ROCE)-[A-Z]+-\\d{3})\\*\\*");
    private static final Pattern CODE = Pattern.compile("`([^`]+)`");
    private static final Pattern BOLD = Pattern.compile("\\*\\*([^*]+)\\*\\*");
    private static final Pattern LINK = Pattern.compile("\\[([^\\]]+)\\]\\(([^)]+)\\)");

    /** One section: its document, heading and lines up to the next heading. */
    private record Section(String document, String heading, int level, List<String> lines) {
    }

    private final Map<String, Section> sections = new LinkedHashMap<>();
    /**
     * Each section's HTML, rendered the first time a page cites it: the packaged spec does not change
     * while the kit runs, and a run writes a page per capture.
     */
    private final Map<String, String> rendered = new ConcurrentHashMap<>();

    /** The spec the kit packages, read once. */
    private static final class Packaged {
        static final SpecAppendix INSTANCE = new SpecAppendix();
    }

    static SpecAppendix packaged() {
        return Packaged.INSTANCE;
    }

    private SpecAppendix() {
        for (final String document : RequirementCatalogue.DOCUMENTS) {
            final InputStream in = SpecAppendix.class.getResourceAsStream("/spec/" + document);
            if (in == null) {
                continue;
            }
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                split(document, r.lines().toList());
            } catch (final IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private void split(final String document, final List<String> lines) {
        Section current = null;
        boolean fenced = false;
        for (final String line : lines) {
            fenced ^= line.startsWith("```");
            final Matcher h = fenced ? null : HEADING.matcher(line);
            if (h != null && h.matches()) {
                current = new Section(document, h.group(2).trim(), h.group(1).length(), new ArrayList<>());
                sections.putIfAbsent(key(document, current.heading()), current);
            } else if (current != null) {
                current.lines().add(line);
            }
        }
    }

    private static String key(final String document, final String heading) {
        return document + "#" + heading;
    }

    static String requirementAnchor(final String requirementId) {
        return "spec-" + requirementId;
    }

    static String sectionAnchor(final Requirement r) {
        return "spec-" + r.document().replaceAll("[^A-Za-z0-9]", "-") + "-" + r.section().replaceAll("[^A-Za-z0-9]+", "-");
    }

    /** Writes the sections of these requirements, each once, in the order of the spec documents. */
    void write(final List<Requirement> cited, final Writer w) throws IOException {
        final Map<String, Requirement> wanted = new LinkedHashMap<>();
        for (final Requirement r : cited) {
            wanted.putIfAbsent(key(r.document(), r.section()), r);
        }
        for (final Map.Entry<String, Section> e : sections.entrySet()) {
            final Requirement r = wanted.get(e.getKey());
            if (r != null) {
                w.write(rendered.computeIfAbsent(e.getKey(), k -> html(e.getValue(), r)));
            }
        }
    }

    /** A section as its page shows it; the anchor depends only on the section, whichever requirement cites it. */
    private static String html(final Section s, final Requirement r) {
        final StringWriter w = new StringWriter();
        w.write("<section class=\"spec\" id=\"" + sectionAnchor(r) + "\"><h3>" + HtmlReport.esc(s.document())
            + ", " + inline(s.heading()) + "</h3>\n");
        try {
            render(s.lines(), w);
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
        w.write("</section>\n");
        return w.toString();
    }

    private static void render(final List<String> lines, final Writer w) throws IOException {
        int i = 0;
        while (i < lines.size()) {
            final String line = lines.get(i);
            if (line.startsWith("```")) {
                i = code(lines, i + 1, w);
            } else if (line.startsWith("|")) {
                i = table(lines, i, w);
            } else if (line.startsWith("- ")) {
                i = list(lines, i, w);
            } else if (line.startsWith("    ")) {
                i = indented(lines, i, w);
            } else if (line.isBlank()) {
                i++;
            } else {
                i = paragraph(lines, i, w);
            }
        }
    }

    private static int code(final List<String> lines, final int from, final Writer w) throws IOException {
        w.write("<pre>");
        int i = from;
        for (; i < lines.size() && !lines.get(i).startsWith("```"); i++) {
            w.write(HtmlReport.esc(lines.get(i)) + "\n");
        }
        w.write("</pre>\n");
        return i + 1;
    }

    private static int indented(final List<String> lines, final int from, final Writer w) throws IOException {
        w.write("<pre>");
        int i = from;
        for (; i < lines.size() && (lines.get(i).startsWith("    ") || lines.get(i).isBlank()); i++) {
            w.write(HtmlReport.esc(lines.get(i).length() > 4 ? lines.get(i).substring(4) : "") + "\n");
        }
        w.write("</pre>\n");
        return i;
    }

    private static int table(final List<String> lines, final int from, final Writer w) throws IOException {
        w.write("<table class=\"spec-table\">\n");
        int i = from;
        boolean header = true;
        for (; i < lines.size() && lines.get(i).startsWith("|"); i++) {
            final String row = lines.get(i).trim();
            if (row.matches("\\|[-:| ]+\\|")) {
                continue;
            }
            final String[] cells = row.substring(1, row.endsWith("|") ? row.length() - 1 : row.length()).split("\\|", -1);
            w.write("<tr>");
            for (final String c : cells) {
                w.write(header ? "<th>" : "<td>");
                w.write(inline(c.trim()));
                w.write(header ? "</th>" : "</td>");
            }
            w.write("</tr>\n");
            header = false;
        }
        w.write("</table>\n");
        return i;
    }

    private static int list(final List<String> lines, final int from, final Writer w) throws IOException {
        w.write("<ul>\n");
        int i = from;
        while (i < lines.size() && lines.get(i).startsWith("- ")) {
            final StringBuilder item = new StringBuilder(lines.get(i).substring(2));
            i++;
            while (i < lines.size() && lines.get(i).startsWith("  ") && !lines.get(i).isBlank()) {
                item.append(' ').append(lines.get(i).trim());
                i++;
            }
            final Matcher m = REQUIREMENT.matcher("- " + item);
            w.write(m.find() ? "<li class=\"req\" id=\"" + requirementAnchor(m.group(1)) + "\">" : "<li>");
            w.write(inline(item.toString()));
            w.write("</li>\n");
        }
        w.write("</ul>\n");
        return i;
    }

    private static int paragraph(final List<String> lines, final int from, final Writer w) throws IOException {
        final StringBuilder p = new StringBuilder();
        int i = from;
        for (; i < lines.size(); i++) {
            final String l = lines.get(i);
            if (l.isBlank() || l.startsWith("|") || l.startsWith("- ") || l.startsWith("```") || l.startsWith("    ")) {
                break;
            }
            p.append(p.length() == 0 ? "" : " ").append(l.trim());
        }
        w.write("<p>" + inline(p.toString()) + "</p>\n");
        return i;
    }

    /** Inline Markdown: escaped text with code spans, bold and links (shown as text). */
    static String inline(final String text) {
        String s = HtmlReport.esc(text);
        s = LINK.matcher(s).replaceAll("$1 ($2)");
        s = CODE.matcher(s).replaceAll("<code>$1</code>");
        s = BOLD.matcher(s).replaceAll("<b>$1</b>");
        return s;
    }
}
