package org.mprt.ctk.conformance.probe;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import org.mprt.ctk.wire.bth.BthFlyweight;
import org.mprt.ctk.wire.decode.DecodedPacket;
import org.mprt.ctk.wire.mprt.MaethFlyweight;
import org.mprt.ctk.wire.mprt.MnethFlyweight;
import org.mprt.ctk.wire.mprt.MpethFlyweight;
import org.mprt.ctk.wire.mprt.MprtNakCode;
import org.mprt.ctk.wire.opcode.OpcodeTable;
import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * What a scripted probe expects the device to send after a stimulus: an answer (an ACK with this
 * cumulative PSN and SACK bitmap, a NAK with this code), or silence. An answer is compared field
 * by field; every difference is one {@code <field id>: expected X vs actual Y}.
 */
public sealed interface ProbeExpectation {

    /** The first answer after the stimulus must be this; silences look at every frame instead. */
    boolean wantsAnswer();

    /** Differences between the decoded answer and this expectation; empty when it matches. */
    List<String> compare(DecodedPacket answer);

    /** One line for reports: {@code an ACK for path 0 with cumulative PSN 5 and a SACK for PSNs [7]}. */
    String describe();

    /** An MPRT_ACK for {@code pathId} whose BTH.PSN is {@code cack} and whose bitmap holds exactly {@code sacked}. */
    record Ack(int pathId, int cack, SortedSet<Integer> sacked) implements ProbeExpectation {
        public Ack {
            sacked = new TreeSet<>(sacked);
        }

        @Override
        public boolean wantsAnswer() {
            return true;
        }

        @Override
        public List<String> compare(final DecodedPacket answer) {
            final List<String> out = new ArrayList<>();
            if (!sameOpcode(answer, OpcodeTable.MPRT_ACK.code(), out)) {
                return out;
            }
            final MaethFlyweight maeth = answer.extensions().maeth();
            add(out, FieldMismatch.unless(MaethFlyweight.PATH_ID.id(), pathId, maeth.pathId()));
            add(out, FieldMismatch.unless(BthFlyweight.PSN.id(), cack, answer.bth().psn()));
            final SortedSet<Integer> actual = sackedPsns(maeth, answer.bth().psn());
            if (!actual.equals(sacked)) {
                out.add(FieldMismatch.of(MaethFlyweight.SACK_BITMAP.id(), "PSNs " + sacked, "PSNs " + actual));
            }
            return out;
        }

        @Override
        public String describe() {
            return "an ACK for path " + pathId + " with cumulative PSN " + (cack == SerialNumber.MASK_24 ? "-1" : cack)
                + (sacked.isEmpty() ? " and an empty SACK" : " and a SACK for PSNs " + sacked);
        }

        private static SortedSet<Integer> sackedPsns(final MaethFlyweight maeth, final int cack) {
            final SortedSet<Integer> psns = new TreeSet<>();
            for (int i = 0; i < MaethFlyweight.SACK_BITMAP_BITS; i++) {
                if (maeth.sackBit(i) == 1) {
                    psns.add(SerialNumber.add24(cack, i + 1));
                }
            }
            return psns;
        }
    }

    /** An MPRT_NAK with {@code code} naming the packet with {@code psn} on {@code pathId}. */
    record Nak(int pathId, MprtNakCode code, int psn) implements ProbeExpectation {
        @Override
        public boolean wantsAnswer() {
            return true;
        }

        @Override
        public List<String> compare(final DecodedPacket answer) {
            final List<String> out = new ArrayList<>();
            if (!sameOpcode(answer, OpcodeTable.MPRT_NAK.code(), out)) {
                return out;
            }
            final MnethFlyweight mneth = answer.extensions().mneth();
            add(out, FieldMismatch.unless(MnethFlyweight.NAK_CODE.id(), code.code(), mneth.nakCode()));
            add(out, FieldMismatch.unless(MnethFlyweight.PATH_ID.id(), pathId, mneth.pathId()));
            add(out, FieldMismatch.unless(BthFlyweight.PSN.id(), psn, answer.bth().psn()));
            return out;
        }

        @Override
        public String describe() {
            return "a NAK " + code + " for PSN " + psn + " on path " + pathId;
        }
    }

    /** An MPRT_PROBE_REPLY on {@code pathId} echoing the PROBE's BTH.PSN {@code psn} (MPRT-WIRE-060 judges the rest). */
    record ProbeReply(int pathId, int psn) implements ProbeExpectation {
        @Override
        public boolean wantsAnswer() {
            return true;
        }

        @Override
        public List<String> compare(final DecodedPacket answer) {
            final List<String> out = new ArrayList<>();
            if (!sameOpcode(answer, OpcodeTable.MPRT_PROBE_REPLY.code(), out)) {
                return out;
            }
            add(out, FieldMismatch.unless(MpethFlyweight.PATH_ID.id(), pathId, answer.extensions().mpeth().pathId()));
            add(out, FieldMismatch.unless(BthFlyweight.PSN.id(), psn, answer.bth().psn()));
            return out;
        }

        @Override
        public String describe() {
            return "a PROBE_REPLY for PSN " + psn + " on path " + pathId;
        }
    }

    /** Nothing at all from the device to the tester ({@code acksOnly} false), or no MPRT_ACK. */
    record Silence(boolean acksOnly) implements ProbeExpectation {
        @Override
        public boolean wantsAnswer() {
            return false;
        }

        @Override
        public List<String> compare(final DecodedPacket frame) {
            if (acksOnly && frame.opcodeValue() != OpcodeTable.MPRT_ACK.code()) {
                return List.of();
            }
            return List.of(FieldMismatch.of(BthFlyweight.OPCODE.id(), acksOnly ? "no MPRT_ACK" : "nothing",
                opcodeWords(frame.opcodeValue())));
        }

        @Override
        public String describe() {
            return acksOnly ? "no ACK" : "nothing";
        }
    }

    private static boolean sameOpcode(final DecodedPacket answer, final int expected, final List<String> out) {
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

    private static void add(final List<String> out, final String mismatch) {
        if (mismatch != null) {
            out.add(mismatch);
        }
    }
}
