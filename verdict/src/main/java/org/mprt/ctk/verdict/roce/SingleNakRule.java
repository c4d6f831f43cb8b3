package org.mprt.ctk.verdict.roce;

import java.util.HashMap;
import java.util.Map;
import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.JudgedWithoutTime;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.state.QueuePairDirection;
import org.mprt.ctk.verdict.state.RoceOpcodes;
import org.mprt.ctk.wire.roce.AethSyndrome;

/**
 * ROCE-NAK-002 (rocev2-baseline.md section 8): after a PSN sequence error NAK on a QP, a responder
 * sends no further one on that QP until it has accepted a request with PSN equal to its ePSN (the
 * NAK's PSN). Judged at the responder's port.
 *
 * <p>Reading for a capture: the episode ends when a request carrying the NAK's PSN is captured. At
 * the responder's port that request arrives before the responder can answer anything after it. At
 * the requester's port it does not: a resend of that PSN (a timeout's) may cross the first NAK on the
 * way and be accepted after it was sent, though captured before it, so a second NAK there proves
 * nothing (rocev2-baseline.md section 13: the requirement is judged at the responder's port only).
 */
@JudgedWithoutTime
public final class SingleNakRule extends BehaviourRule {

    private record Episode(int ePsn, long frame) {
    }

    private final Map<QueuePairDirection, Episode> open = new HashMap<>();

    public SingleNakRule() {
        super("ROCE-NAK-002", JudgedAt.RECEIVER, false, false);
    }

    @Override
    public int kinds() {
        return FrameKind.ROCEV2.bit();
    }

    @Override
    public void observe(final Observation o) {
        if (!o.isRocev2() || !o.isAccountable()) {
            return;
        }
        if (RoceOpcodes.isRequest(o.packet().opcode())) {
            final QueuePairDirection d = o.state().roceRequests(o.packet());
            final Episode e = open.get(d);
            if (e != null && e.ePsn() == o.psn()) {
                open.remove(d);
            }
            return;
        }
        if (!RoceOpcodes.isAcknowledge(o.packet().opcode())
            || o.packet().extensions().aeth().syndrome() != AethSyndrome.NakCode.PSN_SEQUENCE_ERROR.syndrome()) {
            return;
        }
        final QueuePairDirection d = ConnectedServices.answered(o, evidence);
        if (d == null) {
            return;
        }
        final Episode e = open.get(d);
        if (e != null) {
            evidence.of(d).violation(o.frameNumber(), () -> "roce.aeth.syndrome: a second PSN sequence error NAK (PSN "
                + o.psn() + ") while the one of frame " + e.frame() + " stands: no request with PSN "
                + e.ePsn() + " arrived between them");
            return;
        }
        evidence.of(d).conforming(o.frameNumber());
        open.put(d, new Episode(o.psn(), o.frameNumber()));
    }

    @Override
    protected String passText(final long checked) {
        return checked + " PSN sequence error NAKs each open a new episode";
    }

    @Override
    protected String notApplicableText() {
        return "no PSN sequence error NAK in the capture";
    }
}
