package org.mprt.ctk.verdict.stream;

import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.Evidence;
import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.JudgedWithoutTime;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.rule.PerStream;
import org.mprt.ctk.verdict.state.MessageRecord;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.Presence;
import org.mprt.ctk.verdict.state.StreamRecord;
import org.mprt.ctk.wire.mprt.MaethFlyweight;
import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * MPRT-STREAM-003 (mprt-v0.1.md section 6.2): a receiver never reports a CMSN beyond m for stream s
 * unless data packets it accepted before that ACK carried every byte [0, message_length) of every
 * message of s up to m (for an empty message, its one packet). Judged at the receiver's port, where
 * "captured before the ACK" is "accepted before it was sent".
 *
 * <p>Reading for a capture: each record that reports a higher CMSN than the stream's previous record
 * claims the messages in between complete; every byte of them must have arrived in a packet with a
 * valid ICRC (a packet the capture cut short counts, its headers say what it carried). Whether a
 * message lacks bytes is known only when the capture holds the direction from its start: otherwise
 * bytes may have arrived before the capture began.
 */
@JudgedWithoutTime
public final class CompletionRule extends BehaviourRule {

    /** Per stream, the CMSN up to which completions have been checked (in a one-element array, set in place). */
    private final PerStream<long[]> checkedUpTo = new PerStream<>();

    public CompletionRule() {
        super("MPRT-STREAM-003", JudgedAt.RECEIVER, false, true);
    }

    @Override
    public int kinds() {
        return FrameKind.MPRT_ACK.bit();
    }

    @Override
    public void observe(final Observation o) {
        if (!o.isMprtAck() || !o.isAccountable()) {
            return;
        }
        final MaethFlyweight a = o.packet().extensions().maeth();
        final MprtDirection d = o.mprtAnswered();
        final Evidence e = evidence.of(d);
        final int records = Math.min(a.recordCount(), MaethFlyweight.MAX_RECORDS);
        for (int k = 0; k < records; k++) {
            final int streamId = a.recordStreamId(k);
            long[] checked = checkedUpTo.find(d, streamId);
            if (checked == null) {
                checked = new long[1];
                checkedUpTo.put(d, streamId, checked);
            }
            final long from = checked[0];
            final long cmsn = a.recordCmsn(k);
            if (!SerialNumber.precedes32(from, cmsn)) {
                continue;
            }
            checked[0] = cmsn;
            final String v = incomplete(d.stream(streamId), streamId, from, cmsn);
            if (v == null) {
                e.conforming(o.frameNumber());
            } else if (!v.isEmpty()) {
                e.violation(o.frameNumber(), v);
                return;
            }
        }
    }

    /** Null when every message in [from, cmsn) is complete; empty when that cannot be told; else why not. */
    private static String incomplete(final StreamRecord s, final int streamId, final long from, final long cmsn) {
        if (s == null) {
            return claim(streamId, cmsn) + "no data packet of the stream arrived";
        }
        for (long m = from; SerialNumber.precedes32(m, cmsn); m = SerialNumber.add32(m, 1)) {
            final MessageRecord r = s.message(m);
            if (r == null) {
                return s.started(m) == Presence.UNKNOWN ? "" : claim(streamId, cmsn) + "no data packet of MSN " + m
                    + " arrived";
            }
            if (!r.isCoverageKnown()) {
                return "";
            }
            if (!r.isComplete()) {
                return claim(streamId, cmsn) + "MSN " + m + " lacks bytes from " + r.firstMissingByte() + " of its "
                    + r.length() + " (first packet: frame " + r.firstFrame() + ")";
            }
        }
        return null;
    }

    /** Built only for a violation: a rightful CMSN builds no text. */
    private static String claim(final int streamId, final long cmsn) {
        return "mprt.maeth.record.cmsn: CMSN " + cmsn + " reports stream " + streamId + " complete up to MSN "
            + SerialNumber.add32(cmsn, -1) + ", but ";
    }

    @Override
    protected String passText(final long checked) {
        return checked + " CMSN advances report only messages whose every byte had arrived";
    }

    @Override
    protected String notApplicableText() {
        return "no ACK in the capture reports a stream's CMSN advancing";
    }
}
