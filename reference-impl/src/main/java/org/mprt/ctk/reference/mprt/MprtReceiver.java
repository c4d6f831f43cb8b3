package org.mprt.ctk.reference.mprt;

import java.util.List;
import org.mprt.ctk.reference.attachment.PlaneLink;
import org.mprt.ctk.reference.attachment.TimerService;
import org.mprt.ctk.reference.mprt.place.DataPacketChecks;
import org.mprt.ctk.reference.mprt.place.Placement;
import org.mprt.ctk.reference.mprt.sack.PsnClass;
import org.mprt.ctk.reference.mprt.sack.ReceivePath;
import org.mprt.ctk.reference.mprt.stream.InboundMessage;
import org.mprt.ctk.reference.mprt.stream.InboundStream;
import org.mprt.ctk.reference.mprt.stream.InboundStreams;
import org.mprt.ctk.reference.verbs.ReceiveBuffer;
import org.mprt.ctk.reference.verbs.CompletionStatus;
import org.mprt.ctk.reference.verbs.MemoryRegion;
import org.mprt.ctk.reference.verbs.PathSpec;
import org.mprt.ctk.reference.verbs.WorkCompletion;
import org.mprt.ctk.reference.verbs.WorkOpcode;
import org.mprt.ctk.wire.decode.DecodedPacket;
import org.mprt.ctk.wire.ip.Ecn;
import org.mprt.ctk.wire.mprt.MdethFlyweight;
import org.mprt.ctk.wire.mprt.MprtNakCode;

/**
 * The receiving direction of a connection: the checks of section 13.1 from step 5 on, direct
 * placement on arrival (section 7), the per-path receive windows and ACK triggers (sections 4.4,
 * 8.2), streams and their completion in MSN order (section 6), and PROBE answers (section 10.6).
 */
public final class MprtReceiver implements InboundStream.CompletionListener {

    private final MprtConnection connection;
    private final MprtConfig config;
    private final TimerService timers;
    private final ReceivePath[] paths;
    private final InboundStreams streams;
    private final Placement placement;
    private final ReceiverReplies replies;
    private final int pmtuBytes;

    MprtReceiver(final MprtConnection connection) {
        this.connection = connection;
        this.config = connection.node().config();
        this.timers = connection.node().timers();
        this.pmtuBytes = connection.pmtuBytes();
        final List<PathSpec> peerPaths = connection.peerDescriptor().paths();
        this.paths = new ReceivePath[peerPaths.size()];
        for (int i = 0; i < paths.length; i++) {
            final int pathId = i;
            paths[i] = new ReceivePath(i, peerPaths.get(i).planeIndex(), peerPaths.get(i).udpSourcePort(), timers,
                () -> onCoalesceTimer(pathId));
        }
        this.streams = new InboundStreams(connection.streamCount());
        // Deviation.PLACE_OUT_OF_BOUNDS switches the bounds check of step 10 off (MPRT-SEC-002).
        this.placement = new Placement(connection.node().registry(), connection.connectionNumber(),
            config.deviates(Deviation.PLACE_OUT_OF_BOUNDS));
        this.replies = new ReceiverReplies(connection);
    }

    /** The receive state of the peer's path {@code pathId} (for tests and diagnostics). */
    public ReceivePath path(final int pathId) {
        return paths[pathId];
    }

    public InboundStreams streams() {
        return streams;
    }

    void postReceive(final long wrId, final int streamId, final MemoryRegion region, final long offset, final int length) {
        streams.stream(streamId).postReceive(new ReceiveBuffer(wrId, region, offset, length));
    }

    /** Steps 5 to 13 of section 13.1 for a data packet of a connection not in ERROR. */
    void onData(final DecodedPacket packet, final PlaneLink link) {
        final long nowNs = timers.nowNs();
        final MdethFlyweight mdeth = packet.extensions().mdeth();
        MprtNakCode code = DataPacketChecks.header(packet, paths.length, pmtuBytes);
        if (code == null) {
            code = DataPacketChecks.stream(mdeth, streams.count());
        }
        if (code != null) {
            nak(packet, link, code, true);
            return;
        }
        final ReceivePath path = paths[mdeth.pathId()];
        path.onDataArrival(packet.udp().sourcePort(), packet.ecn() == Ecn.CE, nowNs);
        final int psn = packet.bth().psn();
        final PsnClass psnClass = path.window().classify(psn);
        if (psnClass == PsnClass.OUT_OF_WINDOW) {
            nak(packet, link, MprtNakCode.PSN_OUT_OF_WINDOW, false);
        } else if (psnClass == PsnClass.DUPLICATE) {
            onDuplicate(packet, mdeth, path, link, nowNs);
        } else {
            onNew(packet, mdeth, path, link, nowNs);
        }
    }

    /** Answers a PROBE and resynchronises its path (section 10.6, MPRT-FAIL-006). */
    void onProbe(final DecodedPacket packet, final PlaneLink link) {
        if (config.deviates(Deviation.NO_PROBE_REPLY)) {
            // Deviation.NO_PROBE_REPLY: the PROBE goes unanswered and the path is not resynchronised (MPRT-FAIL-006).
            return;
        }
        replies.probeReply(packet, link);
        final int pathId = packet.extensions().mpeth().pathId();
        if (pathId < paths.length) {
            paths[pathId].window().resynchronise(packet.bth().psn());
        }
    }

    /** Sends a NAK for {@code packet}; a fatal code puts the connection in ERROR when {@code enterError}. */
    void nak(final DecodedPacket packet, final PlaneLink link, final MprtNakCode code, final boolean enterError) {
        replies.nak(packet, link, code);
        if (enterError && code.isFatal()) {
            final MdethFlyweight mdeth = packet.extensions().mdeth();
            connection.enterError(code, true, mdeth.streamId(), mdeth.msn());
        }
    }

    /** The ACK_AFTER_FATAL_NAK mutant: acknowledges a data packet's path although the connection is in ERROR. */
    void acknowledgeInError(final DecodedPacket packet, final PlaneLink link) {
        final int pathId = packet.extensions().mdeth().pathId();
        if (pathId < paths.length) {
            replies.ack(paths[pathId], streams, ReceiverReplies.NO_DUPLICATE, ReceiverReplies.NO_DUPLICATE);
        }
    }

    @Override
    public void onMessageComplete(final InboundStream stream, final InboundMessage message) {
        // message_length may be 2^31 (section 3.4), one more than a byte count holds.
        final int bytes = (int) Math.min(Integer.MAX_VALUE, message.lengthBytes());
        if (message.isSend()) {
            final ReceiveBuffer buffer = stream.consumeBuffer(message.rsn());
            connection.complete(buffer.wrId(), WorkOpcode.RECV, CompletionStatus.SUCCESS, bytes, stream.streamId(),
                message.msn());
        } else {
            connection.complete(WorkCompletion.NO_WORK_REQUEST, WorkOpcode.RECV_RDMA_WRITE, CompletionStatus.SUCCESS,
                bytes, stream.streamId(), message.msn());
        }
        streams.onCmsnAdvanced(stream.streamId());
    }

    void stop() {
        for (final ReceivePath path : paths) {
            path.stopTimers();
        }
    }

    /** Completes every posted receive buffer in error (MPRT-CONN-006). */
    void flush() {
        for (int s = 0; s < streams.count(); s++) {
            final InboundStream stream = streams.existing(s);
            if (stream == null) {
                continue;
            }
            for (final ReceiveBuffer buffer : stream.drainBuffers()) {
                connection.complete(buffer.wrId(), WorkOpcode.RECV, CompletionStatus.WORK_REQUEST_FLUSHED,
                    buffer.lengthBytes(), s, 0);
            }
        }
    }

    private void onNew(final DecodedPacket packet, final MdethFlyweight mdeth, final ReceivePath path,
                       final PlaneLink link, final long nowNs) {
        final InboundStream stream = streams.stream(mdeth.streamId());
        final int psn = packet.bth().psn();
        final boolean beyondGap = !path.window().isNextInOrder(psn);
        // Step 8: a packet of a message already complete is acknowledged, never placed (MPRT-PLACE-007).
        if (!stream.isComplete(mdeth.msn())) {
            final MprtNakCode code = checkDestination(packet, mdeth, stream);
            if (code != null) {
                nak(packet, link, code, true);
                return;
            }
            place(packet, mdeth);
            recordPlaced(packet, mdeth, stream);
        }
        path.window().markReceived(psn);
        path.onAccepted(mdeth.txTimestamp(), nowNs);
        advance(stream);
        final boolean immediate = packet.bth().ackReq() == 1 || beyondGap
            || path.packetsSinceAck() >= config.ackCoalesceCount();
        acknowledge(path, immediate, ReceiverReplies.NO_DUPLICATE, ReceiverReplies.NO_DUPLICATE);
    }

    // Section 7.3: a duplicate is acknowledged at once and, while its message is incomplete, placed again;
    // it never adds to what completes a message (MPRT-PLACE-006).
    private void onDuplicate(final DecodedPacket packet, final MdethFlyweight mdeth, final ReceivePath path,
                             final PlaneLink link, final long nowNs) {
        if (config.deviates(Deviation.NAK_DUPLICATE)) {
            // Deviation.NAK_DUPLICATE: a duplicate is NAKed instead of acknowledged (MPRT-PLACE-006).
            nak(packet, link, MprtNakCode.PSN_OUT_OF_WINDOW, false);
            return;
        }
        final InboundStream stream = streams.stream(mdeth.streamId());
        if (!stream.isComplete(mdeth.msn()) && checkDestination(packet, mdeth, stream) == null) {
            place(packet, mdeth);
        }
        path.onAccepted(mdeth.txTimestamp(), nowNs);
        acknowledge(path, true, mdeth.streamId(), packet.bth().psn());
    }

    private void acknowledge(final ReceivePath path, final boolean immediate, final int duplicateStream,
                             final int duplicatePsn) {
        if (immediate && !config.deviates(Deviation.DELAY_EVERY_ACK)) {
            replies.ack(path, streams, duplicateStream, duplicatePsn);
        } else {
            // Deviation.DELAY_EVERY_ACK lands here too: even a loss waits for the timer (MPRT-SACK-006).
            path.armCoalescing(config.ackCoalesceDelayNs());
        }
    }

    private MprtNakCode checkDestination(final DecodedPacket packet, final MdethFlyweight mdeth, final InboundStream stream) {
        if (mdeth.isSendLayout()) {
            return placement.checkSend(stream, mdeth.rsn(), mdeth.messageLength());
        }
        return placement.checkWrite(mdeth.rkey(), mdeth.virtualAddress(), packet.payloadLength());
    }

    private void place(final DecodedPacket packet, final MdethFlyweight mdeth) {
        if (mdeth.isSendLayout()) {
            placement.placeSend(mdeth.messageOffset(), packet.buffer(), packet.payloadOffset(), packet.payloadLength());
        } else {
            placement.placeWrite(mdeth.virtualAddress(), packet.buffer(), packet.payloadOffset(), packet.payloadLength());
        }
    }

    private void recordPlaced(final DecodedPacket packet, final MdethFlyweight mdeth, final InboundStream stream) {
        final boolean send = mdeth.isSendLayout();
        final long rsn = send ? mdeth.rsn() : 0;
        stream.onPlaced(mdeth.msn(), send, mdeth.messageLength(), rsn, mdeth.messageOffset(), packet.payloadLength());
        if (config.deviates(Deviation.CMSN_BEFORE_PLACED) && mdeth.l() == 1) {
            // Deviation.CMSN_BEFORE_PLACED: the last packet completes the message, placed or not (MPRT-STREAM-003).
            stream.markComplete(mdeth.msn(), send, mdeth.messageLength(), rsn);
        }
    }

    private void advance(final InboundStream stream) {
        if (!config.deviates(Deviation.STREAM_HEAD_OF_LINE_BLOCKING)) {
            stream.advance(this);
            return;
        }
        // Deviation.STREAM_HEAD_OF_LINE_BLOCKING: streams complete only while no other stream has an
        // incomplete message, so one late message stalls them all (MPRT-STREAM-005).
        for (int s = 0; s < streams.count(); s++) {
            final InboundStream candidate = streams.existing(s);
            if (candidate != null && !streams.otherHasIncomplete(s)) {
                candidate.advance(this);
            }
        }
    }

    private void onCoalesceTimer(final int pathId) {
        final ReceivePath path = paths[pathId];
        if (connection.isReady() && path.hasUnreported()) {
            replies.ack(path, streams, ReceiverReplies.NO_DUPLICATE, ReceiverReplies.NO_DUPLICATE);
        }
    }
}
