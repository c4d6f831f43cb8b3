package org.mprt.ctk.verdict.wire;

import java.util.List;
import org.mprt.ctk.verdict.Outcome;
import org.mprt.ctk.verdict.Verdict;
import org.mprt.ctk.verdict.rule.Evidence;
import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.JudgedWithoutTime;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.rule.Rule;
import org.mprt.ctk.verdict.state.CaptureState;
import org.mprt.ctk.verdict.state.Plane;
import org.mprt.ctk.wire.Profile;

/**
 * MPRT-WIRE-007 and ROCE-ICRC-001: the ICRC is the one RoCEv2 defines. The same computation serves
 * both profiles; each requirement gets its own instance. A packet a snap length cut short has lost
 * its ICRC and is not judged.
 *
 * <p>Where it is judged (mprt-v0.1.md section 16.3): an ICRC that matches conforms wherever the
 * capture was taken, for the network cannot make a wrong ICRC right. One that does not match was
 * changed on the way or sent so, and only a capture at its sender's ports tells which: it is held
 * against its sender when the capture stands at the ports of the node its source address belongs
 * to, stated or inferred from that node's connections once the capture is read
 * ({@link IcrcMismatches}); elsewhere it is not judged, and the verdict is inconclusive: an instance of
 * the requirement the capture cannot decide, which stating the capture point may settle.
 */
@JudgedWithoutTime
public final class IcrcRule extends Rule {

    private final Profile profile;
    private final String subject;
    private final Evidence matching;
    private final IcrcMismatches mismatches = new IcrcMismatches();
    /** The judgement's state, kept from the first packet: the capture point is read from it at the end. */
    private CaptureState state;

    private IcrcRule(final String requirementId, final Profile profile, final String subject) {
        this.matching = new Evidence(requirementId);
        this.profile = profile;
        this.subject = subject;
    }

    public static IcrcRule mprt() {
        return new IcrcRule("MPRT-WIRE-007", Profile.MPRT, "MPRT packets");
    }

    public static IcrcRule rocev2() {
        return new IcrcRule("ROCE-ICRC-001", Profile.ROCEV2, "RoCEv2 packets");
    }

    @Override
    public String requirementId() {
        return matching.requirementId();
    }

    /** Also the frames whose decoding stopped at a header: their ICRC may have been computed, and be wrong. */
    @Override
    public int kinds() {
        return (profile == Profile.MPRT ? FrameKind.MPRT : FrameKind.ROCEV2.bit()) | FrameKind.OTHER.bit();
    }

    @Override
    public void observe(final Observation o) {
        if (o.isIcrcWrong()) {
            if (o.profileHint() == profile) {
                mismatched(o);
            }
            return;
        }
        if (o.isWholePacket() && o.packet().profile() == profile) {
            matching.conforming(o.frameNumber());
        }
    }

    /** A packet whose ICRC does not match, whether its headers were whole or one of them broken. */
    private void mismatched(final Observation o) {
        state = o.state();
        mismatches.add(Plane.of(o.packet()).source(), o.frameNumber(), () -> "icrc: expected 0x"
            + Integer.toHexString(o.packet().icrcComputed()) + ", found 0x" + Integer.toHexString(o.packet().icrcFound())
            + " at byte " + (o.packet().icrcOffset() - o.packet().frameOffset()));
    }

    @Override
    public Verdict verdict() {
        final String id = requirementId();
        final IcrcMismatches.Held held = state == null ? null : mismatches.held(state);
        if (held != null && held.violations() > 0) {
            final long checked = matching.checked() + held.violations();
            final String more = held.violations() > 1 ? " (" + (held.violations() - 1) + " more of " + checked + " checked)" : "";
            return new Verdict(id, Outcome.FAIL, held.frames(), held.firstViolation() + more, checked, held.violations());
        }
        if (held != null && held.notJudged() > 0) {
            // Such a packet is an instance the capture cannot decide: the requirement is not shown to hold on all.
            return new Verdict(id, Outcome.INCONCLUSIVE, List.of(held.reasonFrame()), held.reason()
                + (held.notJudged() > 1 ? " (" + held.notJudged() + " packets whose ICRC does not match not judged)" : "")
                + (matching.checked() > 0 ? "; " + matching.checked() + " other " + subject + " checked conform" : "")
                + "; state where the capture was taken if it was at their sender's ports", 0, 0);
        }
        if (matching.checked() > 0) {
            return new Verdict(id, Outcome.PASS, matching.frames(), matching.checked() + " " + subject + " checked; all conform",
                matching.checked(), 0);
        }
        return new Verdict(id, Outcome.NOT_APPLICABLE, List.of(), "no " + subject + " in the capture", 0, 0);
    }
}
