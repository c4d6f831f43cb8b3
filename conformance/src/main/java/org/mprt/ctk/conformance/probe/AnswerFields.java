package org.mprt.ctk.conformance.probe;

import java.util.List;
import org.mprt.ctk.wire.bth.BthFlyweight;
import org.mprt.ctk.wire.decode.DecodedPacket;
import org.mprt.ctk.wire.opcode.OpcodeTable;

/** How the probe's expectations word the fields of an answer they compare (STYLE.md section 4). */
final class AnswerFields {

    private AnswerFields() {
    }

    /** True when the answer has the expected opcode; otherwise adds the mismatch. */
    static boolean sameOpcode(final DecodedPacket answer, final int expected, final List<String> out) {
        if (answer.opcodeValue() == expected) {
            return true;
        }
        out.add(FieldMismatch.of(BthFlyweight.OPCODE.id(), opcodeWords(expected), opcodeWords(answer.opcodeValue())));
        return false;
    }

    /** {@code 200 (0xc8, MPRT_ACK)}. */
    static String opcodeWords(final int opcode) {
        final var known = OpcodeTable.lookup(opcode);
        return FieldMismatch.number(opcode).replace(")", known == null ? ")" : ", " + known.name() + ")");
    }

    static void add(final List<String> out, final String mismatch) {
        if (mismatch != null) {
            out.add(mismatch);
        }
    }
}
