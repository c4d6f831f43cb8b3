package org.mprt.ctk.verdict;

import org.mprt.ctk.verdict.state.CaptureSide;
import org.mprt.ctk.verdict.state.Direction;

/**
 * One connection direction of the capture as the reports list it: where the engine placed the
 * capture for it, and why, and whether the capture holds it from its start. The rules judged at a
 * sender's or a receiver's port rest on these placements, so a person reading a verdict can check them.
 *
 * @param profile             {@code MPRT} or {@code RoCEv2}
 * @param direction           how the reports name it, e.g. {@code DestQP 0x000100, SCN 0x000200}
 * @param side                where the capture stands for it
 * @param why                 the reason, e.g. stated, marked by cooked headers, loopback addresses, answer timing
 * @param fromStart           true when the capture holds the direction from its first packet
 * @param midConnectionReason why the capture is taken to start in mid-connection, or null
 */
public record DirectionSummary(String profile, String direction, CaptureSide side, String why, boolean fromStart,
                               String midConnectionReason) {

    static DirectionSummary of(final String profile, final Direction d) {
        return new DirectionSummary(profile, d.label(), d.side(), d.sideReason(), d.observedFromStart(),
            d.midConnectionReason());
    }

    /** The side as the JSON report writes it: {@code sender}, {@code receiver}, {@code both-ends}, {@code between}, {@code unknown}. */
    public String sideName() {
        return side.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
}
