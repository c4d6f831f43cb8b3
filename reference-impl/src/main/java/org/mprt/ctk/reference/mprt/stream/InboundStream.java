package org.mprt.ctk.reference.mprt.stream;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mprt.ctk.reference.verbs.ReceiveBuffer;
import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * One stream of the peer's sending direction at the receiver (mprt-v0.1.md sections 4.3, 6):
 * the CMSN, the messages started but not complete, and the receive buffers posted on the stream,
 * numbered by RSN in posting order.
 */
public final class InboundStream {

    /** Told about each message as the stream's CMSN passes it, in MSN order. */
    public interface CompletionListener {
        void onMessageComplete(InboundStream stream, InboundMessage message);
    }

    private final int streamId;
    private final Map<Long, InboundMessage> started = new HashMap<>();
    private final List<ReceiveBuffer> buffers = new ArrayList<>();
    private int firstBuffer;
    private long firstBufferRsn;
    private long cmsn;
    private int incomplete;

    public InboundStream(final int streamId) {
        this.streamId = streamId;
    }

    public int streamId() {
        return streamId;
    }

    /** The MSN of the oldest message that is not complete. */
    public long cmsn() {
        return cmsn;
    }

    /** True when message {@code msn} is already complete: its MSN is before the CMSN (section 13.1 step 8). */
    public boolean isComplete(final long msn) {
        return SerialNumber.precedes32(msn, cmsn);
    }

    /** True when some message of the stream has been started and is not complete. */
    public boolean hasIncomplete() {
        return incomplete > 0;
    }

    /**
     * Records placed bytes [offsetBytes, offsetBytes + payloadBytes) of message {@code msn}, which is
     * created on its first placed packet. Returns true when the message became complete.
     */
    public boolean onPlaced(final long msn, final boolean send, final long lengthBytes, final long rsn,
                            final long offsetBytes, final int payloadBytes) {
        final InboundMessage message = message(msn, send, lengthBytes, rsn);
        if (message.isComplete()) {
            return false;
        }
        message.onPlaced(offsetBytes, payloadBytes);
        if (message.isComplete()) {
            incomplete--;
            return true;
        }
        return false;
    }

    /** Declares message {@code msn} complete whatever has been placed (the CMSN_BEFORE_PLACED mutant). */
    public void markComplete(final long msn, final boolean send, final long lengthBytes, final long rsn) {
        final InboundMessage message = message(msn, send, lengthBytes, rsn);
        if (!message.isComplete()) {
            message.markComplete();
            incomplete--;
        }
    }

    /** Bytes placed so far of started message {@code msn}, or -1 when it is not started or already complete. */
    public long placedBytes(final long msn) {
        final InboundMessage message = started.get(msn);
        return message == null ? -1 : message.placedBytes();
    }

    private InboundMessage message(final long msn, final boolean send, final long lengthBytes, final long rsn) {
        InboundMessage message = started.get(msn);
        if (message == null) {
            message = new InboundMessage(msn, send, lengthBytes, rsn);
            started.put(msn, message);
            incomplete++;
        }
        return message;
    }

    /** Completes messages from the CMSN on while they are complete; returns how many. */
    public int advance(final CompletionListener listener) {
        int completed = 0;
        InboundMessage head = started.get(cmsn);
        while (head != null && head.isComplete()) {
            started.remove(cmsn);
            cmsn = SerialNumber.add32(cmsn, 1);
            completed++;
            listener.onMessageComplete(this, head);
            head = started.get(cmsn);
        }
        return completed;
    }

    public void postReceive(final ReceiveBuffer buffer) {
        buffers.add(buffer);
    }

    /** Receive buffer {@code rsn}, or null when it has not been posted yet (NO_RECEIVE_BUFFER). */
    public ReceiveBuffer buffer(final long rsn) {
        final long index = SerialNumber.distance32(firstBufferRsn, rsn);
        return index < buffers.size() - firstBuffer ? buffers.get(firstBuffer + (int) index) : null;
    }

    /**
     * Consumes receive buffer {@code rsn}, which the completing SEND used. SENDs complete in MSN order and
     * carry RSNs in that order, so it is the oldest; a peer that broke that rule leaves the buffer posted.
     */
    public ReceiveBuffer consumeBuffer(final long rsn) {
        if (rsn != firstBufferRsn) {
            return buffer(rsn);
        }
        final ReceiveBuffer buffer = buffers.get(firstBuffer);
        buffers.set(firstBuffer, null);
        firstBuffer++;
        firstBufferRsn = SerialNumber.add32(firstBufferRsn, 1);
        if (firstBuffer > 64 && firstBuffer * 2 > buffers.size()) {
            buffers.subList(0, firstBuffer).clear();
            firstBuffer = 0;
        }
        return buffer;
    }

    /** Removes and returns every posted buffer not yet consumed (flushed on ERROR). */
    public List<ReceiveBuffer> drainBuffers() {
        final List<ReceiveBuffer> rest = new ArrayList<>(buffers.subList(firstBuffer, buffers.size()));
        buffers.clear();
        firstBuffer = 0;
        return rest;
    }
}
