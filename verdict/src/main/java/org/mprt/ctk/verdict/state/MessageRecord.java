package org.mprt.ctk.verdict.state;

import org.mprt.ctk.wire.mprt.MdethFlyweight;

/**
 * One message of a stream as the captured data packets show it: its kind, its placement (a SEND's
 * RSN, a WRITE's rkey and base address), its length as its first packet gave them, where it was
 * first seen, and which of its bytes the captured packets carried (at the receiver's port: which
 * arrived).
 */
public final class MessageRecord {

    private final long msn;
    private final boolean send;
    private final long rkeyOrRsn;
    private final long base;
    private final long length;
    private final long firstFrame;
    private final ByteCoverage carried = new ByteCoverage();
    private boolean emptyCarried;
    private long completedFrame;
    private long completedNs;
    private long lastNs;

    /**
     * @param rkeyOrRsn a SEND's RSN or a WRITE's rkey
     * @param base      a WRITE's virtual_address minus message_offset (where the message begins); 0 for a SEND
     */
    MessageRecord(final long msn, final boolean send, final long rkeyOrRsn, final long base, final long length,
                  final long firstFrame) {
        this.msn = msn;
        this.send = send;
        this.rkeyOrRsn = rkeyOrRsn;
        this.base = base;
        this.length = length;
        this.firstFrame = firstFrame;
    }

    public long msn() {
        return msn;
    }

    public boolean isSend() {
        return send;
    }

    /** The RSN of the first packet seen of a SEND; meaningless for a WRITE. */
    public long rsn() {
        return rkeyOrRsn;
    }

    /** The rkey of the first packet seen of a WRITE; meaningless for a SEND. */
    public long rkey() {
        return rkeyOrRsn;
    }

    /** A WRITE's virtual_address minus message_offset in its first packet seen; 0 for a SEND. */
    public long base() {
        return base;
    }

    /** What a data packet carries as {@link #rsn()} or {@link #rkey()}: a SEND's RSN, a WRITE's rkey. */
    public static long rkeyOrRsnOf(final MdethFlyweight m) {
        return m.isSendLayout() ? m.rsn() : m.rkey();
    }

    /** What a data packet carries as {@link #base()}: a WRITE's virtual_address minus message_offset; 0 for a SEND. */
    public static long baseOf(final MdethFlyweight m) {
        return m.isSendLayout() ? 0 : m.virtualAddress() - m.messageOffset();
    }

    public long length() {
        return length;
    }

    public long firstFrame() {
        return firstFrame;
    }

    /** True when captured packets carried every byte [0, length), or the one packet of an empty message. */
    public boolean isComplete() {
        return completedFrame != 0;
    }

    /** The frame whose packet completed the message; 0 while incomplete. */
    public long completedFrame() {
        return completedFrame;
    }

    /** The capture time of the packet that completed the message; meaningful when complete. */
    public long completedNs() {
        return completedNs;
    }

    /** The capture time of the latest data packet of the message. */
    public long lastNs() {
        return lastNs;
    }

    /** The first byte no captured packet carried, or -1. */
    public long firstMissingByte() {
        return carried.firstMissing(length);
    }

    public boolean isCoverageKnown() {
        return carried.isKnown();
    }

    /**
     * False only when no packet of this message with a payload starting at {@code offset} can have
     * been captured since the record began: byte {@code offset} was never carried, and no packet
     * without payload was either (it carries no byte to show its offset).
     */
    boolean mayHaveCarriedAt(final long offset) {
        return emptyCarried || carried.mayContain(offset);
    }

    /** Returns true when this packet completed the message. */
    boolean carried(final long offset, final int payloadBytes, final long frame, final long ns) {
        lastNs = ns;
        if (payloadBytes == 0) {
            emptyCarried = true;
        }
        carried.add(offset, offset + payloadBytes);
        if (completedFrame == 0 && (length == 0 ? emptyCarried : carried.covers(length))) {
            completedFrame = frame;
            completedNs = ns;
            return true;
        }
        return false;
    }
}
