package org.mprt.ctk.conformance.probe;

import java.util.EnumSet;
import java.util.Set;

/**
 * One MPRT packet a scripted probe sends: a WRITE or SEND data packet on a path of one of the
 * probe's connections, with its PSN and stream, the part of its message it carries, and the
 * faults the scenario asks for; with an {@code opcode}, a packet laid out as a WRITE under a
 * reserved MPRT opcode (section 3.3, MPRT-WIRE-021); or an MPRT_PROBE whose BTH.PSN is the PSN the
 * path will use next (section 10.6). Every probe data packet asks for an ACK (AckReq = 1), so that
 * a conforming answer is due within ACK_REQ_DELAY.
 *
 * @param kind          WRITE (placed by address and rkey), SEND (placed by RSN) or PROBE
 * @param opcode        the BTH opcode to send instead of MPRT_WRITE, or -1
 * @param connection    which of the probe's connections, 0 for the first
 * @param pathId        the path, which also chooses the plane and the UDP source port
 * @param psn           the packet's PSN on its path
 * @param streamId      the stream
 * @param payloadBytes  the payload
 * @param messageOffset where the payload starts in its message
 * @param messageLength the message's length: the payload for a one-packet message
 * @param faults        what is wrong with it on purpose
 */
public record ProbePacket(Kind kind, int opcode, int connection, int pathId, int psn, int streamId, int payloadBytes,
                          int messageOffset, int messageLength, Set<ProbeFault> faults) {

    /** What the packet is. */
    public enum Kind { WRITE, SEND, PROBE }

    public ProbePacket {
        faults = faults.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(faults));
    }

    /** A one-packet WRITE message on connection 0. */
    public static ProbePacket write(final int pathId, final int psn, final int streamId, final int payloadBytes) {
        return new ProbePacket(Kind.WRITE, -1, 0, pathId, psn, streamId, payloadBytes, 0, payloadBytes, Set.of());
    }

    /** A one-packet SEND message on connection 0. */
    public static ProbePacket sendMessage(final int pathId, final int psn, final int streamId, final int payloadBytes) {
        return new ProbePacket(Kind.SEND, -1, 0, pathId, psn, streamId, payloadBytes, 0, payloadBytes, Set.of());
    }

    /** An MPRT_PROBE on {@code pathId} announcing {@code psn} as the path's next PSN. */
    public static ProbePacket probe(final int pathId, final int psn) {
        return new ProbePacket(Kind.PROBE, -1, 0, pathId, psn, 0, 0, 0, 0, Set.of());
    }

    public boolean send() {
        return kind == Kind.SEND;
    }

    /** True for the one packet of a one-packet message. */
    public boolean wholeMessage() {
        return messageOffset == 0 && payloadBytes == messageLength;
    }

    public ProbePacket with(final ProbeFault fault) {
        final Set<ProbeFault> more = EnumSet.noneOf(ProbeFault.class);
        more.addAll(faults);
        more.add(fault);
        return new ProbePacket(kind, opcode, connection, pathId, psn, streamId, payloadBytes, messageOffset, messageLength, more);
    }

    public ProbePacket withOpcode(final int code) {
        return new ProbePacket(kind, code, connection, pathId, psn, streamId, payloadBytes, messageOffset, messageLength, faults);
    }

    /** The same packet on another of the probe's connections. */
    public ProbePacket on(final int probeConnection) {
        return new ProbePacket(kind, opcode, probeConnection, pathId, psn, streamId, payloadBytes, messageOffset, messageLength,
            faults);
    }

    /** This packet as bytes [offset, offset + payload) of a message of {@code length} bytes. */
    public ProbePacket partOf(final int offset, final int length) {
        return new ProbePacket(kind, opcode, connection, pathId, psn, streamId, payloadBytes, offset, length, faults);
    }

    public boolean has(final ProbeFault fault) {
        return faults.contains(fault);
    }

    @Override
    public String toString() {
        final String on = " on path " + pathId + (connection == 0 ? "" : " of connection " + connection);
        if (kind == Kind.PROBE) {
            return "PROBE, PSN " + psn + on;
        }
        return (opcode >= 0 ? String.format("opcode 0x%02X", opcode) : kind.name()) + " of " + payloadBytes + " bytes"
            + (wholeMessage() ? "" : " at offset " + messageOffset + " of " + messageLength) + ", PSN " + psn + on
            + ", stream " + streamId + (faults.isEmpty() ? "" : ", " + faults);
    }
}
