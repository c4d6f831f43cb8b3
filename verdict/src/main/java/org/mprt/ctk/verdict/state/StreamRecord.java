package org.mprt.ctk.verdict.state;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
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
    /** Frontier moves remembered for {@link #frontierAt(long)}: more than one ACK_REQ_DELAY holds. */
    static final int HISTORY = 64;
    /** Frontier moves the arrays start with; they double as moves come, up to {@link #HISTORY}, so that a short stream holds little. */
    static final int FIRST_HISTORY = 8;
    /** {@link #frontierAt(long)} cannot tell. */
    public static final long UNKNOWN = -1;

    private final int streamId;
    private final long firstMsn;
    private final long firstFrame;
    private long lowestMsn;
    /** Messages by MSN, the oldest begun forgotten first. */
    private final RecentMessages messages = new RecentMessages(MAX_MESSAGES);
    private long highestMsn;
    private boolean forgotten;
    private long forgottenUpTo;
    private boolean frontierKnown;
    private long frontierBase;
    private long frontier;
    private long frontierNs;
    private long frontierFrame;
    /** The latest frontier moves: capture time and the frontier after it, newest at {@code moves - 1}. */
    private long[] moveNs = new long[FIRST_HISTORY];
    private long[] moveTo = new long[FIRST_HISTORY];
    private long moves;

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

    /**
     * True once the capture tells where the stream's completion stands: it holds the stream's MSN 0,
     * or an ACK reported the stream's CMSN.
     */
    public boolean isFrontierKnown() {
        return frontierKnown;
    }

    /**
     * The completion frontier as the captured data packets show it (mprt-v0.1.md section 6.1): the
     * first MSN, from MSN 0 or the first CMSN a captured ACK reported, whose message the captured
     * packets have not carried whole. At the receiver's port this is the CMSN the receiver owes
     * (MPRT-STREAM-005), provided the packets were accepted.
     */
    public long frontier() {
        return frontier;
    }

    /** Where the frontier started: 0, or the first CMSN a captured ACK reported for the stream. */
    public long frontierBase() {
        return frontierBase;
    }

    /** The capture time of the data packet that last moved the frontier. */
    public long frontierNs() {
        return frontierNs;
    }

    public long frontierFrame() {
        return frontierFrame;
    }

    /**
     * The frontier as it stood at capture time {@code atNs}, or {@link #UNKNOWN} when that is
     * before the frontier was known or older than the moves remembered.
     */
    public long frontierAt(final long atNs) {
        if (!frontierKnown) {
            return UNKNOWN;
        }
        final long oldest = Math.max(0, moves - HISTORY);
        for (long n = moves - 1; n >= oldest; n--) {
            final int i = (int) (n & (moveNs.length - 1));
            if (moveNs[i] <= atNs) {
                return moveTo[i];
            }
        }
        return moves <= HISTORY ? frontierBase : UNKNOWN;
    }

    private void moved(final long ns) {
        if (moves == moveNs.length && moves < HISTORY) {
            // Not wrapped yet: move n is at n, and stays there in arrays twice as long.
            moveNs = Arrays.copyOf(moveNs, moveNs.length * 2);
            moveTo = Arrays.copyOf(moveTo, moveTo.length * 2);
        }
        final int i = (int) (moves++ & (moveNs.length - 1));
        moveNs[i] = ns;
        moveTo[i] = frontier;
    }

    /** A captured ACK reported this CMSN for the stream: every message before it is complete. */
    void reported(final long cmsn) {
        if (!frontierKnown || SerialNumber.precedes32(frontier, cmsn)) {
            if (!frontierKnown) {
                frontierBase = cmsn;
            }
            frontierKnown = true;
            frontier = cmsn;
            advanceFrontier();
        }
    }

    private void advanceFrontier() {
        final long from = frontier;
        for (MessageRecord m = message(frontier); m != null && m.isComplete(); m = message(frontier)) {
            frontier = SerialNumber.add32(frontier, 1);
            if (m.completedNs() >= frontierNs) {
                frontierNs = m.completedNs();
                frontierFrame = m.completedFrame();
            }
        }
        if (frontier != from) {
            moved(frontierNs);
        }
    }

    /** The messages remembered (the last {@link #MAX_MESSAGES} begun), in the order their first packet was captured. */
    public List<MessageRecord> messages() {
        return Collections.unmodifiableList(messages.all());
    }

    /** The message, or null when no captured packet carried it (or it was forgotten). */
    public MessageRecord message(final long msn) {
        return messages.find(msn);
    }

    /**
     * Whether a packet of message {@code msn} was captured: UNKNOWN for a message before the
     * stream's first captured one or forgotten since.
     */
    public Presence started(final long msn) {
        if (message(msn) != null) {
            return Presence.YES;
        }
        if (SerialNumber.precedes32(msn, lowestMsn) || forgot(msn)) {
            return Presence.UNKNOWN;
        }
        return Presence.NO;
    }

    /** True when message {@code msn} may have been held and forgotten since (it is not held now). */
    public boolean forgot(final long msn) {
        return forgotten && SerialNumber.precedesOrEquals32(msn, forgottenUpTo);
    }

    /** A data packet of message {@code msn}; {@code rkeyOrRsn} and {@code base} as {@link MessageRecord} keeps them. */
    void carried(final long msn, final boolean send, final long rkeyOrRsn, final long base, final long length,
                 final long offset, final int payloadBytes, final long frame, final long ns) {
        MessageRecord m = message(msn);
        if (m == null) {
            if (forgot(msn)) {
                return;
            }
            m = new MessageRecord(msn, send, rkeyOrRsn, base, length, frame);
            forgetOldestIfFull();
            messages.add(m);
        }
        highestMsn = SerialNumber.max32(highestMsn, msn);
        if (SerialNumber.precedes32(msn, lowestMsn)) {
            lowestMsn = msn;
        }
        if (msn == 0 && !frontierKnown) {
            frontierKnown = true;
            frontier = 0;
        }
        if (m.carried(offset, payloadBytes, frame, ns) && frontierKnown && msn == frontier) {
            advanceFrontier();
        }
    }

    private void forgetOldestIfFull() {
        if (!messages.isFull()) {
            return;
        }
        final long msn = messages.oldestMsn();
        forgottenUpTo = forgotten ? SerialNumber.max32(forgottenUpTo, msn) : msn;
        forgotten = true;
    }
}
