package org.mprt.ctk.reference.mprt.stream;

import java.util.ArrayDeque;
import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * One stream of this node's sending direction: hands out MSNs in order to every message and RSNs
 * to its SENDs (MPRT-STREAM-001, MPRT-PLACE-003), cuts messages into segments in MSN order, and
 * completes them in MSN order.
 */
final class OutboundStream {

    private final ArrayDeque<OutboundMessage> uncut = new ArrayDeque<>();
    private final ArrayDeque<OutboundMessage> incomplete = new ArrayDeque<>();
    private long nextMsn;
    private long nextRsn;

    long takeMsn() {
        final long msn = nextMsn;
        nextMsn = SerialNumber.add32(nextMsn, 1);
        return msn;
    }

    long takeRsn() {
        final long rsn = nextRsn;
        nextRsn = SerialNumber.add32(nextRsn, 1);
        return rsn;
    }

    void add(final OutboundMessage message) {
        uncut.addLast(message);
        incomplete.addLast(message);
    }

    boolean hasUncut() {
        return !uncut.isEmpty();
    }

    /** Payload length of the next segment, or -1 when every message is cut. */
    int peekSegmentLength(final int pmtuBytes) {
        final OutboundMessage head = uncut.peekFirst();
        if (head == null) {
            return -1;
        }
        return Math.min(pmtuBytes, head.lengthBytes() - head.nextCutOffset(pmtuBytes));
    }

    Segment cut(final int pmtuBytes) {
        final OutboundMessage head = uncut.peekFirst();
        final int offset = head.nextCutOffset(pmtuBytes);
        final Segment segment = new Segment(head, offset, Math.min(pmtuBytes, head.lengthBytes() - offset));
        head.onCut();
        if (head.isFullyCut()) {
            uncut.pollFirst();
        }
        return segment;
    }

    /** The oldest message if every segment of it is acknowledged, removed; else null. */
    OutboundMessage pollCompleted() {
        final OutboundMessage head = incomplete.peekFirst();
        if (head != null && head.isFullyAcked() && head.isFullyCut()) {
            return incomplete.pollFirst();
        }
        return null;
    }

    /** Removes every message not yet complete, oldest first (flushed on ERROR). */
    ArrayDeque<OutboundMessage> drainIncomplete() {
        final ArrayDeque<OutboundMessage> rest = new ArrayDeque<>(incomplete);
        incomplete.clear();
        uncut.clear();
        return rest;
    }
}
