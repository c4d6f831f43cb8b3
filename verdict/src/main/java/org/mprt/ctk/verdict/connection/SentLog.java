package org.mprt.ctk.verdict.connection;

/**
 * The last packets captured on one plane and path (or the last PROBEs on one plane), newest
 * overwriting oldest, with the fields an answer repeats of them and the connection they named. An
 * answer follows its packet closely (within ACK_REQ_DELAY, mprt-v0.1.md section 8), so a short
 * memory per path suffices; appending writes one row of a few arrays in turn, so a packet costs no
 * lookup.
 */
final class SentLog {

    static final int CAPACITY = 256;
    private static final int MASK = CAPACITY - 1;

    /** Answers on each path name: the tx_timestamp (or for a PROBE its probe_id besides). */
    private final long[] txTimestamp = new long[CAPACITY];
    private final long[] frame = new long[CAPACITY];
    private final long[] msn = new long[CAPACITY];
    private final long[] messageOffset = new long[CAPACITY];
    private final int[] destQp = new int[CAPACITY];
    private final int[] scn = new int[CAPACITY];
    private final long[] pathOrProbe = new long[CAPACITY];
    private final int[] psn = new int[CAPACITY];
    private final int[] streamId = new int[CAPACITY];
    private long count;

    /** Adds a packet; returns its row, for {@link #nakFields}. */
    int add(final long pathOrProbeId, final long tx, final int dest, final int source, final long frameNumber) {
        final int i = (int) (count++ & MASK);
        pathOrProbe[i] = pathOrProbeId;
        txTimestamp[i] = tx;
        destQp[i] = dest;
        scn[i] = source;
        frame[i] = frameNumber;
        psn[i] = -1;
        return i;
    }

    /** Sets what a NAK repeats of the data packet in {@code row}. */
    void nakFields(final int row, final int psnValue, final int stream, final long msnValue, final long offset) {
        psn[row] = psnValue;
        streamId[row] = stream;
        msn[row] = msnValue;
        messageOffset[row] = offset;
    }

    /** The row of the newest packet of this path or probe with this tx_timestamp, or -1. */
    int find(final long pathOrProbeId, final long tx) {
        for (long n = count - 1, oldest = Math.max(0, count - CAPACITY); n >= oldest; n--) {
            final int i = (int) (n & MASK);
            if (txTimestamp[i] == tx && pathOrProbe[i] == pathOrProbeId) {
                return i;
            }
        }
        return -1;
    }

    /** The row of the newest data packet of this path with the PSN, stream, MSN and offset a NAK repeats, or -1. */
    int findNaked(final int path, final int psnValue, final int stream, final long msnValue, final long offset) {
        for (long n = count - 1, oldest = Math.max(0, count - CAPACITY); n >= oldest; n--) {
            final int i = (int) (n & MASK);
            if (psn[i] == psnValue && pathOrProbe[i] == path && streamId[i] == stream && msn[i] == msnValue
                && messageOffset[i] == offset) {
                return i;
            }
        }
        return -1;
    }

    int destQp(final int row) {
        return destQp[row];
    }

    int scn(final int row) {
        return scn[row];
    }

    long frame(final int row) {
        return frame[row];
    }
}
