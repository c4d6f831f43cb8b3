package org.mprt.ctk.verdict.roce;

import org.mprt.ctk.wire.opcode.Opcode;
import org.mprt.ctk.wire.opcode.OpcodeTable;

/**
 * Where a request packet stands in its message, and which operation it belongs to, read from the
 * IBTA opcode name (SEND_FIRST, RDMA_WRITE_LAST_WITH_IMMEDIATE, ...).
 */
enum MessagePosition {
    FIRST, MIDDLE, LAST, ONLY, NOT_A_REQUEST;

    /** By opcode value, each opcode's position and operation, read from its name once: asked for every request by several rules. */
    private static final MessagePosition[] BY_CODE = new MessagePosition[256];
    private static final String[] OPERATION_BY_CODE = new String[256];

    static {
        for (final Opcode op : OpcodeTable.all()) {
            OPERATION_BY_CODE[op.code()] = operationNamed(op);
            BY_CODE[op.code()] = named(op);
        }
    }

    static MessagePosition of(final Opcode op) {
        return op == null ? NOT_A_REQUEST : BY_CODE[op.code()];
    }

    /** "SEND" or "RDMA_WRITE" for the request opcodes whose packets form multi-packet messages, else null. */
    static String operation(final Opcode op) {
        return OPERATION_BY_CODE[op.code()];
    }

    private static MessagePosition named(final Opcode op) {
        if (operationNamed(op) == null) {
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

    private static String operationNamed(final Opcode op) {
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
