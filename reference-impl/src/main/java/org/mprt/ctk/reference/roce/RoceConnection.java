package org.mprt.ctk.reference.roce;

import org.mprt.ctk.reference.attachment.PlaneLink;
import org.mprt.ctk.reference.attachment.TimerService;
import org.mprt.ctk.reference.verbs.ReceiveBuffer;
import org.mprt.ctk.reference.verbs.CompletionQueue;
import org.mprt.ctk.reference.verbs.CompletionStatus;
import org.mprt.ctk.reference.verbs.Connection;
import org.mprt.ctk.reference.verbs.ConnectionDescriptor;
import org.mprt.ctk.reference.verbs.ConnectionState;
import org.mprt.ctk.reference.verbs.MemoryRegion;
import org.mprt.ctk.reference.verbs.PathSpec;
import org.mprt.ctk.reference.verbs.WorkCompletion;
import org.mprt.ctk.reference.verbs.WorkOpcode;
import org.mprt.ctk.wire.decode.DecodedPacket;
import org.mprt.ctk.wire.opcode.OpcodeTable;
import org.mprt.ctk.wire.roce.AethFlyweight;
import org.mprt.ctk.wire.roce.AethSyndrome;

/**
 * An RC queue pair of the RoCEv2 baseline: one path (the first of the descriptor: one plane, one UDP
 * source port for every packet, ROCE-WIRE-002), a requester and a responder, one receive queue and
 * one message order whatever stream a work request names (the stream is only echoed in completions).
 * The QP number is the descriptor's connection number.
 */
public final class RoceConnection implements Connection {

    private final RoceNode node;
    private final ConnectionDescriptor local;
    private final ConnectionDescriptor peer;
    private final PlaneLink link;
    private final int udpSourcePort;
    private final int pmtuBytes;
    private final CompletionQueue completions = new CompletionQueue();
    private final RoceRequester requester;
    private final RoceResponder responder;
    private ConnectionState state = ConnectionState.READY;

    RoceConnection(final RoceNode node, final ConnectionDescriptor local, final ConnectionDescriptor peer) {
        this.node = node;
        this.local = local;
        this.peer = peer;
        final PathSpec path = local.paths().get(0);
        this.link = local.linksTo(peer)[path.planeIndex()];
        this.udpSourcePort = path.udpSourcePort();
        this.pmtuBytes = Math.min(local.pmtuBytes(), peer.pmtuBytes());
        this.requester = new RoceRequester(this);
        this.responder = new RoceResponder(this);
    }

    @Override
    public int connectionNumber() {
        return local.connectionNumber();
    }

    @Override
    public int peerConnectionNumber() {
        return peer.connectionNumber();
    }

    @Override
    public ConnectionState state() {
        return state;
    }

    @Override
    public CompletionQueue completionQueue() {
        return completions;
    }

    @Override
    public void postWrite(final long wrId, final int streamId, final MemoryRegion localRegion, final long localOffset,
                          final int lengthBytes, final long remoteAddress, final long rkey) {
        checkRange(localRegion, localOffset, lengthBytes);
        if (state != ConnectionState.READY) {
            complete(wrId, WorkOpcode.RDMA_WRITE, CompletionStatus.WORK_REQUEST_FLUSHED, lengthBytes, streamId, 0);
            return;
        }
        requester.post(wrId, WorkOpcode.RDMA_WRITE, streamId, localRegion, localOffset, lengthBytes, remoteAddress, rkey);
    }

    @Override
    public void postSend(final long wrId, final int streamId, final MemoryRegion localRegion, final long localOffset,
                         final int lengthBytes) {
        checkRange(localRegion, localOffset, lengthBytes);
        if (state != ConnectionState.READY) {
            complete(wrId, WorkOpcode.SEND, CompletionStatus.WORK_REQUEST_FLUSHED, lengthBytes, streamId, 0);
            return;
        }
        requester.post(wrId, WorkOpcode.SEND, streamId, localRegion, localOffset, lengthBytes, 0, 0);
    }

    @Override
    public void postReceive(final long wrId, final int streamId, final MemoryRegion localRegion, final long localOffset,
                            final int lengthBytes) {
        checkRange(localRegion, localOffset, lengthBytes);
        if (state != ConnectionState.READY) {
            complete(wrId, WorkOpcode.RECV, CompletionStatus.WORK_REQUEST_FLUSHED, lengthBytes, streamId, 0);
            return;
        }
        responder.postReceive(new ReceiveBuffer(wrId, localRegion, localOffset, lengthBytes));
        requester.pump();
    }

    @Override
    public void close() {
        requester.stop();
        state = ConnectionState.CLOSED;
        node.detach(this);
    }

    void onPacket(final DecodedPacket packet) {
        if (state != ConnectionState.READY) {
            return;
        }
        final int opcode = packet.opcodeValue();
        if (opcode == OpcodeTable.RC_ACKNOWLEDGE.code()) {
            onAcknowledge(packet.extensions().aeth(), packet.bth().psn());
        } else if (opcode <= OpcodeTable.RC_SEND_ONLY.code() && opcode != OpcodeTable.RC_SEND_LAST_WITH_IMMEDIATE.code()
            || opcode >= OpcodeTable.RC_RDMA_WRITE_FIRST.code() && opcode <= OpcodeTable.RC_RDMA_WRITE_ONLY.code()
            && opcode != OpcodeTable.RC_RDMA_WRITE_LAST_WITH_IMMEDIATE.code()) {
            responder.onRequest(packet);
        } else {
            responder.onUnsupported(packet);
        }
        requester.pump();
    }

    /** The QP enters the error state: every outstanding work request completes in error. */
    void enterError(final CompletionStatus status, final int psn) {
        if (state != ConnectionState.READY) {
            return;
        }
        state = ConnectionState.ERROR;
        requester.stop();
        requester.flush(status, psn);
        responder.flush();
    }

    boolean isReady() {
        return state == ConnectionState.READY;
    }

    void complete(final long wrId, final WorkOpcode opcode, final CompletionStatus status, final int bytes,
                  final int streamId, final long msn) {
        completions.push(new WorkCompletion(wrId, opcode, status, bytes, streamId, msn, connectionNumber()));
    }

    RoceNode node() {
        return node;
    }

    RoceConfig config() {
        return node.config();
    }

    TimerService timers() {
        return node.timers();
    }

    RoceFrameWriter writer() {
        return node.writer();
    }

    PlaneLink link() {
        return link;
    }

    int udpSourcePort() {
        return udpSourcePort;
    }

    int pmtuBytes() {
        return pmtuBytes;
    }

    ConnectionDescriptor localDescriptor() {
        return local;
    }

    boolean portIsFree(final long nowNs) {
        return node.pacer(link.localPortIndex()).isFree(nowNs);
    }

    long portFreeAtNs() {
        return node.pacer(link.localPortIndex()).freeAtNs();
    }

    void transmit(final int lengthBytes) {
        node.transmit(link.localPortIndex(), lengthBytes);
    }

    private void onAcknowledge(final AethFlyweight aeth, final int psn) {
        final int syndrome = aeth.syndrome();
        switch (AethSyndrome.kind(syndrome)) {
            case ACK -> requester.onAck(psn);
            case RNR_NAK -> requester.onReceiverNotReady(psn, AethSyndrome.rnrTimer(syndrome));
            case NAK -> onNak(AethSyndrome.NakCode.of(syndrome), psn);
            default -> { }
        }
    }

    private void onNak(final AethSyndrome.NakCode code, final int psn) {
        if (code == AethSyndrome.NakCode.PSN_SEQUENCE_ERROR) {
            requester.onSequenceError(psn);
        } else if (code == AethSyndrome.NakCode.REMOTE_ACCESS_ERROR) {
            enterError(CompletionStatus.REMOTE_ACCESS_ERROR, psn);
        } else if (code == AethSyndrome.NakCode.REMOTE_OPERATIONAL_ERROR) {
            enterError(CompletionStatus.REMOTE_OPERATION_ERROR, psn);
        } else if (code != null) {
            enterError(CompletionStatus.REMOTE_INVALID_REQUEST, psn);
        }
    }

    private void checkRange(final MemoryRegion region, final long offset, final int lengthBytes) {
        if (lengthBytes < 0 || offset < 0 || offset + lengthBytes > region.lengthBytes()
            || node.registry().lookup(region.rkey()) != region) {
            throw new IllegalArgumentException("[" + offset + ", +" + lengthBytes + ") is not in a local region " + region);
        }
    }
}
