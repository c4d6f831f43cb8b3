package org.mprt.ctk.reference.mprt;

import org.mprt.ctk.reference.attachment.PlaneLink;
import org.mprt.ctk.reference.mprt.sack.ReceivePath;
import org.mprt.ctk.reference.mprt.sack.ReceiveWindow;
import org.mprt.ctk.reference.mprt.sack.SackBitmap;
import org.mprt.ctk.reference.mprt.stream.InboundStreams;
import org.mprt.ctk.reference.mprt.wire.MprtFrameWriter;
import org.mprt.ctk.wire.decode.DecodedPacket;
import org.mprt.ctk.wire.encode.FrameEncoder;
import org.mprt.ctk.wire.mprt.MaethFlyweight;
import org.mprt.ctk.wire.mprt.MdethFlyweight;
import org.mprt.ctk.wire.mprt.MpethFlyweight;
import org.mprt.ctk.wire.mprt.MprtNakCode;
import org.mprt.ctk.wire.opcode.OpcodeTable;
import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * The answers a receiver sends: MPRT_ACK (section 8.1: cack, bitmap, ECN echo, echo_timestamp,
 * guidance, stream records), MPRT_NAK (section 3.6, naming the offending packet, MPRT-SEC-006) and
 * MPRT_PROBE_REPLY (echoing the PROBE, MPRT-WIRE-060). Each travels on the plane of what it answers
 * (MPRT-SACK-002) and carries the reverse (DestQP, SCN) pair (MPRT-CONN-002).
 */
final class ReceiverReplies {

    /** No duplicate is being answered. */
    static final int NO_DUPLICATE = -1;

    private final MprtConnection connection;
    private final MprtNode node;
    private final MprtConfig config;
    private final MprtFrameWriter writer;
    private final int[] portIndexes;
    private final int[] recordIds = new int[MaethFlyweight.MAX_RECORDS];
    private final long[] recordCmsns = new long[MaethFlyweight.MAX_RECORDS];

    ReceiverReplies(final MprtConnection connection) {
        this.connection = connection;
        this.node = connection.node();
        this.config = node.config();
        this.writer = node.writer();
        this.portIndexes = connection.receivePortIndexes();
    }

    /**
     * Sends an ACK for {@code path}; {@code duplicateStream} and {@code duplicatePsn} name the duplicate
     * it answers, whose stream record it includes (section 6.2), or are {@link #NO_DUPLICATE}.
     */
    void ack(final ReceivePath path, final InboundStreams streams, final int duplicateStream, final int duplicatePsn) {
        final ReceiveWindow window = path.window();
        final int records = streams.selectRecords(duplicateStream, recordIds, recordCmsns);
        int cack = window.cack();
        boolean withBitmap = true;
        if (config.deviates(Deviation.SACK_UNRECEIVED_PSN)) {
            // Deviation.SACK_UNRECEIVED_PSN: claims the holes before the highest PSN that arrived (MPRT-SACK-003).
            cack = window.highestReceived();
            withBitmap = false;
        }
        if (config.deviates(Deviation.REVERSE_CACK) && duplicatePsn != NO_DUPLICATE
            && SerialNumber.precedes24(duplicatePsn, cack)) {
            // Deviation.REVERSE_CACK: the cack moves back to the duplicate's PSN (MPRT-SACK-004).
            cack = duplicatePsn;
            withBitmap = false;
        }
        final PlaneLink link = connection.link(path.planeIndex());
        final FrameEncoder encoder = writer.beginControl(link, path.udpSourcePort(), OpcodeTable.MPRT_ACK, records);
        encoder.bth().destQp(connection.peerConnectionNumber()).psn(cack);
        final int ceCount = path.ceCountSinceAck();
        final MaethFlyweight maeth = encoder.extensions().maeth().pathId(path.pathId()).e(ceCount == 0 ? 0 : 1)
            .ceCount(ceCount).echoTimestamp(path.echoTimestamp()).guidanceRateMbps(node.guidanceMbps(portIndexes))
            .scn(connection.connectionNumber());
        for (int w = 0; w < SackBitmap.WORDS; w++) {
            maeth.sackBitmapWord(w, withBitmap ? window.bitmap().word(w) : 0);
        }
        for (int k = 0; k < records; k++) {
            maeth.recordStreamId(k, recordIds[k]).recordCmsn(k, recordCmsns[k]);
        }
        node.transmit(link.localPortIndex(), writer.finishControl());
        streams.markReported(recordIds, recordCmsns, records);
        path.onAckSent();
    }

    /** Sends a NAK naming {@code packet} (a data packet) on the plane it arrived on. */
    void nak(final DecodedPacket packet, final PlaneLink link, final MprtNakCode code) {
        final MdethFlyweight mdeth = packet.extensions().mdeth();
        final int pathId = mdeth.pathId();
        final int streamId = mdeth.streamId();
        final long msn = mdeth.msn();
        final long offset = mdeth.messageOffset();
        final int psn = packet.bth().psn();
        final FrameEncoder encoder = writer.beginControl(link, packet.udp().sourcePort(), OpcodeTable.MPRT_NAK, 0);
        encoder.bth().destQp(connection.peerConnectionNumber()).psn(psn);
        encoder.extensions().mneth().pathId(pathId).nakCode(code).streamId(streamId)
            .scn(connection.connectionNumber()).msn(msn).messageOffset(offset);
        node.transmit(link.localPortIndex(), writer.finishControl());
    }

    /** Answers a PROBE, echoing its path_id, probe_id, tx_timestamp and BTH.PSN. */
    void probeReply(final DecodedPacket probe, final PlaneLink link) {
        final MpethFlyweight mpeth = probe.extensions().mpeth();
        final int pathId = mpeth.pathId();
        final long probeId = mpeth.probeId();
        final long txTimestamp = mpeth.txTimestamp();
        final int psn = probe.bth().psn();
        final FrameEncoder encoder = writer.beginControl(link, probe.udp().sourcePort(), OpcodeTable.MPRT_PROBE_REPLY, 0);
        encoder.bth().destQp(connection.peerConnectionNumber()).psn(psn);
        encoder.extensions().mpeth().pathId(pathId).scn(connection.connectionNumber()).probeId(probeId)
            .txTimestamp(txTimestamp);
        node.transmit(link.localPortIndex(), writer.finishControl());
    }
}
