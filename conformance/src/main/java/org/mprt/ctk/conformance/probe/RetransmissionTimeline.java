package org.mprt.ctk.conformance.probe;

import java.util.ArrayList;
import java.util.List;
import org.mprt.ctk.conformance.runtime.DutLedger;
import org.mprt.ctk.wire.bth.BthFlyweight;
import org.mprt.ctk.wire.decode.DecodeStatus;
import org.mprt.ctk.wire.decode.DecodedPacket;
import org.mprt.ctk.wire.decode.PacketDecoder;
import org.mprt.ctk.wire.mprt.MdethFlyweight;
import org.mprt.ctk.wire.opcode.OpcodeTable;

/**
 * The transmissions of one data packet of the device on a path that the tester never acknowledges,
 * held against the retransmission timer of mprt-v0.1.md section 9.2 (MPRT-LOSS-003): counted from
 * the packet's first transmission at t0, the k-th RTO expiry falls at t0 plus the k-th of the
 * given offsets; at each, the device retransmits the packet (same path and PSN, R = 1) no earlier
 * than the expiry and within the bound after it, and retransmits nothing on the path before it.
 */
final class RetransmissionTimeline {

    private final DecodedPacket decoded = new DecodedPacket();
    private final int testerNumber;
    private final int pathId;
    private final int psn;
    private final long boundNs;
    private final long toleranceNs;
    private final String boundWords;
    /** The latest transmission of the packet found so far; the next expiry's retransmission comes after it. */
    private DutLedger.SentFrame previous;

    RetransmissionTimeline(final int testerNumber, final int pathId, final int psn, final long boundNs, final long toleranceNs,
                           final String boundWords) {
        this.testerNumber = testerNumber;
        this.pathId = pathId;
        this.psn = psn;
        this.boundNs = boundNs;
        this.toleranceNs = toleranceNs;
        this.boundWords = boundWords;
    }

    /** When the packet was first sent, or -1 when the device has not sent it. */
    long firstTransmissionNs(final List<DutLedger.SentFrame> sent) {
        for (final DutLedger.SentFrame f : sent) {
            if (onPath(f) && decoded.bth().psn() == psn) {
                return f.timeNs();
            }
        }
        return -1;
    }

    /** One check per expiry; {@code sent} is every frame the device sent, in order. */
    List<ProbeCheck> checks(final List<DutLedger.SentFrame> sent, final long[] expiryOffsetsNs) {
        final List<ProbeCheck> checks = new ArrayList<>();
        previous = null;
        for (final DutLedger.SentFrame f : sent) {
            if (onPath(f) && decoded.bth().psn() == psn) {
                previous = f;
                break;
            }
        }
        if (previous == null) {
            checks.add(new ProbeCheck(what(1, 0), List.of(FieldMismatch.of(BthFlyweight.PSN.id(),
                "a first transmission of PSN " + psn + " on path " + pathId, "none")), List.of()));
            return checks;
        }
        final long t0 = previous.timeNs();
        for (int k = 1; k <= expiryOffsetsNs.length; k++) {
            checks.add(expiry(sent, k, t0, expiryOffsetsNs[k - 1]));
        }
        return checks;
    }

    private ProbeCheck expiry(final List<DutLedger.SentFrame> sent, final int k, final long t0, final long offsetNs) {
        final long expiryNs = t0 + offsetNs;
        final String what = what(k, offsetNs);
        final List<String> mismatches = new ArrayList<>();
        final List<Long> frames = new ArrayList<>();
        DutLedger.SentFrame retransmission = null;
        for (final DutLedger.SentFrame f : sent) {
            if (f.number() <= previous.number() || !onPath(f)) {
                continue;
            }
            final boolean early = f.timeNs() < expiryNs - toleranceNs;
            final boolean again = decoded.extensions().mdeth().r() == 1 || decoded.bth().psn() == psn;
            if (early && again) {
                mismatches.add("frame " + f.number() + ": time: expected no retransmission on path " + pathId + " before the "
                    + ordinal(k) + " RTO expiry, " + offsetNs + " ns after the first transmission of PSN " + psn
                    + " (tolerance " + toleranceNs + " ns) vs actual PSN " + decoded.bth().psn() + " retransmitted "
                    + (f.timeNs() - t0) + " ns after it");
                frames.add(f.number());
            } else if (!early && decoded.bth().psn() == psn) {
                retransmission = f;
                break;
            }
        }
        if (retransmission == null) {
            mismatches.add(FieldMismatch.of(BthFlyweight.PSN.id(), what, "none"));
            return new ProbeCheck(what, mismatches, frames);
        }
        frames.add(retransmission.number());
        previous = retransmission;
        final long afterNs = retransmission.timeNs() - expiryNs;
        if (afterNs > boundNs + toleranceNs) {
            mismatches.add("frame " + retransmission.number() + ": time: expected at most " + (boundNs + toleranceNs)
                + " ns after the " + ordinal(k) + " RTO expiry (bound " + boundNs + " ns, tolerance " + toleranceNs
                + " ns) vs actual " + afterNs + " ns");
        }
        onPath(retransmission);
        AnswerFields.add(mismatches, prefixed(retransmission, FieldMismatch.unless(MdethFlyweight.R.id(), 1,
            decoded.extensions().mdeth().r())));
        return new ProbeCheck(what, mismatches, frames);
    }

    private String what(final int k, final long offsetNs) {
        return "a retransmission of PSN " + psn + " on path " + pathId + " at the " + ordinal(k) + " RTO expiry (" + offsetNs
            + " ns after its first transmission), within " + boundWords + " (" + boundNs + " ns, tolerance " + toleranceNs
            + " ns)";
    }

    /** Decodes {@code f}; true when it is a data packet of the path to the tester's connection. */
    private boolean onPath(final DutLedger.SentFrame f) {
        final DecodeStatus status = PacketDecoder.decodeEthernet(f.bytes(), 0, f.bytes().length, decoded);
        if (status != DecodeStatus.OK && status != DecodeStatus.ICRC_MISMATCH || !decoded.hasBth()
            || decoded.bth().destQp() != testerNumber) {
            return false;
        }
        final int opcode = decoded.opcodeValue();
        return (opcode == OpcodeTable.MPRT_WRITE.code() || opcode == OpcodeTable.MPRT_SEND.code())
            && decoded.extensions().mdeth().pathId() == pathId;
    }

    private static String prefixed(final DutLedger.SentFrame f, final String mismatch) {
        return mismatch == null ? null : "frame " + f.number() + ": " + mismatch;
    }

    private static String ordinal(final int k) {
        return k + (k % 100 >= 11 && k % 100 <= 13 ? "th" : k % 10 == 1 ? "st" : k % 10 == 2 ? "nd" : k % 10 == 3 ? "rd" : "th");
    }
}
