package org.mprt.ctk.verdict.state;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.mprt.ctk.pcap.Frame;
import org.mprt.ctk.wire.decode.DecodeStatus;
import org.mprt.ctk.wire.decode.DecodedPacket;
import org.mprt.ctk.wire.ip.Ecn;
import org.mprt.ctk.wire.mprt.MaethFlyweight;
import org.mprt.ctk.wire.mprt.MdethFlyweight;
import org.mprt.ctk.wire.mprt.MpethFlyweight;
import org.mprt.ctk.wire.mprt.MprtNakCode;
import org.mprt.ctk.wire.opcode.OpcodeTable;
import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * Learns MPRT connections from the packets in capture order: data packets fill the paths, streams
 * and segments of their direction; ACKs, NAKs and PROBE_REPLYs, which carry the reverse
 * (DestQP, SCN) pair, update the direction they answer; PROBEs abandon what their path left unacknowledged.
 */
final class MprtTracker {

    /**
     * Connection directions followed at most. Past it a packet of a new direction is not followed:
     * the header rules still judge it, the behavioural rules do not see it, and the capture summary
     * counts it as untracked. 1024 directions are 512 connections, more than a device's ports carry in
     * a conformance capture. A direction's rings and tables are bounded by the protocol's windows and
     * grow with its traffic, from about 81 KB for a connection of 100 frames to about 11 MB when its
     * segment and message tables are full, whatever the capture's length.
     */
    static final int MAX_DIRECTIONS = CaptureState.MAX_DIRECTIONS;

    private final Map<DirectionKey, MprtDirection> directions = new LinkedHashMap<>();
    private final long[] words = new long[MaethFlyweight.SACK_BITMAP_WORDS];
    private final int lossThreshold;
    private long untrackedFrames;

    private final Planes planes;
    private MprtDirection recent;
    private MprtDirection previous;
    /** The last pair looked up and not found, while no direction has been made since. */
    private boolean missed;
    private int missedDestQp;
    private int missedScn;

    MprtTracker(final int lossThreshold, final Planes planes) {
        this.lossThreshold = lossThreshold;
        this.planes = planes;
    }

    long untrackedFrames() {
        return untrackedFrames;
    }

    MprtDirection get(final DirectionKey key) {
        return get(key.destQp(), key.scn());
    }

    /**
     * The direction of this pair, or null. The last two found are tried first (a packet's own
     * direction and the one it answers), without making a key; directions are never removed, so
     * they stay right.
     */
    MprtDirection get(final int destQp, final int scn) {
        if (isPair(recent, destQp, scn)) {
            return recent;
        }
        if (isPair(previous, destQp, scn)) {
            final MprtDirection d = previous;
            previous = recent;
            recent = d;
            return d;
        }
        if (missed && destQp == missedDestQp && scn == missedScn) {
            return null;
        }
        final MprtDirection d = directions.get(new DirectionKey(destQp, scn));
        if (d != null) {
            previous = recent;
            recent = d;
        } else {
            // A direction often has no reverse (data one way only): remember the miss until one is made.
            missed = true;
            missedDestQp = destQp;
            missedScn = scn;
        }
        return d;
    }

    private static boolean isPair(final MprtDirection d, final int destQp, final int scn) {
        return d != null && d.key().destQp() == destQp && d.key().scn() == scn;
    }

    Collection<MprtDirection> all() {
        return Collections.unmodifiableCollection(directions.values());
    }

    /** The SCN of an MPRT packet, from whichever extension header its opcode has. */
    static int scn(final DecodedPacket p) {
        final int op = p.opcodeValue();
        if (op == OpcodeTable.MPRT_ACK.code()) {
            return p.extensions().maeth().scn();
        }
        if (op == OpcodeTable.MPRT_NAK.code()) {
            return p.extensions().mneth().scn();
        }
        if (op == OpcodeTable.MPRT_PROBE.code() || op == OpcodeTable.MPRT_PROBE_REPLY.code()) {
            return p.extensions().mpeth().scn();
        }
        return p.extensions().mdeth().scn();
    }

    /**
     * Makes sure the direction and path a packet names exist, empty if new, so that rules judging
     * the packet can keep their evidence with them; nothing of the packet is learnt yet.
     */
    boolean admit(final long frame, final DecodedPacket p) {
        final MprtDirection d = MprtOpcodes.isAnswer(p) ? direction(scn(p), p.bth().destQp(), frame)
            : direction(p.bth().destQp(), scn(p), frame);
        if (d == null) {
            untrackedFrames++;
            return false;
        }
        final int pathId = MprtOpcodes.pathId(p);
        if (pathId < MprtDirection.MAX_PATHS) {
            d.pathOrNew(pathId);
        }
        return true;
    }

    /**
     * Learns from a packet that travels {@code plane} (source first). For a data packet,
     * {@code sentBefore} is the segment it sends again, as looked up for the rules
     * ({@link CaptureState#segmentSentBefore}), or null for a first transmission.
     */
    void apply(final Frame captured, final DecodedPacket p, final DecodeStatus status, final Plane plane,
               final Segment sentBefore) {
        final long frame = captured.frameNumber();
        final long ns = captured.timestampNs();
        final int op = p.opcodeValue();
        if (op == OpcodeTable.MPRT_WRITE.code() || op == OpcodeTable.MPRT_SEND.code()) {
            data(frame, ns, p, status == DecodeStatus.OK ? captured.positionOf(p.payloadOffset()) : Segment.NOT_KEPT,
                plane, sentBefore);
        } else if (op == OpcodeTable.MPRT_ACK.code()) {
            ack(captured, p, plane);
        } else if (op == OpcodeTable.MPRT_NAK.code()) {
            nak(frame, ns, p);
        } else if (op == OpcodeTable.MPRT_PROBE.code()) {
            probe(frame, ns, p, plane);
        } else if (op == OpcodeTable.MPRT_PROBE_REPLY.code()) {
            final PathRecord path = answeredPath(frame, p, p.extensions().mpeth().pathId());
            if (path != null) {
                path.answers().learn(SerialNumber.add24(p.bth().psn(), -1), frame);
                path.answers().resynced(p.bth().psn());
            }
        }
    }

    /** The direction, created while fewer than {@link #MAX_DIRECTIONS} exist; null past the cap. */
    private MprtDirection direction(final int destQp, final int scn, final long frame) {
        final MprtDirection d = get(destQp, scn);
        if (d != null || directions.size() >= MAX_DIRECTIONS) {
            return d;
        }
        final DirectionKey key = new DirectionKey(destQp, scn);
        final MprtDirection fresh = new MprtDirection(key, frame, directions.size());
        directions.put(key, fresh);
        missed = false;
        final MprtDirection reverse = get(scn, destQp);
        if (reverse != null) {
            fresh.reverse(reverse);
            reverse.reverse(fresh);
        }
        return fresh;
    }

    private PathRecord answeredPath(final long frame, final DecodedPacket p, final int pathId) {
        final MprtDirection d = direction(scn(p), p.bth().destQp(), frame);
        if (d == null) {
            return null;
        }
        d.sentBetween(planes.of(p, true));
        return pathId < MprtDirection.MAX_PATHS ? d.pathOrNew(pathId) : null;
    }

    private void nak(final long frame, final long ns, final DecodedPacket p) {
        final int code = p.extensions().mneth().nakCode();
        final MprtNakCode known = MprtNakCode.of(code);
        final MprtDirection d = get(scn(p), p.bth().destQp());
        if (d != null && known != null && known.isFatal()) {
            d.fatalNak(ns, frame, code);
        }
        final PathRecord path = answeredPath(frame, p, p.extensions().mneth().pathId());
        if (path != null) {
            path.nakked(p.bth().psn(), ns);
            if (known == MprtNakCode.PSN_OUT_OF_WINDOW) {
                path.refused(p.bth().psn());
            }
        }
    }

    private void data(final long frame, final long ns, final DecodedPacket p, final long payloadPosition,
                      final Plane plane, final Segment sentBefore) {
        final MdethFlyweight m = p.extensions().mdeth();
        if (m.pathId() >= MprtDirection.MAX_PATHS) {
            return;
        }
        final MprtDirection d = direction(p.bth().destQp(), m.scn(), frame);
        if (d == null) {
            return;
        }
        d.sentBetween(plane);
        final int psn = p.bth().psn();
        final Segment segment = segment(d, m, p, payloadPosition, frame, psn, ns, sentBefore);
        final PathRecord path = d.pathOrNew(m.pathId());
        // Data at a PSN a PROBE of the path abandoned is a duplicate at the receiver: it places no byte
        // towards a message's completion (sections 7.3 and 10.6).
        final boolean completesNothing = path.isBeforeProbe(psn);
        path.sent(psn, m.r() == 1, segment, frame, ns);
        path.onPlane(plane, p.udp().sourcePort(), frame, true);
        path.arrived(psn, m.txTimestamp(), ns, frame, p.ecn() == Ecn.CE);
        d.recent().data(ns, frame, m.pathId(), psn, m.streamId(), m.msn(), m.messageOffset());
        if (!completesNothing) {
            d.streamOrNew(m.streamId(), m.msn(), frame).carried(m.msn(), m.isSendLayout(), MessageRecord.rkeyOrRsnOf(m),
                MessageRecord.baseOf(m), m.messageLength(), m.messageOffset(), p.payloadLength(), frame, ns);
        }
    }

    /** The segment this packet carries: new on its first transmission, else the one sent before. */
    private Segment segment(final MprtDirection d, final MdethFlyweight m, final DecodedPacket p,
                                   final long payloadPosition, final long frame, final int psn, final long ns,
                                   final Segment sentBefore) {
        Segment s = sentBefore;
        if (s == null) {
            s = new Segment(m.streamId(), m.msn(), m.messageOffset(), m.messageLength(), p.payloadLength(),
                payloadPosition, p.opcodeValue(), frame, m.pathId(), psn, ns);
            d.remember(s);
            return s;
        }
        if (s.latestPathId() != m.pathId()) {
            // Data sent again on another path is re-sprayed: its old path has failed (section 10.5), unless
            // that failure abandoned the data before and the path has been readmitted since: its new PSNs stand.
            final PathRecord failed = d.path(s.latestPathId());
            if (failed != null && failed.hasData() && !failed.isReadmittedSince(s.latestPsn())) {
                failed.abandonBefore(SerialNumber.add24(failed.highestPsn(), 1), ns);
            }
        }
        s.sentAgain(m.pathId(), psn, frame, ns);
        return s;
    }

    private void ack(final Frame captured, final DecodedPacket p, final Plane plane) {
        final long frame = captured.frameNumber();
        final long ns = captured.timestampNs();
        final MaethFlyweight a = p.extensions().maeth();
        final MprtDirection d = direction(scn(p), p.bth().destQp(), frame);
        if (d == null) {
            return;
        }
        d.sentBetween(planes.of(p, true));
        final int records = Math.min(a.recordCount(), MaethFlyweight.MAX_RECORDS);
        for (int k = 0; k < records; k++) {
            d.report(a.recordStreamId(k), a.recordCmsn(k), captured, plane);
        }
        if (a.pathId() >= MprtDirection.MAX_PATHS) {
            return;
        }
        final PathRecord path = d.pathOrNew(a.pathId());
        final long echoed = path.arrivals().findTxTimestamp(a.echoTimestamp());
        if (echoed >= 0) {
            final long delay = ns - path.arrivals().ns(echoed);
            d.answered(delay);
            path.answers().sampled(delay);
        }
        path.answers().echoed(a.ceCount());
        a.sackBitmap(words);
        path.acknowledged(p.bth().psn(), words, frame, ns, lossThreshold);
    }

    private void probe(final long frame, final long ns, final DecodedPacket p, final Plane plane) {
        final MpethFlyweight m = p.extensions().mpeth();
        if (m.pathId() >= MprtDirection.MAX_PATHS) {
            return;
        }
        final MprtDirection d = direction(p.bth().destQp(), m.scn(), frame);
        if (d == null) {
            return;
        }
        d.sentBetween(plane);
        final PathRecord path = d.pathOrNew(m.pathId());
        path.onPlane(plane, p.udp().sourcePort(), frame, false);
        path.probed(p.bth().psn(), ns);
        d.recent().probe(ns, frame, m.pathId(), p.bth().psn());
    }

    /** Marks every direction whose beginning the capture lacks, with the first sign of it. */
    void judgeStarts() {
        for (final MprtDirection d : directions.values()) {
            for (final PathRecord path : d.paths()) {
                if (path == null) {
                    continue;
                }
                if (!path.hasData() && path.answers().hasAck()) {
                    d.startsMidConnection(path.answers().lastAckFrame(), "the capture holds answers for path " + path.pathId()
                        + " but none of its data packets");
                } else if (path.hasData() && path.lowestPsn() != 0) {
                    d.startsMidConnection(d.firstFrame(), "path " + path.pathId() + " is captured from PSN "
                        + path.lowestPsn() + ", not from its first PSN 0");
                }
            }
            for (final StreamRecord s : d.streams()) {
                if (s.lowestMsn() != 0) {
                    d.startsMidConnection(s.firstFrame(), "stream " + s.streamId() + " is captured from MSN "
                        + s.lowestMsn() + ", not from its first message MSN 0");
                }
            }
        }
    }
}
