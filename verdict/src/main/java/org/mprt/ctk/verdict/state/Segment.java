package org.mprt.ctk.verdict.state;

import java.nio.ByteBuffer;
import org.mprt.ctk.wire.decode.DecodedPacket;

/**
 * One piece of a message as the sender cut it: the bytes [message_offset, message_offset + payload)
 * of (stream, MSN), with its first transmission (what every later copy must repeat, MPRT-LOSS-002),
 * its latest transmission and the first ACK that acknowledged it under a PSN that was not abandoned
 * (after which it must not be sent again, MPRT-LOSS-004).
 */
public final class Segment {

    /** {@link #payloadPosition()} of a segment whose first transmission the capture cut short. */
    public static final long NOT_KEPT = -1;

    private final int streamId;
    private final long msn;
    private final long messageOffset;
    private final long messageLength;
    private final int payloadLength;
    /**
     * File position of the first transmission's payload, or {@link #NOT_KEPT} when the capture cut
     * it short. A copy is compared with the first transmission byte for byte, read again from the
     * file ({@link org.mprt.ctk.verdict.rule.Observation#earlierBytes}): retransmissions are few, and
     * a first transmission that is never sent again costs neither a copy nor a hash.
     */
    private final long payloadPosition;
    private final int opcode;
    private final long firstFrame;
    private final int firstPathId;
    private final int firstPsn;
    private int latestPathId;
    private int latestPsn;
    private long latestFrame;
    private long latestNs;
    private long ackedFrame;
    private long ackedNs;
    private int ackedPathId;
    private int ackedPsn;

    Segment(final int streamId, final long msn, final long messageOffset, final long messageLength,
            final int payloadLength, final long payloadPosition, final int opcode,
            final long frame, final int pathId,
            final int psn, final long ns) {
        this.streamId = streamId;
        this.msn = msn;
        this.messageOffset = messageOffset;
        this.messageLength = messageLength;
        this.payloadLength = payloadLength;
        this.payloadPosition = payloadPosition;
        this.opcode = opcode;
        this.firstFrame = frame;
        this.firstPathId = pathId;
        this.firstPsn = psn;
        this.latestPathId = pathId;
        this.latestPsn = psn;
        this.latestFrame = frame;
        this.latestNs = ns;
    }

    public int streamId() {
        return streamId;
    }

    public long msn() {
        return msn;
    }

    public long messageOffset() {
        return messageOffset;
    }

    public long messageLength() {
        return messageLength;
    }

    public int payloadLength() {
        return payloadLength;
    }

    /** True when the capture kept the first transmission's payload whole. */
    public boolean hasPayloadBytes() {
        return payloadPosition != NOT_KEPT;
    }

    /** File position of the first transmission's payload ({@link #payloadLength()} bytes); meaningful when {@link #hasPayloadBytes()}. */
    public long payloadPosition() {
        return payloadPosition;
    }

    /**
     * True when the packet's payload, of this segment's length and kept whole by the capture, has the
     * bytes of the first transmission, {@code firstPayload} as read from its {@link #payloadPosition()}.
     */
    public boolean samePayloadAs(final DecodedPacket p, final ByteBuffer firstPayload) {
        return p.payloadLength() == payloadLength
            && firstPayload.mismatch(p.buffer().slice(p.payloadOffset(), payloadLength)) < 0;
    }

    public int opcode() {
        return opcode;
    }

    public long firstFrame() {
        return firstFrame;
    }

    public int firstPathId() {
        return firstPathId;
    }

    public int firstPsn() {
        return firstPsn;
    }

    public int latestPathId() {
        return latestPathId;
    }

    public int latestPsn() {
        return latestPsn;
    }

    public long latestFrame() {
        return latestFrame;
    }

    /** The capture time of the latest transmission. */
    public long latestNs() {
        return latestNs;
    }

    public boolean isAcknowledged() {
        return ackedFrame != 0;
    }

    /** The ACK that first acknowledged this segment; 0 when none did. */
    public long ackedFrame() {
        return ackedFrame;
    }

    public long ackedNs() {
        return ackedNs;
    }

    public int ackedPathId() {
        return ackedPathId;
    }

    public int ackedPsn() {
        return ackedPsn;
    }

    void sentAgain(final int pathId, final int psn, final long frame, final long ns) {
        latestPathId = pathId;
        latestPsn = psn;
        latestFrame = frame;
        latestNs = ns;
    }

    void acknowledged(final long frame, final long ns, final int pathId, final int psn) {
        if (ackedFrame == 0) {
            ackedFrame = frame;
            ackedNs = ns;
            ackedPathId = pathId;
            ackedPsn = psn;
        }
    }

    @Override
    public String toString() {
        return "stream " + streamId + " MSN " + msn + " bytes [" + messageOffset + ", " + (messageOffset + payloadLength)
            + ")";
    }
}
