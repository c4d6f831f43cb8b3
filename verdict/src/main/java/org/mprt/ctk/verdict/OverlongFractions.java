package org.mprt.ctk.verdict;

import java.util.Locale;

/**
 * Classic pcap records whose fraction of a second is a second or more: a microseconds field of
 * 1000000 or more, or a nanoseconds field of 1000000000 or more, past the range the format gives it.
 * The kit reads such a time as carried into the seconds and the reports say so: a writer that put
 * nanoseconds under the microsecond magic number makes such records, and then every time in the
 * capture, and every verdict on timing, is wrong.
 *
 * @param count           such records
 * @param firstFrame      the first of them; 0 when none
 * @param firstFractionNs its fraction of a second, in nanoseconds; 0 when none
 */
public record OverlongFractions(long count, long firstFrame, long firstFractionNs) {

    public static final OverlongFractions NONE = new OverlongFractions(0, 0, 0);

    /** A sentence for the reports. */
    public String sentence() {
        return String.format(Locale.ROOT, "%d %s a fraction of a second of a second or more (the first: frame %d, %d.%09d s):"
                + " read as carried into the seconds; if the capture's writer put nanoseconds under the microsecond magic"
                + " number, every time in it is wrong, and so is every verdict on timing", count,
            count == 1 ? "record gives" : "records give", firstFrame, firstFractionNs / 1_000_000_000L,
            firstFractionNs % 1_000_000_000L);
    }
}
