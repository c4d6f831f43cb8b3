package org.mprt.ctk.conformance.probe;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import org.mprt.ctk.wire.Profile;
import org.mprt.ctk.wire.bth.BthFlyweight;
import org.mprt.ctk.wire.decode.DecodedPacket;
import org.mprt.ctk.wire.mprt.MaethFlyweight;
import org.mprt.ctk.wire.mprt.MdethFlyweight;
import org.mprt.ctk.wire.mprt.MnethFlyweight;
import org.mprt.ctk.wire.mprt.MpethFlyweight;
import org.mprt.ctk.wire.mprt.MprtNakCode;
import org.mprt.ctk.wire.opcode.OpcodeTable;
import org.mprt.ctk.wire.roce.AethSyndrome;
import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * What a scripted probe expects the device to send after a stimulus: an answer (an ACK with this
 * cumulative PSN and SACK bitmap, a NAK with this code, a data packet), an ACK among the answers
 * (one that reports a completion), or silence. An answer is compared field by field; every
 * difference is one {@code <field id>: expected X vs actual Y}. RoCEv2 answers are
 * {@link RoceExpectation}s.
 */
public sealed interface ProbeExpectation permits ProbeExpectation.Ack, ProbeExpectation.Nak, ProbeExpectation.ProbeReply,
    ProbeExpectation.Completion, ProbeExpectation.DataPacket, ProbeExpectation.Silence, RoceExpectation {

    /** Which of the device's frames an expectation is held against. */
    enum Scope {
        /** The first frame the device sends to the connection after the stimulus must be this, within the bound. */
        FIRST_ANSWER,
        /** One of the frames the device sends to the connection after the stimulus, within the bound, must be this. */
        ANY_ANSWER,
        /** No frame the device sends after the previous check, up to the bound, may be this. */
        SILENCE,
        /** No frame the device has sent since the probe began, up to the bound, may be this. */
        SILENCE_SINCE_START
    }

    /** Which frames this expectation is held against: most expect the first answer. */
    default Scope scope() {
        return Scope.FIRST_ANSWER;
    }

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
        public List<String> compare(final DecodedPacket answer) {
            final List<String> out = new ArrayList<>();
            if (!AnswerFields.sameOpcode(answer, OpcodeTable.MPRT_ACK.code(), out)) {
                return out;
            }
            final MaethFlyweight maeth = answer.extensions().maeth();
            AnswerFields.add(out, FieldMismatch.unless(MaethFlyweight.PATH_ID.id(), pathId, maeth.pathId()));
            AnswerFields.add(out, FieldMismatch.unless(BthFlyweight.PSN.id(), cack, answer.bth().psn()));
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
        public List<String> compare(final DecodedPacket answer) {
            final List<String> out = new ArrayList<>();
            if (!AnswerFields.sameOpcode(answer, OpcodeTable.MPRT_NAK.code(), out)) {
                return out;
            }
            final MnethFlyweight mneth = answer.extensions().mneth();
            AnswerFields.add(out, FieldMismatch.unless(MnethFlyweight.NAK_CODE.id(), code.code(), mneth.nakCode()));
            AnswerFields.add(out, FieldMismatch.unless(MnethFlyweight.PATH_ID.id(), pathId, mneth.pathId()));
            AnswerFields.add(out, FieldMismatch.unless(BthFlyweight.PSN.id(), psn, answer.bth().psn()));
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
        public List<String> compare(final DecodedPacket answer) {
            final List<String> out = new ArrayList<>();
            if (!AnswerFields.sameOpcode(answer, OpcodeTable.MPRT_PROBE_REPLY.code(), out)) {
                return out;
            }
            AnswerFields.add(out, FieldMismatch.unless(MpethFlyweight.PATH_ID.id(), pathId,
                answer.extensions().mpeth().pathId()));
            AnswerFields.add(out, FieldMismatch.unless(BthFlyweight.PSN.id(), psn, answer.bth().psn()));
            return out;
        }

        @Override
        public String describe() {
            return "a PROBE_REPLY for PSN " + psn + " on path " + pathId;
        }
    }

    /**
     * A report that a stream's messages are complete: an MPRT_ACK whose record for {@code streamId}
     * carries {@code cmsn} (section 6.2), among the device's answers within the bound.
     */
    record Completion(int streamId, long cmsn) implements ProbeExpectation {
        @Override
        public Scope scope() {
            return Scope.ANY_ANSWER;
        }

        @Override
        public List<String> compare(final DecodedPacket answer) {
            final List<String> out = new ArrayList<>();
            if (!AnswerFields.sameOpcode(answer, OpcodeTable.MPRT_ACK.code(), out)) {
                return out;
            }
            final MaethFlyweight maeth = answer.extensions().maeth();
            for (int k = 0; k < Math.min(maeth.recordCount(), MaethFlyweight.MAX_RECORDS); k++) {
                if (maeth.recordStreamId(k) == streamId) {
                    AnswerFields.add(out, FieldMismatch.unless(MaethFlyweight.RECORD_CMSN.id(), cmsn, maeth.recordCmsn(k)));
                    return out;
                }
            }
            out.add(FieldMismatch.of(MaethFlyweight.RECORD_STREAM_ID.id(), "a record for stream " + streamId,
                "records for streams " + streamsOf(maeth)));
            return out;
        }

        @Override
        public String describe() {
            return "an ACK with CMSN " + cmsn + " for stream " + streamId;
        }

        private static List<Integer> streamsOf(final MaethFlyweight maeth) {
            final List<Integer> streams = new ArrayList<>();
            for (int k = 0; k < Math.min(maeth.recordCount(), MaethFlyweight.MAX_RECORDS); k++) {
                streams.add(maeth.recordStreamId(k));
            }
            return streams;
        }
    }

    /**
     * A data packet the device sends on {@code pathId} with {@code psn}: its first transmission
     * ({@code retransmission} false, R = 0) or a retransmission (R = 1), section 9.3.
     */
    record DataPacket(int pathId, int psn, boolean retransmission) implements ProbeExpectation {
        @Override
        public List<String> compare(final DecodedPacket answer) {
            final List<String> out = new ArrayList<>();
            final int opcode = answer.opcodeValue();
            if (opcode != OpcodeTable.MPRT_WRITE.code() && opcode != OpcodeTable.MPRT_SEND.code()) {
                out.add(FieldMismatch.of(BthFlyweight.OPCODE.id(), "a data packet (MPRT_WRITE or MPRT_SEND)",
                    AnswerFields.opcodeWords(opcode)));
                return out;
            }
            final MdethFlyweight mdeth = answer.extensions().mdeth();
            AnswerFields.add(out, FieldMismatch.unless(MdethFlyweight.PATH_ID.id(), pathId, mdeth.pathId()));
            AnswerFields.add(out, FieldMismatch.unless(BthFlyweight.PSN.id(), psn, answer.bth().psn()));
            AnswerFields.add(out, FieldMismatch.unless(MdethFlyweight.R.id(), retransmission ? 1 : 0, mdeth.r()));
            return out;
        }

        @Override
        public String describe() {
            return (retransmission ? "a retransmission of PSN " : "a data packet with PSN ") + psn + " on path " + pathId;
        }
    }

    /** What a silence forbids. */
    enum Forbidden {
        /** Any frame. */
        ANYTHING("nothing"),
        /** An acknowledgement: an MPRT_ACK, or a RoCEv2 Acknowledge whose AETH says ACK. */
        ACK("no ACK"),
        /** A negative acknowledgement: an MPRT_NAK, or a RoCEv2 Acknowledge whose AETH says NAK or RNR NAK. */
        NAK("no NAK");

        private final String words;

        Forbidden(final String words) {
            this.words = words;
        }

        boolean forbids(final DecodedPacket frame) {
            final int opcode = frame.opcodeValue();
            final boolean roceAcknowledge = opcode == OpcodeTable.RC_ACKNOWLEDGE.code() && frame.hasBth()
                && frame.profile() == Profile.ROCEV2;
            return switch (this) {
                case ANYTHING -> true;
                case ACK -> opcode == OpcodeTable.MPRT_ACK.code()
                    || roceAcknowledge && frame.extensions().aeth().kind() == AethSyndrome.Kind.ACK;
                case NAK -> opcode == OpcodeTable.MPRT_NAK.code()
                    || roceAcknowledge && frame.extensions().aeth().kind() != AethSyndrome.Kind.ACK;
            };
        }
    }

    /**
     * No frame of the {@code forbidden} kind from the device to the tester: after the previous
     * check, or ({@code sinceStart}) since the probe began.
     */
    record Silence(Forbidden forbidden, boolean sinceStart) implements ProbeExpectation {
        @Override
        public Scope scope() {
            return sinceStart ? Scope.SILENCE_SINCE_START : Scope.SILENCE;
        }

        @Override
        public List<String> compare(final DecodedPacket frame) {
            if (!forbidden.forbids(frame)) {
                return List.of();
            }
            return List.of(FieldMismatch.of(BthFlyweight.OPCODE.id(), forbidden.words,
                AnswerFields.opcodeWords(frame.opcodeValue())));
        }

        @Override
        public String describe() {
            return forbidden.words + (sinceStart ? " since the probe began" : "");
        }
    }
}
