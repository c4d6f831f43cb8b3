package org.mprt.ctk.verdict.guidance;

import org.mprt.ctk.verdict.state.RingSlots;

/**
 * The guidance a receiver's ACKs gave one connection direction, in capture order, for MPRT-RECV-003:
 * the last ACK at or before a window's start less GUIDANCE_REACTION ({@link #settleBefore}) and
 * the largest guidance among it and the ACKs up to the window's end ({@link #largest}).
 *
 * <p>The largest is kept as a sliding maximum (a queue of the ACKs no later ACK outranks), so
 * that judging the window of every data packet costs a constant amortised time, not a scan of all
 * the ACKs in the window. The ACKs up to a window's end are the capture-order prefix before the
 * first ACK at or after it; when a window ends before the previous one did (capture timestamps
 * out of order), the queue is rebuilt from the ACKs held.
 *
 * <p>The rings start at {@link #FIRST_SLOTS} and double when an ACK would overwrite one still held,
 * so that a direction with few ACKs holds little.
 */
final class GuidanceWindow {

    static final int FIRST_SLOTS = 16;

    private final int capacity;
    private int mask;
    private long[] ns;
    private long[] rate;
    private long[] frame;
    /** ACKs added so far; those from {@code front} to {@code back} (exclusive) are held, by number modulo the ring. */
    private long front;
    private long back;
    /** ACKs counted into the maximum so far: those before {@code admitted}, up to {@code admittedUntil}. */
    private long admitted;
    private long admittedUntil = Long.MIN_VALUE;
    /** Numbers of the admitted ACKs that no later admitted ACK outranks, largest guidance first. */
    private long[] leaders;
    private long leadersFront;
    private long leadersBack;
    private boolean hasBefore;
    private long beforeRate;
    private long beforeFrame;
    private long largestRate;
    private long largestFrame;

    /** @param capacity ACKs held beyond the last one before the oldest window, older ones count only as that one */
    GuidanceWindow(final int capacity) {
        this.capacity = capacity;
        this.mask = FIRST_SLOTS - 1;
        this.ns = new long[FIRST_SLOTS];
        this.rate = new long[FIRST_SLOTS];
        this.frame = new long[FIRST_SLOTS];
        this.leaders = new long[FIRST_SLOTS];
    }

    /** An ACK captured at {@code atNs} with this guidance, in frame {@code frameNumber}. */
    void add(final long atNs, final long guidance, final long frameNumber) {
        if (back - front == mask + 1) {
            grow();
        }
        final int i = (int) (back & mask);
        ns[i] = atNs;
        rate[i] = guidance;
        frame[i] = frameNumber;
        back++;
        if (back - front > capacity) {
            dropFront();
        }
    }

    /** Makes every ACK captured at or before {@code limitNs} the last one before, in turn. */
    void settleBefore(final long limitNs) {
        while (front < back && ns[(int) (front & mask)] <= limitNs) {
            dropFront();
        }
    }

    /** True when some ACK was captured at or before the last limit settled (or was pushed out of the ones held). */
    boolean hasBefore() {
        return hasBefore;
    }

    /**
     * Finds the largest guidance among the last ACK before and the held ACKs before the first one
     * captured at or after {@code untilNs}; the earliest of equal ones. Read with
     * {@link #largestRate()} and {@link #largestFrame()}; meaningful when {@link #hasBefore()}.
     */
    void largest(final long untilNs) {
        if (untilNs < admittedUntil) {
            admitted = front;
            leadersFront = 0;
            leadersBack = 0;
        }
        admittedUntil = untilNs;
        while (admitted < back && ns[(int) (admitted & mask)] < untilNs) {
            final long r = rate[(int) (admitted & mask)];
            while (leadersBack > leadersFront && rate[(int) (leaders[(int) ((leadersBack - 1) & mask)] & mask)] < r) {
                leadersBack--;
            }
            leaders[(int) (leadersBack++ & mask)] = admitted;
            admitted++;
        }
        largestRate = beforeRate;
        largestFrame = beforeFrame;
        if (leadersBack > leadersFront) {
            final int top = (int) (leaders[(int) (leadersFront & mask)] & mask);
            if (rate[top] > largestRate) {
                largestRate = rate[top];
                largestFrame = frame[top];
            }
        }
    }

    long largestRate() {
        return largestRate;
    }

    long largestFrame() {
        return largestFrame;
    }

    /** Doubles the rings, each entry held moving to the slot its number (or queue position) names in the larger ring. */
    private void grow() {
        final int slots = (mask + 1) * 2;
        ns = RingSlots.grown(ns, front, back - front, slots);
        rate = RingSlots.grown(rate, front, back - front, slots);
        frame = RingSlots.grown(frame, front, back - front, slots);
        leaders = RingSlots.grown(leaders, leadersFront, leadersBack - leadersFront, slots);
        mask = slots - 1;
    }

    private void dropFront() {
        final int i = (int) (front & mask);
        hasBefore = true;
        beforeRate = rate[i];
        beforeFrame = frame[i];
        if (leadersBack > leadersFront && leaders[(int) (leadersFront & mask)] == front) {
            leadersFront++;
        }
        front++;
        if (admitted < front) {
            admitted = front;
        }
    }
}
