package org.mprt.ctk.cli;

import java.io.PrintStream;
import java.util.Locale;
import java.util.function.LongSupplier;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.rule.PassObserver;

/**
 * The line {@code ctk verdict} keeps on a terminal while it judges a capture: how far into the file
 * the pass is, the frames judged and how fast, so that a capture of many gigabytes (some five
 * seconds each on one core) does not look like a hung run. Rewritten in place at most once a second
 * ({@link #INTERVAL_NS}), the first time a second after the start, and cleared when the judgement
 * ends, so that the summary prints as it would without it.
 */
final class JudgementProgress implements PassObserver {
    static final long INTERVAL_NS = 1_000_000_000L;
    /** Frames between two looks at the clock: a look costs tens of nanoseconds, a frame's judgement about a microsecond. */
    static final int FRAMES_BETWEEN_LOOKS = 1 << 14;

    private final String name;
    private final long fileBytes;
    private final LongSupplier clock;
    private final PrintStream out;
    private final int framesBetweenLooks;
    private final long startNs;
    private long shownNs;
    private long frames;
    private int shownLength;

    JudgementProgress(final String name, final long fileBytes, final LongSupplier clock, final PrintStream out) {
        this(name, fileBytes, clock, out, FRAMES_BETWEEN_LOOKS);
    }

    /** As the kit's, looking at the clock every {@code framesBetweenLooks} frames (a power of two). */
    JudgementProgress(final String name, final long fileBytes, final LongSupplier clock, final PrintStream out,
                      final int framesBetweenLooks) {
        this.name = name;
        this.fileBytes = Math.max(1, fileBytes);
        this.clock = clock;
        this.out = out;
        this.framesBetweenLooks = framesBetweenLooks;
        this.startNs = clock.getAsLong();
        this.shownNs = startNs;
    }

    @Override
    public void observe(final Observation o) {
        if ((++frames & (framesBetweenLooks - 1)) == 0) {
            at(o.frame().recordOffsetBytes());
        }
    }

    /** Shows the line for the frames seen so far, the pass being at {@code offsetBytes}, if an interval has passed. */
    void at(final long offsetBytes) {
        final long now = clock.getAsLong();
        if (now - shownNs < INTERVAL_NS) {
            return;
        }
        shownNs = now;
        final String line = line(offsetBytes, now - startNs);
        // Padded over the line before, which may have been longer.
        out.print("\r" + line + " ".repeat(Math.max(0, shownLength - line.length())));
        out.flush();
        shownLength = line.length();
    }

    private String line(final long offsetBytes, final long elapsedNs) {
        return String.format(Locale.ROOT, "%s: %d %% of the file, %.1f M frames judged, %.2f M frames/s", name,
            Math.min(100, offsetBytes * 100 / fileBytes), frames / 1e6, frames * 1e3 / Math.max(1, elapsedNs));
    }

    /** Clears the line, if one was shown. */
    void finish() {
        if (shownLength > 0) {
            out.print("\r" + " ".repeat(shownLength) + "\r");
            out.flush();
            shownLength = 0;
        }
    }
}
