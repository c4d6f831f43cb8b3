package org.mprt.ctk.verdict.placement;

import java.util.HashMap;
import java.util.Map;
import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.Evidence;
import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.JudgedWithoutTime;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.rule.PerStream;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.wire.mprt.MdethFlyweight;
import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * MPRT-PLACE-003 (mprt-v0.1.md sections 4.3 and 7.2): on each stream the SEND messages, taken in MSN
 * order, carry RSN 0, 1, 2 and so on: a SEND's RSN is the number of SEND messages with a smaller MSN.
 *
 * <p>Reading for a capture: messages are taken in MSN order as the first packet of each is captured,
 * waiting for a missing MSN before going on, so the rule never guesses the kind of a message it has
 * not seen. A stream captured from MSN 0 is counted from RSN 0; one captured from a later MSN learns
 * the count from its first SEND and judges the SENDs after it. The RSN and the kinds do not change
 * on the way, so a violation seen anywhere is one; the spec judges the rule at the sender's port.
 */
@JudgedWithoutTime
public final class ReceiveSequenceRule extends BehaviourRule {

    /** Messages waiting for an earlier MSN; beyond this the stream starts counting afresh. */
    static final int MAX_WAITING = 4096;

    private record Begun(boolean send, long rsn, long frame) {
    }

    private static final class Count {
        long nextMsn;
        boolean known;
        long sends;
        final Map<Long, Begun> waiting = new HashMap<>();
    }

    private final PerStream<Count> streams = new PerStream<>();

    public ReceiveSequenceRule() {
        super("MPRT-PLACE-003", JudgedAt.SENDER, true, false);
    }

    @Override
    public int kinds() {
        return FrameKind.MPRT_DATA.bit();
    }

    @Override
    public void observe(final Observation o) {
        if (!o.isMprtData() || !o.isAccountable()) {
            return;
        }
        final MdethFlyweight m = o.packet().extensions().mdeth();
        final MprtDirection d = o.mprtDirection();
        final boolean fromStart = o.state().isFromConnectionStart();
        final Count c = count(d, m, fromStart);
        final long msn = m.msn();
        if (SerialNumber.precedes32(msn, c.nextMsn)) {
            return;
        }
        if (msn == c.nextMsn && c.waiting.isEmpty()) {
            // The next message, nothing waiting for it: what resolve would do, without the map.
            begin(c, m.isSendLayout(), m.isSendLayout() ? m.rsn() : 0, o.frameNumber(), m.streamId(), evidence.of(d));
            return;
        }
        if (c.waiting.containsKey(msn)) {
            return;
        }
        c.waiting.put(msn, new Begun(m.isSendLayout(), m.isSendLayout() ? m.rsn() : 0, o.frameNumber()));
        if (c.waiting.size() > MAX_WAITING) {
            c.nextMsn = lowestWaiting(c);
            c.known = false;
        }
        resolve(c, m.streamId(), evidence.of(d));
    }

    /** The stream's count; the last one is kept at hand, as consecutive packets mostly share a stream. */
    private Count count(final MprtDirection d, final MdethFlyweight m, final boolean fromStart) {
        Count c = streams.find(d, m.streamId());
        if (c == null) {
            c = new Count();
            c.nextMsn = fromStart ? 0 : m.msn();
            c.known = fromStart || m.msn() == 0;
            streams.put(d, m.streamId(), c);
        }
        return c;
    }

    private static void resolve(final Count c, final int streamId, final Evidence e) {
        for (Begun b = c.waiting.remove(c.nextMsn); b != null; b = c.waiting.remove(c.nextMsn)) {
            begin(c, b.send(), b.rsn(), b.frame(), streamId, e);
        }
    }

    /** Message {@code c.nextMsn} began (in {@code frame}): a SEND's RSN is judged, and the count moves on. */
    private static void begin(final Count c, final boolean send, final long rsn, final long frame, final int streamId,
                              final Evidence e) {
        if (send) {
            if (!c.known) {
                c.sends = rsn;
                c.known = true;
            } else if (rsn == c.sends) {
                e.conforming(frame);
            } else {
                e.violation(frame, "mprt.mdeth.rsn: expected " + c.sends + " for the SEND with MSN " + c.nextMsn
                    + " of stream " + streamId + " (" + c.sends + " SEND messages before it), found " + rsn);
            }
            c.sends = SerialNumber.add32(c.sends, 1);
        }
        c.nextMsn = SerialNumber.add32(c.nextMsn, 1);
    }

    private static long lowestWaiting(final Count c) {
        long lowest = c.waiting.keySet().iterator().next();
        for (final long msn : c.waiting.keySet()) {
            if (SerialNumber.precedes32(msn, lowest)) {
                lowest = msn;
            }
        }
        return lowest;
    }

    @Override
    protected String passText(final long checked) {
        return checked + " SEND messages carry the RSN that counts the SENDs before them on their stream";
    }

    @Override
    protected String notApplicableText() {
        return "no MPRT_SEND whose place in its stream the capture shows";
    }
}
