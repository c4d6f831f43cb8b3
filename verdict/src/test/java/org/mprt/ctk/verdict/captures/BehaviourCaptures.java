package org.mprt.ctk.verdict.captures;

import static org.mprt.ctk.verdict.captures.FrameFactory.intact;
import static org.mprt.ctk.verdict.captures.FrameFactory.none;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.mprt.ctk.pcap.LinkType;
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
        out.add(MprtSenderCaptures.faults(this));
        out.add(MprtSenderCaptures.sendWindow(this));
        out.add(MprtReceiverCaptures.clean(this));
        final CaptureFile faults = MprtReceiverCaptures.faults(this);
        out.add(faults);
        out.add(snapped("behaviour/mprt-receiver-faults-snap128.pcap", faults));
        out.add(MprtReceiverCaptures.midConnection(this));
        out.add(RoceCaptures.requesterClean(this));
        out.add(RoceCaptures.requesterFaults(this));
        out.add(RoceCaptures.responderClean(this));
        out.add(RoceCaptures.responderFaults(this));
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

    /** Changes one payload byte of an MPRT data frame and restores a valid ICRC. */
    static Consumer<java.nio.ByteBuffer> payloadChanged() {
        return FrameFactory.rewrite(b -> b.put(MPRT_PAYLOAD_OFFSET, (byte) (b.get(MPRT_PAYLOAD_OFFSET) ^ 0x55)),
            IPV4_OFFSET, NetworkKind.IPV4);
    }

    // ---- RoCEv2 building blocks ----------------------------------------------------------------

    /** An RC request from A to B's QP {@code destQp}. */
    byte[] request(final int destQp, final Opcode opcode, final int psn, final int payloadBytes, final int ackReq) {
        return f.frame(FrameFactory.Way.A_TO_B, 0, 0xC000 + destQp, opcode, payloadBytes, none(),
            e -> e.bth().destQp(destQp).psn(psn).ackReq(ackReq), intact());
    }

    /** An RC Acknowledge from B to A's QP {@code destQp}: syndrome (ACK, NAK or reserved) and MSN. */
    byte[] acknowledge(final int destQp, final int psn, final int syndrome, final int msn) {
        return f.frame(FrameFactory.Way.B_TO_A, 0, 0xC000 + destQp, OpcodeTable.RC_ACKNOWLEDGE, 0, none(), e -> {
            e.bth().destQp(destQp).psn(psn);
            e.extensions().aeth().syndrome(syndrome).msn(msn);
        }, intact());
    }
}
