package org.mprt.ctk.verdict.report;

import java.io.IOException;
import java.nio.file.Path;
import org.mprt.ctk.requirement.RequirementCatalogue;
import org.mprt.ctk.verdict.Judgement;

/** The reports written for one judged capture: {@code verdict.json}, {@code verdict.html} and {@code junit.xml}. */
public final class ReportSet {

    private final JsonReport json;
    private final HtmlReport html;
    private final JunitReport junit;

    public ReportSet(final JsonReport json, final HtmlReport html, final JunitReport junit) {
        this.json = json;
        this.html = html;
        this.junit = junit;
    }

    public static ReportSet standard(final String kitVersion) {
        final RequirementCatalogue catalogue = RequirementCatalogue.fromClasspath();
        return new ReportSet(new JsonReport(catalogue, kitVersion), new HtmlReport(catalogue, kitVersion),
            new JunitReport(kitVersion));
    }

    /** The folder name for a capture's reports: its file name without the extension. */
    public static String folderName(final Path capture) {
        final String name = capture.getFileName().toString();
        final int dot = name.lastIndexOf('.');
        return dot <= 0 ? name : name.substring(0, dot);
    }

    public void write(final Judgement judgement, final Path folder) throws IOException {
        json.write(judgement, folder.resolve("verdict.json"));
        html.write(judgement, folder.resolve("verdict.html"));
        junit.write(judgement, folder.resolve("junit.xml"));
    }
}
