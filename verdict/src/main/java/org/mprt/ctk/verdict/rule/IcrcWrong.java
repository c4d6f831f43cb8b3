package org.mprt.ctk.verdict.rule;

import org.mprt.ctk.wire.Profile;

/**
 * A packet whose ICRC does not match is judged by the ICRC requirement alone (mprt-v0.1.md section
 * 16.3): changed on the way, its fields are not the ones its sender sent; sent so, MPRT-WIRE-007 or
 * ROCE-ICRC-001 fails it where the capture shows its sender. Every other rule of area WIRE leaves it
 * unjudged, and says so.
 */
public final class IcrcWrong {

    private IcrcWrong() {
    }

    /** True, after recording why in {@code evidence}, when the packet's ICRC does not match: the rule judges it no further. */
    public static boolean leftUnjudged(final Observation o, final Evidence evidence) {
        if (!o.isIcrcWrong()) {
            return false;
        }
        evidence.inconclusive(o.frameNumber(), () -> reason(o));
        return true;
    }

    /** Why such a packet is not judged, as a verdict gives it. */
    static String reason(final Observation o) {
        final String icrc = o.profileHint() == Profile.ROCEV2 ? "ROCE-ICRC-001" : "MPRT-WIRE-007";
        return "frame " + o.frameNumber() + ": its ICRC does not match, and " + icrc + " alone judges such a packet (changed"
            + " on the way, its fields are not the ones its sender sent; sent so, " + icrc + " fails it where the capture"
            + " shows its sender)";
    }
}
