package org.mprt.ctk.verdict.state;

import java.util.Arrays;

/**
 * The most recent data packets captured on one path, in capture order: PSN, tx_timestamp, capture
 * time and frame. It answers "which packet does this echo_timestamp name" and "which packet was
 * the most recent before that time" (MPRT-SACK-005 and the timing of answers).
 */
public final class ArrivalLog {

    /** A path holds at most 256 PSNs in flight; retransmissions may add as many again. */
    static final int CAPACITY = 512;
    /** Entries a log starts with; it doubles as they arrive, up to {@link #CAPACITY}, so that a short path holds little. */
    static final int FIRST_SLOTS = 16;

    private int[] psn = new int[FIRST_SLOTS];
    private long[] txTimestamp = new long[FIRST_SLOTS];
    private long[] ns = new long[FIRST_SLOTS];
    private long[] frame = new long[FIRST_SLOTS];
    /** Array length - 1; entry n (0-based) lives at n & mask while n > count - CAPACITY. */
    private int mask = FIRST_SLOTS - 1;
    /** Entries ever added. */
    private long count;

    void add(final int psnValue, final long txTimestampValue, final long nsValue, final long frameValue) {
        if (count == mask + 1 && count < CAPACITY) {
            // Not wrapped yet: entry n is at n, and stays there in arrays twice as long.
            final int slots = (mask + 1) * 2;
            psn = Arrays.copyOf(psn, slots);
            txTimestamp = Arrays.copyOf(txTimestamp, slots);
            ns = Arrays.copyOf(ns, slots);
            frame = Arrays.copyOf(frame, slots);
            mask = slots - 1;
        }
        final int i = (int) (count & mask);
        psn[i] = psnValue;
        txTimestamp[i] = txTimestampValue;
        ns[i] = nsValue;
        frame[i] = frameValue;
        count++;
    }

    /** Entries ever added: the sequence number the next one will get. */
    public long count() {
        return count;
    }

    /** The sequence number of the oldest entry still held. */
    public long oldest() {
        return Math.max(0, count - CAPACITY);
    }

    /** True when entries were dropped, so that an absence proves nothing. */
    public boolean hasForgotten() {
        return count > CAPACITY;
    }

    /** The most recent entry with this tx_timestamp, or -1. */
    public long findTxTimestamp(final long value) {
        for (long n = count - 1; n >= oldest(); n--) {
            if (txTimestamp[(int) (n & mask)] == value) {
                return n;
            }
        }
        return -1;
    }

    /** The most recent entry captured at or before {@code atNs}, or -1 when none held is that old. */
    public long latestAtOrBefore(final long atNs) {
        for (long n = count - 1; n >= oldest(); n--) {
            if (ns[(int) (n & mask)] <= atNs) {
                return n;
            }
        }
        return -1;
    }

    public int psn(final long entry) {
        return psn[(int) (entry & mask)];
    }

    public long txTimestamp(final long entry) {
        return txTimestamp[(int) (entry & mask)];
    }

    public long ns(final long entry) {
        return ns[(int) (entry & mask)];
    }

    public long frame(final long entry) {
        return frame[(int) (entry & mask)];
    }
}
