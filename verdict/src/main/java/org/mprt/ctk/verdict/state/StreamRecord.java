package org.mprt.ctk.verdict.state;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * One stream of one connection direction: the messages its data packets carried (MSN, kind, RSN,
 * length, bytes carried). Messages are kept while
 * they are among the last {@link #MAX_MESSAGES} begun; older ones are forgotten, and what the rules
 * would need them for becomes unknown rather than wrong.
 */
public final class StreamRecord {

    /** Far more messages than 64 paths of 256 PSNs can hold open at once. */
    static final int MAX_MESSAGES = 4096;

    private final int streamId;
    private final long firstMsn;
    private final long firstFrame;
    private long lowestMsn;
    private final Map<Long, MessageRecord> messages = new LinkedHashMap<>();
    private long highestMsn;
    private boolean forgotten;
    private long forgottenUpTo;

    StreamRecord(final int streamId, final long firstMsn, final long firstFrame) {
        this.streamId = streamId;
        this.firstMsn = firstMsn;
        this.firstFrame = firstFrame;
        this.highestMsn = firstMsn;
        this.lowestMsn = firstMsn;
    }

    public int streamId() {
        return streamId;
    }

    /** The MSN of the first data packet the capture holds for this stream. */
    public long firstMsn() {
        return firstMsn;
    }

    public long firstFrame() {
        return firstFrame;
    }

    /** The lowest MSN any captured data packet carried (serial order): 0 when the stream's start was captured. */
    public long lowestMsn() {
        return lowestMsn;
    }

    /** The highest MSN any captured data packet carried (serial order). */
    public long highestMsn() {
        return highestMsn;
    }

    /** The message, or null when no captured packet carried it (or it was forgotten). */
    public MessageRecord message(final long msn) {
        return messages.get(msn);
    }

    /**
     * Whether a packet of message {@code msn} was captured: UNKNOWN for a message before the
     * stream's first captured one or forgotten since.
     */
    public Presence started(final long msn) {
        if (messages.containsKey(msn)) {
            return Presence.YES;
        }
        if (SerialNumber.precedes32(msn, lowestMsn) || forgotten && SerialNumber.precedesOrEquals32(msn, forgottenUpTo)) {
            return Presence.UNKNOWN;
        }
        return Presence.NO;
    }

    void carried(final long msn, final boolean send, final long rsn, final long length, final long offset,
                 final int payloadBytes, final long frame) {
        MessageRecord m = messages.get(msn);
        if (m == null) {
            if (forgotten && SerialNumber.precedesOrEquals32(msn, forgottenUpTo)) {
                return;
            }
            m = new MessageRecord(msn, send, rsn, length, frame);
            messages.put(msn, m);
            forgetBeyondCapacity();
        }
        highestMsn = SerialNumber.max32(highestMsn, msn);
        if (SerialNumber.precedes32(msn, lowestMsn)) {
            lowestMsn = msn;
        }
        m.carried(offset, payloadBytes, frame);
    }

    private void forgetBeyondCapacity() {
        if (messages.size() <= MAX_MESSAGES) {
            return;
        }
        final Iterator<Long> oldest = messages.keySet().iterator();
        final long msn = oldest.next();
        oldest.remove();
        forgottenUpTo = forgotten ? SerialNumber.max32(forgottenUpTo, msn) : msn;
        forgotten = true;
    }
}
