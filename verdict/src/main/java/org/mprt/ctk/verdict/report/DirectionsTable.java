package org.mprt.ctk.verdict.report;

import java.io.IOException;
import java.io.Writer;
import java.util.List;
import org.mprt.ctk.verdict.DirectionSummary;

/**
 * The verdict page's table of connection directions: where the engine placed the capture for each
 * and why, since every rule judged at a sender's or a receiver's port rests on it. A capture with
 * very many connections lists the first {@link #MAX_ROWS}; the JSON report lists them all.
 */
final class DirectionsTable {

    static final int MAX_ROWS = 200;

    private DirectionsTable() {
    }

    static void write(final List<DirectionSummary> directions, final Writer w) throws IOException {
        w.write("<h2 id=\"directions\">Where the capture stands</h2>\n");
        if (directions.isEmpty()) {
            w.write("<p>The capture holds no RoCEv2 or MPRT connection the engine could follow.</p>\n");
            return;
        }
        w.write("<table>\n<tr><th>profile</th><th>direction</th><th>captured at</th><th>why</th>"
            + "<th>from its start</th></tr>\n");
        for (final DirectionSummary d : directions.subList(0, Math.min(MAX_ROWS, directions.size()))) {
            w.write("<tr><td>" + HtmlReport.esc(d.profile()) + "</td><td>" + HtmlReport.esc(d.direction()) + "</td><td>"
                + HtmlReport.esc(d.side().description()) + "</td><td>" + HtmlReport.esc(d.why()) + "</td><td>"
                + (d.fromStart() ? "yes" : "no: " + HtmlReport.esc(d.midConnectionReason())) + "</td></tr>\n");
        }
        w.write("</table>\n");
        if (directions.size() > MAX_ROWS) {
            w.write("<p>and " + (directions.size() - MAX_ROWS) + " more directions, listed in verdict.json.</p>\n");
        }
    }
}
