package org.mprt.ctk.verdict.state;

import java.util.function.Predicate;
import org.mprt.ctk.wire.opcode.Opcode;
import org.mprt.ctk.wire.opcode.OpcodeTable;
import org.mprt.ctk.wire.opcode.TransportService;

/**
 * What an RC or UC opcode is to the sequence rules (rocev2-baseline.md sections 6 to 9): a request
 * the requester numbers with PSNs, or an acknowledgement the responder answers with.
 */
public final class RoceOpcodes {

    /**
     * By opcode value, what the names below tell, worked out once: the sequence rules ask for every
     * packet, and testing the name's text each time took a tenth of a RoCEv2 pass.
     */
    private static final boolean[] REQUEST = byCode(RoceOpcodes::namesRequest);
    private static final boolean[] ENDS_SEND_OR_WRITE = byCode(RoceOpcodes::namesEndOfSendOrWrite);

    private RoceOpcodes() {
    }

    /** An RC or UC request: SEND, RDMA WRITE, RDMA READ request, or an atomic. */
    public static boolean isRequest(final Opcode op) {
        return op != null && REQUEST[op.code()];
    }

    /** A request that a SEND or RDMA WRITE message ends with: a Last or Only packet. */
    public static boolean endsSendOrWrite(final Opcode op) {
        return ENDS_SEND_OR_WRITE[op.code()];
    }

    private static boolean namesRequest(final Opcode op) {
        if (op.service() != TransportService.RC && op.service() != TransportService.UC) {
            return false;
        }
        final String name = op.name();
        return name.startsWith("SEND_") || name.startsWith("RDMA_WRITE_") || op == OpcodeTable.RC_RDMA_READ_REQUEST
            || op == OpcodeTable.RC_COMPARE_SWAP || op == OpcodeTable.RC_FETCH_ADD;
    }

    private static boolean namesEndOfSendOrWrite(final Opcode op) {
        final String name = op.name();
        return (name.startsWith("SEND_") || name.startsWith("RDMA_WRITE_"))
            && (name.contains("_LAST") || name.contains("_ONLY"));
    }

    /** A table by opcode value (0 to 255) of what {@code test} says of each opcode of the table. */
    private static boolean[] byCode(final Predicate<Opcode> test) {
        final boolean[] table = new boolean[256];
        for (final Opcode op : OpcodeTable.all()) {
            table[op.code()] = test.test(op);
        }
        return table;
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
