package org.mprt.ctk.verdict.connection;

import java.util.LinkedHashMap;
import java.util.Map;
import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.Evidence;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.state.CaptureState;
import org.mprt.ctk.verdict.state.DirectionKey;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.MprtOpcodes;
import org.mprt.ctk.verdict.state.Plane;
import org.mprt.ctk.wire.decode.DecodedPacket;
import org.mprt.ctk.wire.mprt.MaethFlyweight;
import org.mprt.ctk.wire.mprt.MnethFlyweight;
import org.mprt.ctk.wire.mprt.MpethFlyweight;

/**
 * MPRT-CONN-002 (mprt-v0.1.md section 5.2): every packet node A sends on its connection with B
 * carries DestQP = B's number and SCN = A's, so that each ACK, NAK and PROBE_REPLY carries the
 * reverse of the (DestQP, SCN) pair of the packet it answers. Judged anywhere: the pair does not
 * change on the way.
 *
 * <p>Reading for a capture: a capture cannot tell which numbers two nodes agreed, only whether each
 * answer names the connection of the packet it answers. The answered packet is found on the
 * answer's plane, the other way round, by what the answer repeats of it: an ACK by the path and the
 * tx_timestamp it echoes, a NAK by path, PSN, stream, MSN and offset, a PROBE_REPLY by probe_id and
 * tx_timestamp. An answer whose packet the capture does not hold cannot be judged.
 */
public final class ConnectionNamingRule extends BehaviourRule {

    /** Packets remembered for matching answers; answers follow within microseconds. */
    static final int REMEMBERED = 1 << 14;

    /**
     * What an answer repeats of the packet it answers, on that packet's plane. The plane's addresses
     * are held inline, not as a {@link Plane}, so that comparing keys reads one object, not two.
     */
    private record Answered(long sourceHigh, long sourceLow, long destinationHigh, long destinationLow, boolean ipv6,
                            int pathId, int psn, long a, long b, long c) {

        Answered(final Plane plane, final int pathId, final int psn, final long a, final long b, final long c) {
            this(plane.sourceHigh(), plane.sourceLow(), plane.destinationHigh(), plane.destinationLow(), plane.ipv6(),
                pathId, psn, a, b, c);
        }

        /**
         * Timestamps, MSNs and offsets differ in few low bits from one packet to the next: the bits
         * are mixed so that buckets stay short (the record's own hash left long chains).
         */
        @Override
        public int hashCode() {
            long h = a * 0x9E3779B97F4A7C15L + b * 0xC2B2AE3D27D4EB4FL + c * 0x165667B19E3779F9L
                + (((long) pathId << 32) | (psn & 0xFFFF_FFFFL)) * 0xD6E8FEB86659FD93L
                + (sourceHigh * 31 + sourceLow) * 0x27D4EB2F165667C5L + (destinationHigh * 31 + destinationLow);
            h ^= h >>> 31;
            h *= 0xBF58476D1CE4E5B9L;
            return (int) (h ^ h >>> 32);
        }

        @Override
        public boolean equals(final Object other) {
            return other instanceof Answered o && a == o.a && b == o.b && c == o.c && pathId == o.pathId
                && psn == o.psn && sourceLow == o.sourceLow && destinationLow == o.destinationLow
                && sourceHigh == o.sourceHigh && destinationHigh == o.destinationHigh && ipv6 == o.ipv6;
        }
    }

    private record Sent(DirectionKey pair, long frame) {
    }

    private final Map<Answered, Sent> sent = new LinkedHashMap<>(1024, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(final Map.Entry<Answered, Sent> eldest) {
            return size() > REMEMBERED;
        }
    };

    public ConnectionNamingRule() {
        super("MPRT-CONN-002", JudgedAt.ANYWHERE, true, false);
    }

    @Override
    public void observe(final Observation o) {
        if (!o.isMprt() || !o.isAccountable()) {
            return;
        }
        final DecodedPacket p = o.packet();
        final Plane plane = Plane.of(p);
        if (MprtOpcodes.isData(p)) {
            final var m = p.extensions().mdeth();
            final Sent s = new Sent(CaptureState.pairOf(p), o.frameNumber());
            sent.put(new Answered(plane, m.pathId(), -1, m.txTimestamp(), -1, -1), s);
            sent.put(new Answered(plane, m.pathId(), p.bth().psn(), m.streamId(), m.msn(), m.messageOffset()), s);
        } else if (MprtOpcodes.isProbe(p)) {
            final MpethFlyweight m = p.extensions().mpeth();
            sent.put(new Answered(plane, -1, -1, m.probeId(), m.txTimestamp(), -1),
                new Sent(CaptureState.pairOf(p), o.frameNumber()));
        } else if (MprtOpcodes.isAnswer(p)) {
            judge(o, plane.reversed());
        }
    }

    private void judge(final Observation o, final Plane answeredPlane) {
        final DecodedPacket p = o.packet();
        final Sent answered = sent.get(key(p, answeredPlane));
        final MprtDirection d = o.state().mprtAnswered(p);
        final Evidence e = evidence.of(d);
        final DirectionKey pair = CaptureState.pairOf(p);
        if (answered == null) {
            e.inconclusive(o.frameNumber(), "frame " + o.frameNumber() + ": the packet this answer answers is not in"
                + " the capture");
        } else if (answered.pair().reversed().equals(pair)) {
            e.conforming(o.frameNumber());
        } else {
            e.violation(o.frameNumber(), "bth.dest_qp and SCN: the answer carries " + pair + ", but the packet it"
                + " answers (frame " + answered.frame() + ") carries " + answered.pair() + ", so expected "
                + answered.pair().reversed());
        }
    }

    private static Answered key(final DecodedPacket p, final Plane plane) {
        if (MprtOpcodes.isAck(p)) {
            final MaethFlyweight a = p.extensions().maeth();
            return new Answered(plane, a.pathId(), -1, a.echoTimestamp(), -1, -1);
        }
        if (MprtOpcodes.isNak(p)) {
            final MnethFlyweight n = p.extensions().mneth();
            return new Answered(plane, n.pathId(), p.bth().psn(), n.streamId(), n.msn(), n.messageOffset());
        }
        final MpethFlyweight r = p.extensions().mpeth();
        return new Answered(plane, -1, -1, r.probeId(), r.txTimestamp(), -1);
    }

    @Override
    protected String passText(final long checked) {
        return checked + " ACKs, NAKs and PROBE_REPLYs carry the reverse of the pair of the packet they answer";
    }

    @Override
    protected String notApplicableText() {
        return "no MPRT answer in the capture";
    }
}
