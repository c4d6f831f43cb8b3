package org.mprt.ctk.verdict;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Frames of link types the kit does not unwrap (a capture card's own record format, a switch's tag in
 * front of the Ethernet header, and so on): counted as other traffic without being looked into, so a
 * RoCEv2 or MPRT packet among them is not judged, and a "no packets" verdict does not mean the capture
 * holds none. The reports say so rather than let those verdicts read as the capture's.
 *
 * @param count       such frames
 * @param firstFrame  the first of them; 0 when none
 * @param linkTypes   their LINKTYPE numbers, in the order first seen (the first {@link #MAX_LISTED})
 */
public record UnreadLinkTypes(long count, long firstFrame, List<Integer> linkTypes) {

    /** Link types named at most; a capture rarely mixes more. */
    public static final int MAX_LISTED = 8;
    public static final UnreadLinkTypes NONE = new UnreadLinkTypes(0, 0, List.of());

    /** A sentence for the reports. */
    public String sentence() {
        return count + (count == 1 ? " frame is" : " frames are") + " of a link type the kit does not unwrap (LINKTYPE "
            + linkTypes.stream().map(String::valueOf).collect(Collectors.joining(", ")) + "; the first: frame " + firstFrame
            + "): counted as other and not looked into, so a RoCEv2 or MPRT packet among them is not judged";
    }
}
