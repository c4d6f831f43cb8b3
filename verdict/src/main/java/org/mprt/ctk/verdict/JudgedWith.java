package org.mprt.ctk.verdict;

import java.net.InetAddress;
import java.util.List;
import org.mprt.ctk.pics.Pics;
import org.mprt.ctk.verdict.state.CapturePoint;
import org.mprt.ctk.verdict.state.Timers;

/**
 * What a capture was judged with besides its frames, as the reports state it: the PICS the
 * implementation declared (none: the spec's defaults), the timers and JUDGING_TOLERANCE the rules
 * applied, where the judge was told the capture was taken, and whether it was told that the capture
 * holds every connection from its first packet. A verdict on timing depends on each of them.
 *
 * @param declaration     the PICS, or null when the capture was judged without one
 * @param scriptedSenders the addresses of a tester whose packets break the spec on purpose (a scripted
 *                        probe); empty for any other capture
 */
public record JudgedWith(Declaration declaration, Timers timers, CapturePoint capturePoint, boolean fromConnectionStart,
                         List<InetAddress> scriptedSenders) {

    /** Whether a scripted tester sent the frame from {@code source}. */
    public boolean isScripted(final InetAddress source) {
        return scriptedSenders.contains(source);
    }

    /** One line for a console: the PICS or the defaults, and the JUDGING_TOLERANCE. */
    public String sentence() {
        return "judged with " + (declaration == null ? "the spec's defaults (no PICS)" : "the PICS " + declaration.source()
            + " of " + declaration.implementation() + " " + declaration.version()) + ", JUDGING_TOLERANCE "
            + timers.judgingToleranceNs() + " ns";
    }

    /** The PICS a capture was judged with: where it came from (its file), its profile, and the implementation it names. */
    public record Declaration(String source, String profile, String implementation, String version) {

        static Declaration of(final Pics pics) {
            return pics == null ? null : new Declaration(pics.source(), pics.profile(),
                pics.implementationName(), pics.implementationVersion());
        }
    }
}
