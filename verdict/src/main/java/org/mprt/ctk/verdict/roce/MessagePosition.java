package org.mprt.ctk.verdict.roce;

import org.mprt.ctk.wire.opcode.Opcode;

/**
 * Where a request packet stands in its message, and which operation it belongs to, read from the
 * IBTA opcode name (SEND_FIRST, RDMA_WRITE_LAST_WITH_IMMEDIATE, ...).
 */
enum MessagePosition {
    FIRST, MIDDLE, LAST, ONLY, NOT_A_REQUEST;

    static MessagePosition of(final Opcode op) {
        if (op == null || operation(op) == null) {
            return NOT_A_REQUEST;
        }
        final String name = op.name();
        if (name.contains("_FIRST")) {
            return FIRST;
        }
        if (name.contains("_MIDDLE")) {
            return MIDDLE;
        }
        if (name.contains("_LAST")) {
            return LAST;
        }
        return name.contains("_ONLY") ? ONLY : NOT_A_REQUEST;
    }

    /** "SEND" or "RDMA_WRITE" for the request opcodes whose packets form multi-packet messages, else null. */
    static String operation(final Opcode op) {
        if (op.name().startsWith("SEND_")) {
            return "SEND";
        }
        return op.name().startsWith("RDMA_WRITE_") ? "RDMA_WRITE" : null;
    }

    boolean startsMessage() {
        return this == FIRST || this == ONLY;
    }

    boolean endsMessage() {
        return this == LAST || this == ONLY;
    }
}
