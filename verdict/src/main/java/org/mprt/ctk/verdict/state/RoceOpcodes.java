package org.mprt.ctk.verdict.state;

import org.mprt.ctk.wire.opcode.Opcode;
import org.mprt.ctk.wire.opcode.OpcodeTable;
import org.mprt.ctk.wire.opcode.TransportService;

/**
 * What an RC or UC opcode is to the sequence rules (rocev2-baseline.md sections 6 to 9): a request
 * the requester numbers with PSNs, or an acknowledgement the responder answers with.
 */
public final class RoceOpcodes {

    private RoceOpcodes() {
    }

    /** An RC or UC request: SEND, RDMA WRITE, RDMA READ request, or an atomic. */
    public static boolean isRequest(final Opcode op) {
        if (op == null || op.service() != TransportService.RC && op.service() != TransportService.UC) {
            return false;
        }
        final String name = op.name();
        return name.startsWith("SEND_") || name.startsWith("RDMA_WRITE_") || op == OpcodeTable.RC_RDMA_READ_REQUEST
            || op == OpcodeTable.RC_COMPARE_SWAP || op == OpcodeTable.RC_FETCH_ADD;
    }

    /** A request that a SEND or RDMA WRITE message ends with: a Last or Only packet. */
    public static boolean endsSendOrWrite(final Opcode op) {
        final String name = op.name();
        return (name.startsWith("SEND_") || name.startsWith("RDMA_WRITE_"))
            && (name.contains("_LAST") || name.contains("_ONLY"));
    }

    /** An RDMA READ request or an atomic: a request whose answer is not a plain ACK. */
    public static boolean isReadOrAtomic(final Opcode op) {
        return op == OpcodeTable.RC_RDMA_READ_REQUEST || op == OpcodeTable.RC_COMPARE_SWAP
            || op == OpcodeTable.RC_FETCH_ADD;
    }

    /** RC Acknowledge or Atomic Acknowledge: the answers that carry only an AETH's verdict. */
    public static boolean isAcknowledge(final Opcode op) {
        return op == OpcodeTable.RC_ACKNOWLEDGE || op == OpcodeTable.RC_ATOMIC_ACKNOWLEDGE;
    }
}
