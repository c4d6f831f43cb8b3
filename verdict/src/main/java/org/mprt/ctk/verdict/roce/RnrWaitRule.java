package org.mprt.ctk.verdict.roce;

import java.util.IdentityHashMap;
import java.util.Map;
import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.state.QueuePairDirection;
import org.mprt.ctk.verdict.state.RoceOpcodes;
import org.mprt.ctk.verdict.state.Timers;
import org.mprt.ctk.wire.roce.AethSyndrome;

/**
 * ROCE-GBN-004 (rocev2-baseline.md section 9): after an RNR NAK with timer code c reaches it, the
 * requester does not send the NAKed request packet again earlier than the time Table 45 gives for c
 * ({@link RnrTimerTable}). Judged at the requester's port, where the NAK's capture is its arrival.
 *
 * <p>Reading for a capture: the NAKed packet is the request with the NAK's PSN; its next captured
 * copy is judged, against the wait shortened by the judging tolerance.
 */
public final class RnrWaitRule extends BehaviourRule {

    private record Nak(int psn, int code, long frame, long ns) {
    }

    private final Timers timers;
    private final Map<QueuePairDirection, Nak> waiting = new IdentityHashMap<>();

    public RnrWaitRule(final Timers timers) {
        super("ROCE-GBN-004", JudgedAt.SENDER, false, false);
        this.timers = timers;
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
        if (RoceOpcodes.isAcknowledge(o.packet().opcode())) {
            final int syndrome = o.packet().extensions().aeth().syndrome();
            if (AethSyndrome.kind(syndrome) != AethSyndrome.Kind.RNR_NAK) {
                return;
            }
            final QueuePairDirection d = ConnectedServices.answered(o, evidence);
            if (d != null) {
                waiting.put(d, new Nak(o.psn(), AethSyndrome.rnrTimer(syndrome), o.frameNumber(),
                    o.timestampNs()));
            }
            return;
        }
        if (!RoceOpcodes.isRequest(o.packet().opcode()) || waiting.isEmpty()) {
            return;
        }
        final QueuePairDirection d = o.state().roceRequests(o.packet());
        final Nak n = waiting.get(d);
        if (n == null || n.psn() != o.psn()) {
            return;
        }
        waiting.remove(d);
        final long waitedNs = o.timestampNs() - n.ns();
        final long owedNs = RnrTimerTable.waitNs(n.code());
        if (waitedNs < owedNs - timers.judgingToleranceNs()) {
            evidence.of(d).violation(o.frameNumber(), () -> "frame.time: request PSN " + n.psn() + " is sent again " + waitedNs
                + " ns after the RNR NAK of frame " + n.frame() + " (timer code " + n.code() + ", " + owedNs
                + " ns in Table 45; " + timers.judgingToleranceNs() + " ns judging tolerance)");
        } else {
            evidence.of(d).conforming(o.frameNumber());
        }
    }

    @Override
    protected String passText(final long checked) {
        return checked + " requests answered by an RNR NAK were sent again only after their RNR timer";
    }

    @Override
    protected String notApplicableText() {
        return "no RNR NAK followed by the NAKed request in the capture";
    }
}
