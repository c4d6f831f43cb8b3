package org.mprt.ctk.verdict.captures;

import static org.mprt.ctk.verdict.captures.FrameFactory.intact;
import static org.mprt.ctk.verdict.captures.FrameFactory.none;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.mprt.ctk.pcap.LinkType;
import org.mprt.ctk.wire.icrc.Icrc;
import org.mprt.ctk.wire.ip.Ecn;
import org.mprt.ctk.wire.ip.NetworkKind;
import org.mprt.ctk.wire.opcode.Opcode;
import org.mprt.ctk.wire.opcode.OpcodeTable;

/**
 * The crafted behaviour captures of {@code captures/behaviour/}: exchanges over time between node A
 * (10.0.0.1 on plane 0, 10.1.0.1 on plane 1) and node B (10.0.0.2, 10.1.0.2), each either
 * conforming or with frames that break one behavioural rule apiece. Times are in microseconds; the
 * round trip between A and B is 20 µs, and a node answers what arrives at it within 1 µs, so a
 * capture at A sees B's ACKs 20 µs after A's data and a capture at B sees them at once. Frame
 * numbers in the comments are the ones the expectation files name.
 */
final class BehaviourCaptures {

    /** Offset of the first payload byte of an untagged IPv4 MPRT data frame: 14 + 20 + 8 + 12 + 36. */
    private static final int MPRT_PAYLOAD_OFFSET = 90;
    private static final int IPV4_OFFSET = 14;

    private final FrameFactory f = new FrameFactory();

    List<CaptureFile> all() {
        final List<CaptureFile> out = new ArrayList<>();
        out.add(MprtSenderCaptures.clean(this));
        final CaptureFile senderFaults = MprtSenderCaptures.faults(this);
        out.add(senderFaults);
        out.add(CaptureFile.untimed("behaviour/mprt-sender-faults-untimed.pcapng", senderFaults));
        out.add(MprtSenderCaptures.sendWindow(this));
        out.add(MprtReceiverCaptures.clean(this));
        final CaptureFile faults = MprtReceiverCaptures.faults(this);
        out.add(faults);
        out.add(snapped("behaviour/mprt-receiver-faults-snap128.pcap", faults));
        out.add(MprtReceiverCaptures.midConnection(this));
        out.add(MprtReceiverCaptures.refusedPsn(this));
        out.add(MprtReceiverCaptures.dataAtAbandonedPsn(this));
        out.add(RoceCaptures.requesterClean(this));
        out.add(RoceCaptures.requesterFaults(this));
        out.add(RoceCaptures.responderClean(this));
        out.add(RoceCaptures.responderFaults(this));
        out.add(MprtSenderTimingCaptures.entropy(this));
        out.add(MprtSenderTimingCaptures.ackRequest(this, true));
        out.add(MprtSenderTimingCaptures.ackRequest(this, false));
        out.add(MprtSenderTimingCaptures.receiveBufferNak(this, true));
        out.add(MprtSenderTimingCaptures.receiveBufferNak(this, false));
        out.add(MprtSenderTimingCaptures.retransmissions(this));
        out.add(MprtSenderTimingCaptures.silentPath(this));
        out.add(MprtSenderTimingCaptures.stuckPacket(this));
        out.add(MprtSenderTimingCaptures.initialWindow(this));
        out.add(MprtSenderTimingCaptures.ecnEcho(this, true));
        out.add(MprtSenderTimingCaptures.ecnEcho(this, false));
        out.add(MprtSenderTimingCaptures.guidance(this, true));
        out.add(MprtSenderTimingCaptures.guidance(this, false));
        out.add(MprtSenderTimingCaptures.fatalNak(this, true));
        out.add(MprtSenderTimingCaptures.fatalNak(this, false));
        out.add(MprtReceiverTimingCaptures.clean(this));
        out.add(MprtReceiverTimingCaptures.faults(this));
        out.add(MprtReceiverTimingCaptures.fatalNak(this, true));
        out.add(MprtReceiverTimingCaptures.fatalNak(this, false));
        out.add(MprtReceiverTimingCaptures.lostMessage(this));
        final CaptureFile incast = MprtReceiverTimingCaptures.incast(this);
        out.add(incast);
        out.add(CaptureFile.onLoopback("behaviour/mprt-receiver-incast-loopback.pcap", incast));
        out.add(CaptureFile.onLoopback("behaviour/mprt-receiver-faults-loopback.pcap", faults));
        out.add(MprtFailureCaptures.clean(this));
        out.add(MprtFailureCaptures.resentAfterReadmission(this));
        out.add(MprtFailureCaptures.faults(this));
        out.add(MprtFailureCaptures.readmitted(this));
        out.add(MprtFailureCaptures.pathPreference(this, true));
        out.add(MprtFailureCaptures.pathPreference(this, false));
        out.add(MprtFailureCaptures.pathPreferenceUnlearnt(this));
        out.add(MprtFailureCaptures.pathPreferenceFailedPath(this));
        out.add(MprtFailureCaptures.fairShare(this, true));
        out.add(MprtFailureCaptures.fairShare(this, false));
        out.add(RoceTimerCaptures.clean(this));
        out.add(RoceTimerCaptures.faults(this));
        return out;
    }

    void writeAll(final Path capturesDir) throws IOException {
        for (final CaptureFile file : all()) {
            file.write(capturesDir);
        }
    }

    /** The same frames at the same times, as a capture with snap length 128 keeps them. */
    static CaptureFile snapped(final String name, final CaptureFile whole) {
        final CaptureFile cut = new CaptureFile(name, LinkType.ETHERNET, 128);
        for (final CaptureFile.Timed t : whole.frames()) {
            cut.at(t.atNs() / 1000.0, t.bytes());
        }
        return cut;
    }

    // ---- MPRT building blocks ------------------------------------------------------------------

    /** A data packet from A (or, with {@code way}, from B), on the path's default port. */
    byte[] data(final Consumer<MprtPacket> fields) {
        final MprtPacket p = MprtPacket.data();
        p.udpSourcePort = -1;
        p.with(fields);
        if (p.udpSourcePort < 0) {
            p.udpSourcePort = 0xC000 + p.pathId;
        }
        return p.buildData(f);
    }

    /** An ACK from B (or, with {@code way}, from A), on the path's default answer port. */
    byte[] ack(final Consumer<MprtPacket> fields) {
        final MprtPacket p = MprtPacket.ack();
        p.udpSourcePort = -1;
        p.with(fields);
        if (p.udpSourcePort < 0) {
            p.udpSourcePort = 0xC100 + p.pathId;
        }
        return p.buildAck(f);
    }

    byte[] nak(final Consumer<MprtPacket> fields) {
        final MprtPacket p = MprtPacket.nak();
        p.udpSourcePort = 0xC1FF;
        return p.with(fields).buildNak(f);
    }

    /**
     * Puts a packet on connection {@code n} between A and B: connection 1 is the default pair (B's
     * number 0x100, A's 0x200), connection n has B's number 0x100 + 0x200 (n - 1) and A's the next 0x100.
     * Call it after the packet's direction is set.
     */
    static void connection(final MprtPacket p, final int n) {
        final int atB = FrameFactory.DCN_AT_B + 0x200 * (n - 1);
        final int atA = atB + 0x100;
        final boolean fromA = p.way == FrameFactory.Way.A_TO_B;
        p.destQp = fromA ? atB : atA;
        p.scn = fromA ? atA : atB;
    }

    /** An MPRT_PROBE from A on the path's default port. */
    byte[] probe(final Consumer<MprtPacket> fields) {
        final MprtPacket p = MprtPacket.data();
        p.udpSourcePort = -1;
        p.payloadBytes = 0;
        p.with(fields);
        if (p.udpSourcePort < 0) {
            p.udpSourcePort = 0xC000 + p.pathId;
        }
        return p.buildProbe(f, false);
    }

    /** The MPRT_PROBE_REPLY from B that echoes a PROBE (same fields). */
    byte[] probeReply(final Consumer<MprtPacket> fields) {
        final MprtPacket p = MprtPacket.ack();
        p.udpSourcePort = -1;
        p.with(fields);
        if (p.udpSourcePort < 0) {
            p.udpSourcePort = 0xC100 + p.pathId;
        }
        return p.buildProbe(f, true);
    }

    /** Payload bytes of a pattern {@code seed} picks (over IPv4), so that packets' payloads differ from each other. */
    static Consumer<java.nio.ByteBuffer> payloadOf(final int seed) {
        return FrameFactory.rewrite(b -> {
            for (int i = MPRT_PAYLOAD_OFFSET; i < b.limit() - Icrc.ICRC_LENGTH; i++) {
                b.put(i, (byte) (seed * 31 + i));
            }
        }, IPV4_OFFSET, NetworkKind.IPV4);
    }

    /** Changes one payload byte of an MPRT data frame and restores a valid ICRC. */
    static Consumer<java.nio.ByteBuffer> payloadChanged() {
        return FrameFactory.rewrite(b -> b.put(MPRT_PAYLOAD_OFFSET, (byte) (b.get(MPRT_PAYLOAD_OFFSET) ^ 0x55)),
            IPV4_OFFSET, NetworkKind.IPV4);
    }

    // ---- RoCEv2 building blocks ----------------------------------------------------------------

    /** An RC request from A to B's QP {@code destQp}. */
    byte[] request(final int destQp, final Opcode opcode, final int psn, final int payloadBytes, final int ackReq) {
        return request(destQp, opcode, psn, payloadBytes, ackReq, Ecn.ECT_0);
    }

    /** An RC request from A to B's QP {@code destQp}, sent with the ECN codepoint {@code ecn}. */
    byte[] request(final int destQp, final Opcode opcode, final int psn, final int payloadBytes, final int ackReq,
                   final int ecn) {
        return f.frame(FrameFactory.Way.A_TO_B, 0, 0xC000 + destQp, opcode, payloadBytes, e -> e.ecn(ecn),
            e -> e.bth().destQp(destQp).psn(psn).ackReq(ackReq), intact());
    }

    /** An RC Acknowledge from B to A's QP {@code destQp}: syndrome (ACK, NAK or reserved) and MSN. */
    byte[] acknowledge(final int destQp, final int psn, final int syndrome, final int msn) {
        return acknowledgeFrom(0xC000 + destQp, destQp, psn, syndrome, msn);
    }

    /** An RC SEND_ONLY of 8 bytes from A to B's QP {@code destQp}, from UDP source port {@code udpSourcePort}. */
    byte[] requestFrom(final int udpSourcePort, final int destQp, final int psn) {
        return f.frame(FrameFactory.Way.A_TO_B, 0, udpSourcePort, OpcodeTable.RC_SEND_ONLY, 8, e -> e.ecn(Ecn.ECT_0),
            e -> e.bth().destQp(destQp).psn(psn), intact());
    }

    /** As {@link #acknowledge}, from UDP source port {@code udpSourcePort}. */
    byte[] acknowledgeFrom(final int udpSourcePort, final int destQp, final int psn, final int syndrome, final int msn) {
        return f.frame(FrameFactory.Way.B_TO_A, 0, udpSourcePort, OpcodeTable.RC_ACKNOWLEDGE, 0, none(), e -> {
            e.bth().destQp(destQp).psn(psn);
            e.extensions().aeth().syndrome(syndrome).msn(msn);
        }, intact());
    }
}
