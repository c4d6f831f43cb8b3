package org.mprt.ctk.conformance.probe;

import java.util.EnumSet;
import java.util.Set;

/**
 * One packet a scripted probe sends: a one-packet WRITE or SEND message on a path, with its PSN
 * and stream, and the faults the scenario asks for; with an {@code opcode}, a packet laid out as a
 * WRITE under a reserved MPRT opcode (section 3.3, MPRT-WIRE-021); or an MPRT_PROBE whose BTH.PSN
 * is the PSN the path will use next (section 10.6). Every probe data packet asks for an ACK
 * (AckReq = 1), so that a conforming answer is due within ACK_REQ_DELAY.
 *
 * @param kind         WRITE (placed by address and rkey), SEND (placed by RSN) or PROBE
 * @param opcode       the BTH opcode to send instead of MPRT_WRITE, or -1
 * @param pathId       the path, which also chooses the plane and the UDP source port
 * @param psn          the packet's PSN on its path
 * @param streamId     the stream
 * @param payloadBytes the payload, which is the whole message
 * @param faults       what is wrong with it on purpose
 */
public record ProbePacket(Kind kind, int opcode, int pathId, int psn, int streamId, int payloadBytes,
                          Set<ProbeFault> faults) {

    /** What the packet is. */
    public enum Kind { WRITE, SEND, PROBE }

    public ProbePacket {
        faults = faults.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(faults));
    }

    public static ProbePacket write(final int pathId, final int psn, final int streamId, final int payloadBytes) {
        return new ProbePacket(Kind.WRITE, -1, pathId, psn, streamId, payloadBytes, Set.of());
    }

    public static ProbePacket sendMessage(final int pathId, final int psn, final int streamId, final int payloadBytes) {
        return new ProbePacket(Kind.SEND, -1, pathId, psn, streamId, payloadBytes, Set.of());
    }

    /** An MPRT_PROBE on {@code pathId} announcing {@code psn} as the path's next PSN. */
    public static ProbePacket probe(final int pathId, final int psn) {
        return new ProbePacket(Kind.PROBE, -1, pathId, psn, 0, 0, Set.of());
    }

    public boolean send() {
        return kind == Kind.SEND;
    }

    public ProbePacket with(final ProbeFault fault) {
        final Set<ProbeFault> more = EnumSet.noneOf(ProbeFault.class);
        more.addAll(faults);
        more.add(fault);
        return new ProbePacket(kind, opcode, pathId, psn, streamId, payloadBytes, more);
    }

    public ProbePacket withOpcode(final int code) {
        return new ProbePacket(kind, code, pathId, psn, streamId, payloadBytes, faults);
    }

    public boolean has(final ProbeFault fault) {
        return faults.contains(fault);
    }

    @Override
    public String toString() {
        if (kind == Kind.PROBE) {
            return "PROBE, PSN " + psn + " on path " + pathId;
        }
        return (opcode >= 0 ? String.format("opcode 0x%02X", opcode) : kind.name()) + " of " + payloadBytes
            + " bytes, PSN " + psn + " on path " + pathId + ", stream " + streamId + (faults.isEmpty() ? "" : ", " + faults);
    }
}
