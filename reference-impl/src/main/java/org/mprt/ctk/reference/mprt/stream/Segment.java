package org.mprt.ctk.reference.mprt.stream;

/**
 * The bytes of one data packet: a message and a range of it. A segment keeps its identity
 * (stream, MSN, message_offset, length, payload) across retransmissions and re-sprays
 * (MPRT-LOSS-002); only the path and PSN that carry it change.
 */
public final class Segment {

    private final OutboundMessage message;
    private final int offsetBytes;
    private final int lengthBytes;
    private int transmissions;
    private boolean acknowledged;
    private long rnrUntilNs = Long.MIN_VALUE;

    Segment(final OutboundMessage message, final int offsetBytes, final int lengthBytes) {
        this.message = message;
        this.offsetBytes = offsetBytes;
        this.lengthBytes = lengthBytes;
    }

    public OutboundMessage message() {
        return message;
    }

    public int offsetBytes() {
        return offsetBytes;
    }

    public int lengthBytes() {
        return lengthBytes;
    }

    /** F: the packet whose message_offset is 0. */
    public boolean isFirst() {
        return offsetBytes == 0;
    }

    /** L: the packet that carries the message's last byte. */
    public boolean isLast() {
        return offsetBytes + lengthBytes == message.lengthBytes();
    }

    /** R: 1 on every transmission after the first (MPRT-LOSS-002). */
    public boolean isRetransmission() {
        return transmissions > 0;
    }

    public void onTransmitted() {
        transmissions++;
    }

    public int transmissions() {
        return transmissions;
    }

    public boolean isAcknowledged() {
        return acknowledged;
    }

    /** Marks the segment acknowledged; returns false when it already was. */
    public boolean acknowledge() {
        if (acknowledged) {
            return false;
        }
        acknowledged = true;
        message.onSegmentAcked();
        return true;
    }

    /** Until when a NAK NO_RECEIVE_BUFFER holds the segment back (section 7.2); Long.MIN_VALUE when not held. */
    public long rnrUntilNs() {
        return rnrUntilNs;
    }

    public void holdUntil(final long whenNs) {
        rnrUntilNs = whenNs;
    }
}
