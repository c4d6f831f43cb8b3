package org.mprt.ctk.reference.mprt.stream;

/** A message of the peer that the receiver has started to place and that is not yet complete (section 6.1). */
public final class InboundMessage {

    private final long msn;
    private final boolean send;
    private final long lengthBytes;
    private final long rsn;
    private final ByteRangeSet placed = new ByteRangeSet();
    private boolean complete;

    public InboundMessage(final long msn, final boolean send, final long lengthBytes, final long rsn) {
        this.msn = msn;
        this.send = send;
        this.lengthBytes = lengthBytes;
        this.rsn = rsn;
    }

    public long msn() {
        return msn;
    }

    public boolean isSend() {
        return send;
    }

    public long lengthBytes() {
        return lengthBytes;
    }

    public long rsn() {
        return rsn;
    }

    /** Records placed bytes [offset, offset + length); a message of length 0 completes on its one packet. */
    public void onPlaced(final long offsetBytes, final int payloadBytes) {
        placed.add(offsetBytes, offsetBytes + payloadBytes);
        if (placed.covers(lengthBytes)) {
            complete = true;
        }
    }

    public void markComplete() {
        complete = true;
    }

    public boolean isComplete() {
        return complete;
    }

    public long placedBytes() {
        return placed.coveredBytes();
    }
}
