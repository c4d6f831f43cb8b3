package org.mprt.ctk.cli;

import java.io.PrintStream;
import java.util.Locale;
import java.util.function.LongSupplier;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.rule.PassObserver;

/**
 * The line {@code ctk verdict} keeps on a terminal while it judges a capture: how far into the file
 * the pass is, the frames judged, how fast and about how long the rest will take, so that a capture
 * of many gigabytes (some five seconds each on one core) does not look like a hung run. Rewritten in
 * place at most once a second ({@link #INTERVAL_NS}), the first time a second after the start, and
 * cleared when the judgement ends, so that the summary prints as it would without it.
 *
 * <p>The rate and the time left are those of the interval since the line was last shown: averaged
 * from the start, they would carry the JIT compilers' first seconds, when a frame costs several
 * times what it costs later, and overstate the time left for the whole judgement.
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
    private long shownNs;
    private long shownFrames;
    private long shownOffsetBytes;
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
        this.shownNs = clock.getAsLong();
    }

    @Override
    public void observe(final Observation o) {
        if ((++frames & (framesBetweenLooks - 1)) == 0) {
            at(frames, o.frame().recordOffsetBytes());
        }
    }

    /** Shows the line for {@code judged} frames, the pass being at {@code offsetBytes}, if an interval has passed. */
    void at(final long judged, final long offsetBytes) {
        final long now = clock.getAsLong();
        if (now - shownNs < INTERVAL_NS) {
            return;
        }
        final String line = line(judged, offsetBytes, now - shownNs);
        shownNs = now;
        shownFrames = judged;
        shownOffsetBytes = offsetBytes;
        // Padded over the line before, which may have been longer.
        out.print("\r" + line + " ".repeat(Math.max(0, shownLength - line.length())));
        out.flush();
        shownLength = line.length();
    }

    /** The line for {@code judged} frames at {@code offsetBytes}, {@code intervalNs} after the line before (or the start). */
    private String line(final long judged, final long offsetBytes, final long intervalNs) {
        final String done = String.format(Locale.ROOT, "%s: %d %% of the file, %.1f M frames judged, %.2f M frames/s", name,
            Math.min(100, offsetBytes * 100 / fileBytes), judged / 1e6, (judged - shownFrames) * 1e3 / Math.max(1, intervalNs));
        final long advancedBytes = offsetBytes - shownOffsetBytes;
        final long leftBytes = fileBytes - offsetBytes;
        if (advancedBytes <= 0 || leftBytes <= 0) {
            return done;
        }
        return done + ", about " + duration((long) Math.ceil(intervalNs / 1e9 * leftBytes / advancedBytes)) + " left";
    }

    private static String duration(final long seconds) {
        return seconds < 60 ? seconds + " s" : String.format(Locale.ROOT, "%d min %02d s", seconds / 60, seconds % 60);
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
