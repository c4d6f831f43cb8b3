package org.mprt.ctk.verdict.connection;

import java.util.Arrays;

/**
 * The last packets captured on one plane and path (or the last PROBEs on one plane), newest
 * overwriting oldest, with the fields an answer repeats of them and the connection they named. An
 * answer follows its packet closely (within ACK_REQ_DELAY, mprt-v0.1.md section 8), so a short
 * memory per path suffices; appending writes one row of a few arrays in turn, so a packet costs no
 * lookup.
 */
final class SentLog {

    static final int CAPACITY = 256;
    /** Rows a log starts with; it doubles as packets arrive, up to {@link #CAPACITY}, so that a short path holds little. */
    static final int FIRST_ROWS = 16;

    /** Answers on each path name: the tx_timestamp (or for a PROBE its probe_id besides). */
    private long[] txTimestamp = new long[FIRST_ROWS];
    private long[] frame = new long[FIRST_ROWS];
    private long[] msn = new long[FIRST_ROWS];
    private long[] messageOffset = new long[FIRST_ROWS];
    private int[] destQp = new int[FIRST_ROWS];
    private int[] scn = new int[FIRST_ROWS];
    private long[] pathOrProbe = new long[FIRST_ROWS];
    private int[] psn = new int[FIRST_ROWS];
    private int[] streamId = new int[FIRST_ROWS];
    /** Rows - 1; packet n (0-based) is in row n & mask while n > count - CAPACITY. */
    private int mask = FIRST_ROWS - 1;
    private long count;

    /** Adds a packet; returns its row, for {@link #nakFields}. */
    int add(final long pathOrProbeId, final long tx, final int dest, final int source, final long frameNumber) {
        if (count == mask + 1 && count < CAPACITY) {
            grow();
        }
        final int i = (int) (count++ & mask);
        pathOrProbe[i] = pathOrProbeId;
        txTimestamp[i] = tx;
        destQp[i] = dest;
        scn[i] = source;
        frame[i] = frameNumber;
        psn[i] = -1;
        return i;
    }

    /** Not wrapped yet: packet n is in row n, and stays there in arrays twice as long. */
    private void grow() {
        final int rows = (mask + 1) * 2;
        txTimestamp = Arrays.copyOf(txTimestamp, rows);
        frame = Arrays.copyOf(frame, rows);
        msn = Arrays.copyOf(msn, rows);
        messageOffset = Arrays.copyOf(messageOffset, rows);
        destQp = Arrays.copyOf(destQp, rows);
        scn = Arrays.copyOf(scn, rows);
        pathOrProbe = Arrays.copyOf(pathOrProbe, rows);
        psn = Arrays.copyOf(psn, rows);
        streamId = Arrays.copyOf(streamId, rows);
        mask = rows - 1;
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
            final int i = (int) (n & mask);
            if (txTimestamp[i] == tx && pathOrProbe[i] == pathOrProbeId) {
                return i;
            }
        }
        return -1;
    }

    /** The row of the newest data packet of this path with the PSN, stream, MSN and offset a NAK repeats, or -1. */
    int findNaked(final int path, final int psnValue, final int stream, final long msnValue, final long offset) {
        for (long n = count - 1, oldest = Math.max(0, count - CAPACITY); n >= oldest; n--) {
            final int i = (int) (n & mask);
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
