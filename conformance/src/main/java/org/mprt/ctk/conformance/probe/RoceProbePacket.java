package org.mprt.ctk.conformance.probe;

import java.util.EnumSet;
import java.util.Set;
import org.mprt.ctk.wire.opcode.Opcode;
import org.mprt.ctk.wire.opcode.OpcodeTable;
import org.mprt.ctk.wire.roce.RethFlyweight;

/**
 * One RC request packet a scripted RoCEv2 probe sends to the device's queue pair: a SEND or RDMA
 * WRITE First, Middle, Last or Only (rocev2-baseline.md section 2) with its PSN and payload, the
 * RETH DMA length of the message a WRITE First or Only starts, and the faults the scenario asks
 * for. Every probe request has AckReq set, so that an answer is due within RESPONSE_BOUND
 * (ROCE-ACK-004).
 *
 * @param opcode          an RC SEND or RDMA WRITE opcode
 * @param psn             the request's PSN
 * @param payloadBytes    the payload
 * @param dmaLengthBytes  the RETH DMA length (the whole message) of a WRITE First or Only; ignored otherwise
 * @param faults          what is wrong with it on purpose
 */
public record RoceProbePacket(Opcode opcode, int psn, int payloadBytes, long dmaLengthBytes, Set<RoceProbeFault> faults) {

    public RoceProbePacket {
        faults = faults.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(faults));
    }

    /** A request whose message is this one packet (for a WRITE First: a message as long as its payload). */
    public static RoceProbePacket of(final Opcode opcode, final int psn, final int payloadBytes) {
        return new RoceProbePacket(opcode, psn, payloadBytes, payloadBytes, Set.of());
    }

    public RoceProbePacket with(final RoceProbeFault fault) {
        final Set<RoceProbeFault> more = EnumSet.noneOf(RoceProbeFault.class);
        more.addAll(faults);
        more.add(fault);
        return new RoceProbePacket(opcode, psn, payloadBytes, dmaLengthBytes, more);
    }

    /** The same request, for a message of {@code bytes} (the RETH DMA length of a WRITE First). */
    public RoceProbePacket ofMessage(final long bytes) {
        return new RoceProbePacket(opcode, psn, payloadBytes, bytes, faults);
    }

    public boolean has(final RoceProbeFault fault) {
        return faults.contains(fault);
    }

    public boolean hasReth() {
        return opcode.has(RethFlyweight.LAYOUT);
    }

    /** True for a First or Only packet: it starts a message. */
    public boolean startsMessage() {
        final int code = opcode.code();
        return code == OpcodeTable.RC_SEND_FIRST.code() || code == OpcodeTable.RC_SEND_ONLY.code()
            || code == OpcodeTable.RC_RDMA_WRITE_FIRST.code() || code == OpcodeTable.RC_RDMA_WRITE_ONLY.code();
    }

    @Override
    public String toString() {
        return opcode.name() + " of " + payloadBytes + " bytes" + (hasReth() ? ", DMA length " + dmaLengthBytes : "")
            + ", PSN " + psn + (faults.isEmpty() ? "" : ", " + faults);
    }
}
