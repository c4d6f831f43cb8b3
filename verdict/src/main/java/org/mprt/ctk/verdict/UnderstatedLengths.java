package org.mprt.ctk.verdict;

/**
 * Records that state an original length under their captured length, as some writers make them (a
 * length of 0, or one that leaves out an FCS the capture kept). libpcap and Wireshark read them, and
 * every captured byte was on the wire, so the kit reads each frame whole, its length on the wire
 * taken as its captured length, and the reports say so rather than refuse the capture.
 *
 * @param count         such records
 * @param firstFrame    the first of them; 0 when none
 * @param firstCaptured its captured length
 * @param firstStated   the original length it states
 */
public record UnderstatedLengths(long count, long firstFrame, long firstCaptured, long firstStated) {

    public static final UnderstatedLengths NONE = new UnderstatedLengths(0, 0, 0, 0);

    /** A sentence for the reports. */
    public String sentence() {
        return count + (count == 1 ? " record states an original length under its captured length"
            : " records state original lengths under their captured lengths") + " (the first: frame " + firstFrame + ", "
            + firstCaptured + " bytes captured, " + firstStated + " stated): read as " + (count == 1 ? "its" : "their")
            + " captured length" + (count == 1 ? "" : "s");
    }
}
