package org.mprt.ctk.verdict.state;

/**
 * The most recent data packets captured on one path, in capture order: PSN, tx_timestamp, capture
 * time and frame. It answers "which packet does this echo_timestamp name" and "which packet was
 * the most recent before that time" (MPRT-SACK-005 and the timing of answers).
 */
public final class ArrivalLog {

    /** A path holds at most 256 PSNs in flight; retransmissions may add as many again. */
    static final int CAPACITY = 512;

    private final int[] psn = new int[CAPACITY];
    private final long[] txTimestamp = new long[CAPACITY];
    private final long[] ns = new long[CAPACITY];
    private final long[] frame = new long[CAPACITY];
    /** Entries ever added; entry n (0-based) lives at n mod CAPACITY while n > count - CAPACITY. */
    private long count;

    void add(final int psnValue, final long txTimestampValue, final long nsValue, final long frameValue) {
        final int i = (int) (count % CAPACITY);
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
            if (txTimestamp[(int) (n % CAPACITY)] == value) {
                return n;
            }
        }
        return -1;
    }

    /** The most recent entry captured at or before {@code atNs}, or -1 when none held is that old. */
    public long latestAtOrBefore(final long atNs) {
        for (long n = count - 1; n >= oldest(); n--) {
            if (ns[(int) (n % CAPACITY)] <= atNs) {
                return n;
            }
        }
        return -1;
    }

    public int psn(final long entry) {
        return psn[(int) (entry % CAPACITY)];
    }

    public long txTimestamp(final long entry) {
        return txTimestamp[(int) (entry % CAPACITY)];
    }

    public long ns(final long entry) {
        return ns[(int) (entry % CAPACITY)];
    }

    public long frame(final long entry) {
        return frame[(int) (entry % CAPACITY)];
    }
}
