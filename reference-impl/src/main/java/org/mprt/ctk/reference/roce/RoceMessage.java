package org.mprt.ctk.reference.roce;

import org.mprt.ctk.reference.verbs.MemoryRegion;
import org.mprt.ctk.reference.verbs.WorkOpcode;
import org.mprt.ctk.wire.opcode.Opcode;
import org.mprt.ctk.wire.opcode.OpcodeTable;
import org.mprt.ctk.wire.sequence.SerialNumber;

/** A SEND or RDMA WRITE work request at the requester, with the PSNs its packets take once sent. */
final class RoceMessage {

    static final int UNASSIGNED = -1;

    final long wrId;
    final WorkOpcode opcode;
    final int streamId;
    final MemoryRegion local;
    final long localOffset;
    final int lengthBytes;
    final long remoteAddress;
    final long rkey;
    final int packetCount;
    int firstPsn = UNASSIGNED;

    RoceMessage(final long wrId, final WorkOpcode opcode, final int streamId, final MemoryRegion local, final long localOffset,
                final int lengthBytes, final long remoteAddress, final long rkey, final int pmtuBytes) {
        this.wrId = wrId;
        this.opcode = opcode;
        this.streamId = streamId;
        this.local = local;
        this.localOffset = localOffset;
        this.lengthBytes = lengthBytes;
        this.remoteAddress = remoteAddress;
        this.rkey = rkey;
        this.packetCount = Math.max(1, (lengthBytes + pmtuBytes - 1) / pmtuBytes);
    }

    boolean isSend() {
        return opcode == WorkOpcode.SEND;
    }

    int lastPsn() {
        return SerialNumber.add24(firstPsn, packetCount - 1);
    }

    boolean contains(final int psn) {
        return firstPsn != UNASSIGNED && SerialNumber.distance24(firstPsn, psn) < packetCount;
    }

    /** The opcode of packet {@code index} of this message: ONLY, or FIRST, MIDDLE..., LAST (ROCE-BTH-004). */
    Opcode opcodeOf(final int index) {
        final boolean first = index == 0;
        final boolean last = index == packetCount - 1;
        if (isSend()) {
            return first && last ? OpcodeTable.RC_SEND_ONLY : first ? OpcodeTable.RC_SEND_FIRST
                : last ? OpcodeTable.RC_SEND_LAST : OpcodeTable.RC_SEND_MIDDLE;
        }
        return first && last ? OpcodeTable.RC_RDMA_WRITE_ONLY : first ? OpcodeTable.RC_RDMA_WRITE_FIRST
            : last ? OpcodeTable.RC_RDMA_WRITE_LAST : OpcodeTable.RC_RDMA_WRITE_MIDDLE;
    }
}
