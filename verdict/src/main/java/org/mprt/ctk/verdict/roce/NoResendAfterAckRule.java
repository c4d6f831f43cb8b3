package org.mprt.ctk.verdict.roce;

import java.util.HashMap;
import java.util.Map;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.state.QueuePairDirection;
import org.mprt.ctk.verdict.state.Timers;
import org.mprt.ctk.wire.roce.AethSyndrome;
import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * ROCE-ACK-003 (rocev2-baseline.md section 7): an ACK with PSN p acknowledges every request packet
 * up to p, a NAK (or RNR NAK) with PSN p every one before p; once such an answer reaches the
 * requester it sends none of them again. Judged at the requester's port, where an answer's capture
 * is its arrival.
 *
 * <p>Reading for a capture: a request captured within the judging tolerance after the answer may
 * have left before the answer was processed, and is not held against the requester. Every request
 * sent again is an instance.
 */
public final class NoResendAfterAckRule extends QueuePairRule {

    private record Acknowledged(int upTo, long frame, long ns) {
    }

    private final Timers timers;
    private final Map<QueuePairDirection, Acknowledged> acknowledged = new HashMap<>();

    public NoResendAfterAckRule(final Timers timers) {
        super("ROCE-ACK-003", JudgedAt.SENDER, false, false);
        this.timers = timers;
    }

    @Override
    protected void onAcknowledge(final Observation o) {
        final QueuePairDirection d = ConnectedServices.answered(o, evidence);
        if (d == null) {
            return;
        }
        final AethSyndrome.Kind kind = AethSyndrome.kind(o.packet().extensions().aeth().syndrome());
        if (kind == AethSyndrome.Kind.RESERVED) {
            return;
        }
        final int psn = o.psn();
        final int upTo = kind == AethSyndrome.Kind.ACK ? psn : SerialNumber.add24(psn, -1);
        final Acknowledged before = acknowledged.get(d);
        if (before == null || SerialNumber.precedes24(before.upTo(), upTo)) {
            acknowledged.put(d, new Acknowledged(upTo, o.frameNumber(), o.timestampNs()));
        }
    }

    @Override
    protected void onRequest(final Observation o) {
        final QueuePairDirection d = o.state().roceRequests(o.packet());
        final int psn = o.psn();
        if (!d.hasRequests() || !SerialNumber.precedesOrEquals24(psn, d.highestPsn())) {
            return;
        }
        final Acknowledged a = acknowledged.get(d);
        if (a != null && SerialNumber.precedesOrEquals24(psn, a.upTo())
            && o.timestampNs() - a.ns() > timers.judgingToleranceNs()) {
            evidence.of(d).violation(o.frameNumber(), () -> "bth.psn: request PSN " + psn + " is sent again although the"
                + " answer of frame " + a.frame() + " acknowledged every request up to PSN " + a.upTo());
        } else {
            evidence.of(d).conforming(o.frameNumber());
        }
    }

    @Override
    protected String passText(final long checked) {
        return checked + " requests sent again were not yet acknowledged";
    }

    @Override
    protected String notApplicableText() {
        return "no request sent again in the capture";
    }
}
