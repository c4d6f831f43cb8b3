package org.mprt.ctk.verdict.wire;

import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.wire.opcode.OpcodeTable;

/** Which MPRT packets a wire rule looks at (mprt-v0.1.md section 3.3). */
final class MprtPackets {

    private MprtPackets() {
    }

    static boolean isData(final Observation o) {
        final int op = o.packet().opcodeValue();
        return o.isMprt() && (op == OpcodeTable.MPRT_WRITE.code() || op == OpcodeTable.MPRT_SEND.code());
    }

    static boolean isAck(final Observation o) {
        return o.isMprt() && o.packet().opcodeValue() == OpcodeTable.MPRT_ACK.code();
    }

    static boolean isNak(final Observation o) {
        return o.isMprt() && o.packet().opcodeValue() == OpcodeTable.MPRT_NAK.code();
    }

    static boolean isProbe(final Observation o) {
        return o.isMprt() && o.packet().opcodeValue() == OpcodeTable.MPRT_PROBE.code();
    }

    static boolean isProbeReply(final Observation o) {
        return o.isMprt() && o.packet().opcodeValue() == OpcodeTable.MPRT_PROBE_REPLY.code();
    }

    /** A packet whose opcode is one of the table's six (reserved MPRT opcodes are not). */
    static boolean isKnown(final Observation o) {
        return o.isMprt() && o.packet().opcode() != null;
    }
}
