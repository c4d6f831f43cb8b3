package org.mprt.ctk.conformance.probe;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.mprt.ctk.conformance.runtime.ScenarioInputException;

/**
 * The tester's side of the MPRT message numbering of a probe (mprt-v0.1.md section 4.3): each
 * stream of each connection numbers its messages by MSN and its SENDs by RSN. A one-packet message
 * takes the next numbers when it is sent; a multi-packet message takes them when the scenario
 * begins it, and each of its packets is then sent on its own, in any order, on any path.
 */
final class MprtProbeMessages {

    /** A message the scenario has begun, whose packets it sends one by one. */
    private record Open(int connection, ProbePacket.Kind kind, int streamId, int lengthBytes, int packetBytes, long msn,
                        long rsn) {
    }

    /** An encoded frame and the MSN it carries, for the probe's log. */
    record Frame(byte[] bytes, long msn) {
    }

    private final ProbeEncoder encoder;
    private final Map<Long, Long> nextMsn = new HashMap<>();
    private final Map<Long, Long> nextRsn = new HashMap<>();
    private Open open;

    MprtProbeMessages(final List<ProbeTarget> targets) {
        this.encoder = new ProbeEncoder(targets);
    }

    /** The frame of a one-packet message (or a PROBE), taking the next MSN (and RSN) of its stream. */
    Frame encode(final ProbePacket packet, final long nowNs) {
        final long msn = packet.kind() == ProbePacket.Kind.PROBE ? 0 : take(nextMsn, packet);
        final long rsn = packet.send() ? take(nextRsn, packet) : 0;
        return new Frame(encoder.encode(packet, msn, rsn, nowNs), msn);
    }

    /** Begins a message of {@code lengthBytes} cut into packets of {@code packetBytes}: its MSN and RSN are taken now. */
    void begin(final int connection, final ProbePacket.Kind kind, final int streamId, final int lengthBytes, final int packetBytes) {
        if (packetBytes < 1 || lengthBytes <= packetBytes) {
            throw new ScenarioInputException("a message of " + lengthBytes + " bytes in packets of " + packetBytes
                + " bytes: expected a message longer than one packet");
        }
        final ProbePacket shape = new ProbePacket(kind, -1, connection, 0, 0, streamId, 0, 0, 0, Set.of());
        final long msn = take(nextMsn, shape);
        final long rsn = kind == ProbePacket.Kind.SEND ? take(nextRsn, shape) : 0;
        open = new Open(connection, kind, streamId, lengthBytes, packetBytes, msn, rsn);
    }

    /** The packet of the begun message that starts at {@code offsetBytes}, with its PSN on its path. */
    ProbePacket part(final int offsetBytes, final int connection, final int pathId, final int psn) {
        if (open == null) {
            throw new ScenarioInputException("'that message' comes before the tester began one: expected 'When the tester "
                + "begins a WRITE of ... in packets of ...' first");
        }
        if (connection != open.connection()) {
            throw new ScenarioInputException("a packet of that message on connection " + connection + ": expected connection "
                + open.connection() + ", where the message was begun");
        }
        if (offsetBytes < 0 || offsetBytes >= open.lengthBytes() || offsetBytes % open.packetBytes() != 0) {
            throw new ScenarioInputException("offset " + offsetBytes + ": expected a multiple of " + open.packetBytes()
                + " below the message's " + open.lengthBytes() + " bytes");
        }
        final int payload = Math.min(open.packetBytes(), open.lengthBytes() - offsetBytes);
        return new ProbePacket(open.kind(), -1, connection, pathId, psn, open.streamId(), payload, offsetBytes,
            open.lengthBytes(), Set.of());
    }

    /** The frame of a packet of the begun message, with the message's MSN and RSN. */
    Frame encodePart(final ProbePacket packet, final long nowNs) {
        return new Frame(encoder.encode(packet, open.msn(), open.rsn(), nowNs), open.msn());
    }

    private static long take(final Map<Long, Long> next, final ProbePacket packet) {
        return next.merge(key(packet.connection(), packet.streamId()), 1L, Long::sum) - 1;
    }

    private static long key(final int connection, final int streamId) {
        return (long) connection << 32 | streamId;
    }
}
