package org.mprt.ctk.verdict.report;

import java.io.IOException;
import java.io.Writer;
import java.util.Locale;
import org.mprt.ctk.verdict.timeline.PathPlot;

/**
 * Draws one path's time-sequence ({@link PathPlot}) as inline SVG: PSN against time (or frame number), first
 * transmissions as blue dots, retransmissions as red squares, and for each ACK its cumulative PSN
 * as a green step line with a thin green bar up to the highest PSN its SACK bitmap acknowledges. The
 * points were sampled during the judge's pass, so the drawing has a bounded size whatever the
 * capture's length; the caption gives the exact counts. Dots of a series are drawn as one path
 * element of zero-length segments with round caps, which keeps the markup small.
 */
final class TimeSequenceSvg {

    static final int WIDTH = 720;
    static final int HEIGHT = 260;
    static final int LEFT = 64;
    static final int RIGHT = 12;
    private static final int TOP = 12;
    private static final int BOTTOM = 36;

    private final long t0;
    private final long t1;
    private final long y0;
    private final long y1;

    private TimeSequenceSvg(final long t0, final long t1, final long y0, final long y1) {
        this.t0 = t0;
        this.t1 = Math.max(t1, t0 + 1);
        this.y0 = y0;
        this.y1 = Math.max(y1, y0 + 1);
    }

    /** Writes the plot, its times counted from {@code start} (a frame-number axis shows the numbers themselves). */
    static void write(final PathPlot p, final long start, final Writer w) throws IOException {
        long lo = Long.MAX_VALUE;
        long hi = Long.MIN_VALUE;
        for (final long[] a : new long[][] {p.dataPsn(), p.resentPsn(), p.ackCack(), p.ackSacked()}) {
            for (final long v : a) {
                lo = Math.min(lo, v);
                hi = Math.max(hi, v);
            }
        }
        if (lo > hi) {
            return;
        }
        final TimeSequenceSvg s = new TimeSequenceSvg(p.first(), p.last(), lo, hi);
        w.write("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"tsg\" width=\"" + WIDTH + "\" height=\"" + HEIGHT
            + "\" viewBox=\"0 0 " + WIDTH + " " + HEIGHT + "\" role=\"img\" aria-label=\"PSN against "
            + (p.axis() == PathPlot.Axis.TIME_NS ? "time" : "frame number") + ", path " + p.pathId() + "\">\n");
        s.axes(p.axis(), start, w);
        s.acks(p, w);
        s.dots(p.dataAt(), p.dataPsn(), "#1f77b4", "round", 3, w);
        s.dots(p.resentAt(), p.resentPsn(), "#d62728", "square", 5, w);
        w.write("</svg>\n");
    }

    private double x(final long ns) {
        return LEFT + (double) (ns - t0) * (WIDTH - LEFT - RIGHT) / (t1 - t0);
    }

    private double y(final long psn) {
        return HEIGHT - BOTTOM - (double) (psn - y0) * (HEIGHT - TOP - BOTTOM) / (y1 - y0);
    }

    /**
     * Appends a coordinate of the drawing to one decimal, as {@code %.1f} writes it but for a value
     * whose tenths land on the other side of a half in {@code v * 10}. Negative ones occur: a point
     * captured after the clock stepped back lies left of the axis's start. Why not
     * {@code String.format}: a plot holds thousands of points, and formatting them took most of the
     * time the HTML page of a 1 M-frame capture took to write.
     */
    static StringBuilder tenths(final StringBuilder out, final double v) {
        if (v < 0) {
            out.append('-');
        }
        final long t = Math.round(Math.abs(v) * 10);
        return out.append(t / 10).append('.').append(t % 10);
    }

    private void axes(final PathPlot.Axis axis, final long start, final Writer w) throws IOException {
        final boolean timed = axis == PathPlot.Axis.TIME_NS;
        final int bottom = HEIGHT - BOTTOM;
        w.write("<path d=\"M" + LEFT + " " + TOP + "V" + bottom + "H" + (WIDTH - RIGHT) + "\" fill=\"none\" stroke=\"#444\""
            + " stroke-width=\"1\"/>\n");
        for (int i = 0; i <= 4; i++) {
            final long ns = t0 + (t1 - t0) * i / 4;
            final long psn = y0 + (y1 - y0) * i / 4;
            w.write(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" font-size=\"10\" text-anchor=\"middle\">%s</text>",
                x(ns), bottom + 14, timed ? String.format(Locale.ROOT, "%.1f", (ns - start) / 1000.0) : Long.toString(ns)));
            w.write(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" font-size=\"10\" text-anchor=\"end\">%d</text>\n",
                LEFT - 4, y(psn) + 3, psn));
        }
        w.write("<text x=\"" + (WIDTH / 2) + "\" y=\"" + (HEIGHT - 4) + "\" font-size=\"10\" text-anchor=\"middle\">"
            + (timed ? "time (µs after the first plotted packet)" : "frame number (the capture records no time)")
            + "</text>\n<text x=\"12\" y=\"" + (HEIGHT / 2) + "\" font-size=\"10\""
            + " transform=\"rotate(-90 12 " + (HEIGHT / 2) + ")\" text-anchor=\"middle\">PSN</text>\n");
    }

    private void acks(final PathPlot p, final Writer w) throws IOException {
        final long[] ns = p.ackAt();
        if (ns.length == 0) {
            return;
        }
        final StringBuilder step = new StringBuilder(ns.length * 24);
        final StringBuilder bars = new StringBuilder(ns.length * 24);
        for (int i = 0; i < ns.length; i++) {
            final double x = x(ns[i]);
            final double cack = y(p.ackCack()[i]);
            if (i == 0) {
                tenths(tenths(step.append('M'), x).append(' '), cack);
            } else {
                tenths(tenths(step.append('H'), x).append('V'), cack);
            }
            if (p.ackSacked()[i] != p.ackCack()[i]) {
                tenths(tenths(tenths(bars.append('M'), x).append(' '), cack).append('V'), y(p.ackSacked()[i]));
            }
        }
        w.write("<path d=\"" + step + "\" fill=\"none\" stroke=\"#2ca02c\" stroke-width=\"1.2\"/>\n");
        if (bars.length() > 0) {
            w.write("<path d=\"" + bars + "\" fill=\"none\" stroke=\"#2ca02c\" stroke-width=\"0.6\" stroke-opacity=\"0.6\"/>\n");
        }
    }

    private void dots(final long[] ns, final long[] psn, final String colour, final String cap, final int size,
                      final Writer w) throws IOException {
        if (ns.length == 0) {
            return;
        }
        final StringBuilder d = new StringBuilder(ns.length * 16);
        for (int i = 0; i < ns.length; i++) {
            tenths(tenths(d.append('M'), x(ns[i])).append(' '), y(psn[i])).append("h0");
        }
        w.write("<path d=\"" + d + "\" stroke=\"" + colour + "\" stroke-width=\"" + size + "\" stroke-linecap=\"" + cap
            + "\"/>\n");
    }
}
