package org.mprt.ctk.conformance.probe;

import java.util.ArrayList;
import java.util.List;
import org.mprt.ctk.wire.bth.BthFlyweight;
import org.mprt.ctk.wire.decode.DecodedPacket;
import org.mprt.ctk.wire.opcode.OpcodeTable;
import org.mprt.ctk.wire.roce.AethFlyweight;
import org.mprt.ctk.wire.roce.AethSyndrome;
import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * What a scripted RoCEv2 probe expects the responder to answer (rocev2-baseline.md sections 3, 7
 * and 8): an Acknowledge whose AETH says ACK, NAK with a code, or RNR NAK with a timer, with the
 * PSN the requirement names, or "at or after" a PSN where the requirement says so (ROCE-ACK-004,
 * ROCE-NAK-003); or a CNP. Each is compared field by field, {@code <field id>: expected X vs actual Y}.
 */
public sealed interface RoceExpectation extends ProbeExpectation {

    /** No MSN to compare. */
    int ANY_MSN = -1;

    /**
     * An Acknowledge with an ACK syndrome (any credit count) whose BTH.PSN is {@code psn}, or at or
     * after it when {@code orLater}, and whose AETH MSN is {@code msn} unless {@link #ANY_MSN}.
     */
    record Ack(int psn, boolean orLater, int msn) implements RoceExpectation {
        @Override
        public List<String> compare(final DecodedPacket answer) {
            final List<String> out = new ArrayList<>();
            if (!acknowledge(answer, AethSyndrome.Kind.ACK, "an ACK", out)) {
                return out;
            }
            comparePsn(psn, orLater, answer, out);
            if (msn != ANY_MSN) {
                AnswerFields.add(out, FieldMismatch.unless(AethFlyweight.MSN.id(), msn, answer.extensions().aeth().msn()));
            }
            return out;
        }

        @Override
        public String describe() {
            return "an ACK for PSN " + psn + (orLater ? " or later" : "") + (msn == ANY_MSN ? "" : " with MSN " + msn);
        }
    }

    /** An Acknowledge whose AETH is a NAK with {@code code}, for {@code psn} (or at or after it when {@code orLater}). */
    record Nak(AethSyndrome.NakCode code, int psn, boolean orLater) implements RoceExpectation {
        @Override
        public List<String> compare(final DecodedPacket answer) {
            final List<String> out = new ArrayList<>();
            if (!acknowledge(answer, AethSyndrome.Kind.NAK, "a NAK " + code, out)) {
                return out;
            }
            final int syndrome = answer.extensions().aeth().syndrome();
            if (syndrome != code.syndrome()) {
                out.add(FieldMismatch.of(AethFlyweight.SYNDROME.id(), syndromeWords(code.syndrome()), syndromeWords(syndrome)));
            }
            comparePsn(psn, orLater, answer, out);
            return out;
        }

        @Override
        public String describe() {
            return "a NAK " + code + " for PSN " + psn + (orLater ? " or later" : "");
        }
    }

    /** An Acknowledge whose AETH is an RNR NAK with timer code {@code timerCode}, for exactly {@code psn}. */
    record RnrNak(int psn, int timerCode) implements RoceExpectation {
        @Override
        public List<String> compare(final DecodedPacket answer) {
            final List<String> out = new ArrayList<>();
            if (!acknowledge(answer, AethSyndrome.Kind.RNR_NAK, "an RNR NAK", out)) {
                return out;
            }
            final int syndrome = answer.extensions().aeth().syndrome();
            if (syndrome != AethSyndrome.rnrNak(timerCode)) {
                out.add(FieldMismatch.of(AethFlyweight.SYNDROME.id(), syndromeWords(AethSyndrome.rnrNak(timerCode)),
                    syndromeWords(syndrome)));
            }
            comparePsn(psn, false, answer, out);
            return out;
        }

        @Override
        public String describe() {
            return "an RNR NAK for PSN " + psn + " with timer code " + timerCode;
        }
    }

    /**
     * A Congestion Notification Packet (opcode 0x81) to the tester's queue pair, among the answers
     * within the bound (the request's ACK may come first); ROCE-WIRE-009 judges its fields.
     */
    record Cnp() implements RoceExpectation {
        @Override
        public Scope scope() {
            return Scope.ANY_ANSWER;
        }

        @Override
        public List<String> compare(final DecodedPacket answer) {
            final List<String> out = new ArrayList<>();
            AnswerFields.sameOpcode(answer, OpcodeTable.CNP.code(), out);
            return out;
        }

        @Override
        public String describe() {
            return "a CNP";
        }
    }

    /** True when the answer is an Acknowledge of {@code kind}; otherwise adds the mismatch. */
    private static boolean acknowledge(final DecodedPacket answer, final AethSyndrome.Kind kind, final String words,
                                       final List<String> out) {
        if (!AnswerFields.sameOpcode(answer, OpcodeTable.RC_ACKNOWLEDGE.code(), out)) {
            return false;
        }
        final int syndrome = answer.extensions().aeth().syndrome();
        if (AethSyndrome.kind(syndrome) != kind) {
            out.add(FieldMismatch.of(AethFlyweight.SYNDROME.id(), words, syndromeWords(syndrome)));
            return false;
        }
        return true;
    }

    private static void comparePsn(final int psn, final boolean orLater, final DecodedPacket answer, final List<String> out) {
        final int actual = answer.bth().psn();
        if (!orLater) {
            AnswerFields.add(out, FieldMismatch.unless(BthFlyweight.PSN.id(), psn, actual));
        } else if (SerialNumber.precedes24(actual, psn)) {
            out.add(FieldMismatch.of(BthFlyweight.PSN.id(), "PSN " + psn + " or later", FieldMismatch.number(actual)));
        }
    }

    /** {@code 98 (0x62, NAK REMOTE_ACCESS_ERROR)}, {@code 31 (0x1f, ACK)}, {@code 33 (0x21, RNR NAK timer 1)}. */
    private static String syndromeWords(final int syndrome) {
        final AethSyndrome.NakCode code = AethSyndrome.NakCode.of(syndrome);
        final String meaning = switch (AethSyndrome.kind(syndrome)) {
            case ACK -> "ACK";
            case RNR_NAK -> "RNR NAK timer " + AethSyndrome.rnrTimer(syndrome);
            case NAK -> code == null ? "NAK, reserved code" : "NAK " + code;
            default -> "reserved";
        };
        return FieldMismatch.number(syndrome).replace(")", ", " + meaning + ")");
    }
}
