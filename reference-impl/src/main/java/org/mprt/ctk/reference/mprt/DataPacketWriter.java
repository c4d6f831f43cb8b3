package org.mprt.ctk.reference.mprt;

import org.mprt.ctk.reference.attachment.PlaneLink;
import org.mprt.ctk.reference.mprt.path.SenderPath;
import org.mprt.ctk.reference.mprt.path.SentPacket;
import org.mprt.ctk.reference.mprt.stream.OutboundMessage;
import org.mprt.ctk.reference.mprt.stream.Segment;
import org.mprt.ctk.reference.mprt.wire.MprtFrameWriter;
import org.mprt.ctk.wire.encode.FrameEncoder;
import org.mprt.ctk.wire.mprt.MdethFlyweight;
import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * Composes one MPRT_WRITE or MPRT_SEND (mprt-v0.1.md section 3.4): the BTH of its path and PSN, an
 * MDETH that names everything the receiver needs to place it on arrival (section 4.1), and the
 * payload read from the local region.
 */
final class DataPacketWriter {

    private final MprtConnection connection;
    private final MprtFrameWriter writer;

    DataPacketWriter(final MprtConnection connection) {
        this.connection = connection;
        this.writer = connection.node().writer();
    }

    /** Writes the frame of {@code packet} on {@code path} into the node's frame buffer; returns its length. */
    int write(final SenderPath path, final SentPacket packet, final boolean ackReq, final long nowNs) {
        final Segment segment = packet.segment();
        final OutboundMessage message = segment.message();
        final PlaneLink link = connection.link(path.planeIndex());
        final FrameEncoder encoder = writer.beginData(link, path.udpSourcePort(), message.isSend(), segment.lengthBytes());
        encoder.bth().destQp(connection.peerConnectionNumber()).psn(packet.psn()).ackReq(ackReq ? 1 : 0);
        final MdethFlyweight mdeth = encoder.extensions().mdeth().pathId(path.pathId()).f(segment.isFirst() ? 1 : 0)
            .l(segment.isLast() ? 1 : 0).r(segment.isRetransmission() ? 1 : 0).streamId(message.streamId())
            .scn(connection.connectionNumber()).msn(message.msn()).messageOffset(segment.offsetBytes())
            .messageLength(message.lengthBytes()).txTimestamp(nowNs & SerialNumber.MASK_32);
        if (message.isSend()) {
            mdeth.rsn(message.rsn());
        } else {
            mdeth.virtualAddress(message.remoteAddress() + segment.offsetBytes()).rkey(message.rkey());
        }
        message.local().read(message.localOffset() + segment.offsetBytes(), writer.frameBuffer(), encoder.payloadOffset(),
            segment.lengthBytes());
        return writer.finishData();
    }
}
