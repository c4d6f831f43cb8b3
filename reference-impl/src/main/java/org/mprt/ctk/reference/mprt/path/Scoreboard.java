package org.mprt.ctk.reference.mprt.path;

import org.mprt.ctk.reference.mprt.sack.SackBitmap;
import org.mprt.ctk.reference.mprt.stream.Segment;
import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * The PSNs of one path from the oldest not cumulatively acknowledged to the next to be sent, in a
 * ring indexed by PSN. The send window (section 4.5) keeps at most 256 of them; the ring has room
 * for more so that a mutant ignoring the window can still run.
 */
public final class Scoreboard {

    /** Ring capacity in PSNs. */
    public static final int CAPACITY = 1024;
    private static final int MASK = CAPACITY - 1;

    /** Told about each PSN an ACK acknowledges for the first time. */
    public interface AckVisitor {
        void onNewlyAcked(SentPacket packet);
    }

    /** Told about each unacknowledged PSN a failure abandons. */
    public interface AbandonVisitor {
        void onAbandoned(SentPacket packet);
    }

    private final SentPacket[] ring = new SentPacket[CAPACITY];
    private int firstPsn;
    private int nextPsn;

    public Scoreboard() {
        for (int i = 0; i < CAPACITY; i++) {
            ring[i] = new SentPacket();
        }
    }

    /** Number of PSNs tracked, from the oldest not cumulatively acknowledged to the last sent. */
    public int size() {
        return SerialNumber.distance24(firstPsn, nextPsn);
    }

    public boolean isEmpty() {
        return firstPsn == nextPsn;
    }

    public boolean isFull() {
        return size() >= CAPACITY;
    }

    /** Tracks {@code psn}, the path's next PSN, as carrying {@code segment} (null: a PSN skipped, never sent). */
    public SentPacket append(final int psn, final Segment segment) {
        if (psn != nextPsn || isFull()) {
            throw new IllegalStateException("PSN " + psn + " appended after " + nextPsn + " with " + size() + " tracked");
        }
        final SentPacket packet = ring[psn & MASK];
        packet.reset(psn, segment);
        nextPsn = SerialNumber.add24(psn, 1);
        return packet;
    }

    /** The tracked packet with {@code psn}, or null. */
    public SentPacket get(final int psn) {
        if (SerialNumber.distance24(firstPsn, psn) >= size()) {
            return null;
        }
        final SentPacket packet = ring[psn & MASK];
        return packet.segment() == null ? null : packet;
    }

    /**
     * Applies an ACK: PSNs at or before {@code cack} and, unless {@code useBitmap} is false, those whose
     * bitmap bit is set; reports each newly acknowledged packet and returns how many there were.
     */
    public int acknowledge(final int cack, final SackBitmap bitmap, final boolean useBitmap, final AckVisitor visitor) {
        int newlyAcked = 0;
        for (int psn = firstPsn; psn != nextPsn; psn = SerialNumber.add24(psn, 1)) {
            final SentPacket packet = ring[psn & MASK];
            if (packet.segment() == null || packet.isAcked()) {
                continue;
            }
            final int d = SerialNumber.distance24(cack, psn);
            final boolean cumulative = d == 0 || d > SerialNumber.HALF_24;
            if (cumulative || useBitmap && d <= SackBitmap.BITS && bitmap.get(d - 1)) {
                packet.markAcked();
                newlyAcked++;
                visitor.onNewlyAcked(packet);
            }
        }
        dropAckedFront();
        return newlyAcked;
    }

    /**
     * Section 9.1: marks lost every unacknowledged packet for which the ACK acknowledges at least
     * {@code threshold} PSNs first sent after the packet's latest transmission. Packets held by a NAK
     * NO_RECEIVE_BUFFER are not detected lost. Returns the packets newly marked, oldest first.
     */
    public int detectLosses(final int cack, final SackBitmap bitmap, final int threshold, final SentPacket[] lost) {
        int count = 0;
        for (int psn = firstPsn; psn != nextPsn; psn = SerialNumber.add24(psn, 1)) {
            final SentPacket packet = ring[psn & MASK];
            if (packet.segment() == null || packet.isAcked() || packet.isLost() || packet.isRnrHeld()) {
                continue;
            }
            final int markerIndex = SerialNumber.distance24(cack, packet.lossMarkerPsn()) - 1;
            if (markerIndex >= 0 && markerIndex < SackBitmap.BITS && bitmap.countFrom(markerIndex) >= threshold) {
                packet.markLost();
                lost[count++] = packet;
            }
        }
        return count;
    }

    /** The oldest packet not acknowledged and not held by NO_RECEIVE_BUFFER, or null (section 9.2). */
    public SentPacket oldestUnacked() {
        for (int psn = firstPsn; psn != nextPsn; psn = SerialNumber.add24(psn, 1)) {
            final SentPacket packet = ring[psn & MASK];
            if (packet.segment() != null && !packet.isAcked() && !packet.isRnrHeld()) {
                return packet;
            }
        }
        return null;
    }

    /** True when some tracked packet is neither acknowledged nor skipped. */
    public boolean hasUnacked() {
        for (int psn = firstPsn; psn != nextPsn; psn = SerialNumber.add24(psn, 1)) {
            final SentPacket packet = ring[psn & MASK];
            if (packet.segment() != null && !packet.isAcked()) {
                return true;
            }
        }
        return false;
    }

    /** The oldest packet whose retransmission is due at {@code nowNs}, or null. */
    public SentPacket nextDueRetransmission(final long nowNs) {
        for (int psn = firstPsn; psn != nextPsn; psn = SerialNumber.add24(psn, 1)) {
            final SentPacket packet = ring[psn & MASK];
            if (packet.segment() != null && packet.isRetransmissionDue(nowNs)) {
                return packet;
            }
        }
        return null;
    }

    /** The earliest time a NO_RECEIVE_BUFFER hold of this path ends, or Long.MAX_VALUE. */
    public long earliestRnrReleaseNs() {
        long earliest = Long.MAX_VALUE;
        for (int psn = firstPsn; psn != nextPsn; psn = SerialNumber.add24(psn, 1)) {
            final SentPacket packet = ring[psn & MASK];
            if (packet.segment() != null && !packet.isAcked() && packet.isRnrHeld()) {
                earliest = Math.min(earliest, packet.segment().rnrUntilNs());
            }
        }
        return earliest;
    }

    /** Marks every tracked packet after {@code psn}, acknowledged ones included, for retransmission. */
    public void markLaterLost(final int psn) {
        for (int p = SerialNumber.add24(psn, 1); p != nextPsn; p = SerialNumber.add24(p, 1)) {
            final SentPacket packet = ring[p & MASK];
            if (packet.segment() != null) {
                packet.markLost();
            }
        }
    }

    /** Section 10.5: hands over every unacknowledged packet, oldest first, and forgets them all. */
    public void abandonAll(final AbandonVisitor visitor) {
        for (int psn = firstPsn; psn != nextPsn; psn = SerialNumber.add24(psn, 1)) {
            final SentPacket packet = ring[psn & MASK];
            if (packet.segment() != null && !packet.isAcked()) {
                visitor.onAbandoned(packet);
            }
            packet.reset(psn, null);
        }
        firstPsn = nextPsn;
    }

    private void dropAckedFront() {
        while (firstPsn != nextPsn) {
            final SentPacket packet = ring[firstPsn & MASK];
            if (packet.segment() != null && !packet.isAcked()) {
                return;
            }
            packet.reset(firstPsn, null);
            firstPsn = SerialNumber.add24(firstPsn, 1);
        }
    }
}
