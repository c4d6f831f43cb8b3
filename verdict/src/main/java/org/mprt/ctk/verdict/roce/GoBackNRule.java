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
 * ROCE-GBN-001 (rocev2-baseline.md section 9): after a PSN sequence error NAK with PSN e reaches it,
 * the requester's next request on the QP has PSN e, and it sends again, in PSN order and skipping
 * none, every request from e on that it had sent, before any new request. Judged at the requester's
 * port.
 *
 * <p>Reading for a capture: a request captured within the judging tolerance after the NAK that is not
 * the one the resend needs next may have left before the NAK was processed, and is not held against
 * the requester; one that is counts as the resend. An ACK that arrives during the resend
 * acknowledges the PSNs up to its own, which ROCE-ACK-003 forbids sending again, so the resend
 * continues after them. A repeated NAK with the same PSN does not start a new episode.
 */
public final class GoBackNRule extends QueuePairRule {

    private static final class Episode {
        final int ePsn;
        final int sentUpTo;
        final long frame;
        final long ns;
        int next;

        Episode(final int ePsn, final int sentUpTo, final long frame, final long ns) {
            this.ePsn = ePsn;
            this.sentUpTo = sentUpTo;
            this.frame = frame;
            this.ns = ns;
            this.next = ePsn;
        }

        boolean done() {
            return SerialNumber.precedes24(sentUpTo, next);
        }
    }

    private final Timers timers;
    private final Map<QueuePairDirection, Episode> open = new HashMap<>();

    public GoBackNRule(final Timers timers) {
        super("ROCE-GBN-001", JudgedAt.SENDER, false, false);
        this.timers = timers;
    }

    @Override
    protected void onAcknowledge(final Observation o) {
        final int syndrome = o.packet().extensions().aeth().syndrome();
        // Only a sequence error NAK the capture cannot bind hides an instance of this requirement.
        final QueuePairDirection d = syndrome == AethSyndrome.NakCode.PSN_SEQUENCE_ERROR.syndrome()
            ? ConnectedServices.answered(o, evidence) : o.state().roceAnswered(o.packet());
        if (d == null || !d.hasRequests()) {
            return;
        }
        final int psn = o.psn();
        final Episode e = open.get(d);
        if (syndrome == AethSyndrome.NakCode.PSN_SEQUENCE_ERROR.syndrome()) {
            if (e == null || e.ePsn != psn) {
                open.put(d, new Episode(psn, d.highestPsn(), o.frameNumber(), o.timestampNs()));
            }
        } else if (e != null && AethSyndrome.kind(syndrome) == AethSyndrome.Kind.ACK
            && SerialNumber.precedesOrEquals24(e.next, psn)) {
            e.next = SerialNumber.add24(psn, 1);
            if (e.done()) {
                open.remove(d);
            }
        }
    }

    @Override
    protected void onRequest(final Observation o) {
        final QueuePairDirection d = o.state().roceRequests(o.packet());
        final Episode e = open.get(d);
        if (e == null) {
            return;
        }
        final int psn = o.psn();
        final boolean settling = o.timestampNs() - e.ns <= timers.judgingToleranceNs();
        if (psn == e.next) {
            e.next = SerialNumber.add24(psn, 1);
            if (e.done()) {
                open.remove(d);
                evidence.of(d).conforming(o.frameNumber());
            }
            return;
        }
        if (settling) {
            return;
        }
        open.remove(d);
        final String what = SerialNumber.precedes24(e.sentUpTo, psn)
            ? "new request PSN " + psn + " before PSNs " + e.next + " to " + e.sentUpTo + " were sent again"
            : "PSN " + psn + " where the resend from PSN " + e.ePsn + " needs PSN " + e.next;
        evidence.of(d).violation(o.frameNumber(), () -> "bth.psn: after the PSN sequence error NAK of frame " + e.frame
            + " (PSN " + e.ePsn + "), " + what);
    }

    @Override
    protected String passText(final long checked) {
        return checked + " PSN sequence error NAKs were followed by a resend of every request from their PSN on, in order";
    }

    @Override
    protected String notApplicableText() {
        return "no PSN sequence error NAK answering captured requests";
    }
}
