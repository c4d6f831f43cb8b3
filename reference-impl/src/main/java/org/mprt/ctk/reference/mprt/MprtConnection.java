package org.mprt.ctk.reference.mprt;

import org.mprt.ctk.reference.attachment.PlaneLink;
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
import org.mprt.ctk.wire.mprt.MprtNakCode;
import org.mprt.ctk.wire.opcode.OpcodeTable;

/**
 * One MPRT connection at one node: the sending direction ({@link MprtSender}: paths, spraying,
 * loss recovery, congestion control) and the receiving direction ({@link MprtReceiver}: receive
 * windows, placement, ACKs, streams), the ERROR state they share (section 5.3) and the completion
 * queue. Both directions start in the state of section 5.1 (MPRT-CONN-001).
 */
public final class MprtConnection implements Connection {

    private final MprtNode node;
    private final int slot;
    private final ConnectionDescriptor local;
    private final ConnectionDescriptor peer;
    private final PlaneLink[] links;
    private final int streamCount;
    private final int pmtuBytes;
    private final CompletionQueue completions = new CompletionQueue();
    private final MprtSender sender;
    private final MprtReceiver receiver;
    private ConnectionState state = ConnectionState.READY;
    private MprtNakCode errorCode;
    private boolean fatalNakSentHere;

    MprtConnection(final MprtNode node, final int slot, final ConnectionDescriptor local, final ConnectionDescriptor peer) {
        this.node = node;
        this.slot = slot;
        this.local = local;
        this.peer = peer;
        this.links = local.linksTo(peer);
        this.streamCount = Math.min(local.streamCount(), peer.streamCount());
        this.pmtuBytes = Math.min(local.pmtuBytes(), peer.pmtuBytes());
        this.sender = new MprtSender(this);
        this.receiver = new MprtReceiver(this);
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

    /** The fatal NAK code that put the connection in ERROR, or null. */
    public MprtNakCode errorCode() {
        return errorCode;
    }

    /** True when this node sent the fatal NAK (rather than received it). */
    public boolean isFatalNakSentHere() {
        return fatalNakSentHere;
    }

    @Override
    public CompletionQueue completionQueue() {
        return completions;
    }

    /** Read-only view of the sending direction's state, for tests and the kit's diagnostics. */
    public MprtSender sender() {
        return sender;
    }

    /** Read-only view of the receiving direction's state, for tests and the kit's diagnostics. */
    public MprtReceiver receiver() {
        return receiver;
    }

    public int streamCount() {
        return streamCount;
    }

    public int pmtuBytes() {
        return pmtuBytes;
    }

    @Override
    public void postWrite(final long wrId, final int streamId, final MemoryRegion localRegion, final long localOffset,
                          final int lengthBytes, final long remoteAddress, final long rkey) {
        checkPost(streamId, localRegion, localOffset, lengthBytes);
        if (state != ConnectionState.READY) {
            complete(wrId, WorkOpcode.RDMA_WRITE, CompletionStatus.WORK_REQUEST_FLUSHED, lengthBytes, streamId, 0);
            return;
        }
        sender.post(WorkOpcode.RDMA_WRITE, wrId, streamId, localRegion, localOffset, lengthBytes, remoteAddress, rkey);
    }

    @Override
    public void postSend(final long wrId, final int streamId, final MemoryRegion localRegion, final long localOffset,
                         final int lengthBytes) {
        checkPost(streamId, localRegion, localOffset, lengthBytes);
        if (state != ConnectionState.READY) {
            complete(wrId, WorkOpcode.SEND, CompletionStatus.WORK_REQUEST_FLUSHED, lengthBytes, streamId, 0);
            return;
        }
        sender.post(WorkOpcode.SEND, wrId, streamId, localRegion, localOffset, lengthBytes, 0, 0);
    }

    @Override
    public void postReceive(final long wrId, final int streamId, final MemoryRegion localRegion, final long localOffset,
                            final int lengthBytes) {
        checkPost(streamId, localRegion, localOffset, lengthBytes);
        if (state != ConnectionState.READY) {
            complete(wrId, WorkOpcode.RECV, CompletionStatus.WORK_REQUEST_FLUSHED, lengthBytes, streamId, 0);
            return;
        }
        receiver.postReceive(wrId, streamId, localRegion, localOffset, lengthBytes);
    }

    @Override
    public void close() {
        if (state == ConnectionState.CLOSED) {
            return;
        }
        sender.stop();
        receiver.stop();
        state = ConnectionState.CLOSED;
        node.detach(this);
    }

    /** Steps 3 and 4 of section 13.1, then dispatch by opcode. */
    void onPacket(final DecodedPacket packet, final int portIndex) {
        final PlaneLink link = linkForPort(portIndex);
        if (link == null || state == ConnectionState.CLOSED) {
            return;
        }
        final boolean data = MprtNode.isData(packet.opcodeValue());
        if (state == ConnectionState.ERROR) {
            onPacketInError(packet, link, data);
            return;
        }
        if (data) {
            receiver.onData(packet, link);
        } else if (ControlPacketChecks.isValid(packet)) {
            dispatchControl(packet, link);
        }
        sender.pump();
    }

    /**
     * Section 5.3: the connection enters ERROR, stops every timer and completes every outstanding
     * work request in error (MPRT-CONN-006). The work request the NAK names gets a status that says why.
     */
    void enterError(final MprtNakCode code, final boolean sentHere, final int streamId, final long msn) {
        if (state != ConnectionState.READY) {
            return;
        }
        state = ConnectionState.ERROR;
        errorCode = code;
        fatalNakSentHere = sentHere;
        sender.stop();
        receiver.stop();
        sender.flush(sentHere ? CompletionStatus.WORK_REQUEST_FLUSHED : statusOf(code), streamId, msn);
        receiver.flush();
    }

    boolean isReady() {
        return state == ConnectionState.READY;
    }

    void complete(final long wrId, final WorkOpcode opcode, final CompletionStatus status, final int bytes,
                  final int streamId, final long msn) {
        completions.push(new WorkCompletion(wrId, opcode, status, bytes, streamId, msn, connectionNumber()));
    }

    MprtNode node() {
        return node;
    }

    int slot() {
        return slot;
    }

    ConnectionDescriptor localDescriptor() {
        return local;
    }

    ConnectionDescriptor peerDescriptor() {
        return peer;
    }

    PlaneLink link(final int planeIndex) {
        return links[planeIndex];
    }

    /** The node's ports that carry the peer's paths to this node: what the guidance divides (section 12). */
    int[] receivePortIndexes() {
        final boolean[] used = new boolean[node.ports().size()];
        int count = 0;
        for (final PathSpec path : peer.paths()) {
            final int port = links[path.planeIndex()].localPortIndex();
            if (!used[port]) {
                used[port] = true;
                count++;
            }
        }
        final int[] indexes = new int[count];
        int next = 0;
        for (int port = 0; port < used.length; port++) {
            if (used[port]) {
                indexes[next++] = port;
            }
        }
        return indexes;
    }

    private void dispatchControl(final DecodedPacket packet, final PlaneLink link) {
        final int opcode = packet.opcodeValue();
        if (opcode == OpcodeTable.MPRT_ACK.code()) {
            sender.onAck(packet);
        } else if (opcode == OpcodeTable.MPRT_NAK.code()) {
            sender.onNak(packet);
        } else if (opcode == OpcodeTable.MPRT_PROBE.code()) {
            receiver.onProbe(packet, link);
        } else if (opcode == OpcodeTable.MPRT_PROBE_REPLY.code()) {
            sender.onProbeReply(packet);
        }
    }

    private void onPacketInError(final DecodedPacket packet, final PlaneLink link, final boolean data) {
        if (!data || !fatalNakSentHere) {
            return;
        }
        if (node.config().deviates(Deviation.ACK_AFTER_FATAL_NAK)) {
            // Deviation.ACK_AFTER_FATAL_NAK: acknowledges what arrives after its own fatal NAK (MPRT-CONN-004).
            receiver.acknowledgeInError(packet, link);
            return;
        }
        // MPRT-CONN-007: repeat the fatal NAK so that a peer that lost the first learns of the error. Only
        // data packets are answered: a NAK must answer a data packet (MPRT-SEC-006), so a PROBE gets none.
        receiver.nak(packet, link, errorCode, false);
    }

    private PlaneLink linkForPort(final int portIndex) {
        for (final PlaneLink link : links) {
            if (link != null && link.localPortIndex() == portIndex) {
                return link;
            }
        }
        return null;
    }

    private void checkPost(final int streamId, final MemoryRegion region, final long offset, final int lengthBytes) {
        if (streamId < 0 || streamId >= streamCount) {
            throw new IllegalArgumentException("stream " + streamId + " of " + streamCount);
        }
        if (lengthBytes < 0 || offset < 0 || offset + lengthBytes > region.lengthBytes()
            || node.registry().lookup(region.rkey()) != region) {
            throw new IllegalArgumentException("[" + offset + ", +" + lengthBytes + ") is not in a local region " + region);
        }
    }

    private static CompletionStatus statusOf(final MprtNakCode code) {
        return code == MprtNakCode.RKEY_VIOLATION || code == MprtNakCode.BOUNDS_VIOLATION
            ? CompletionStatus.REMOTE_ACCESS_ERROR : CompletionStatus.REMOTE_INVALID_REQUEST;
    }
}
