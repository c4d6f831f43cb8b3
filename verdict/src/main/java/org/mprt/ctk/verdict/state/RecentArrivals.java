package org.mprt.ctk.verdict.state;

import java.util.Arrays;

/**
 * The last data packets and PROBEs captured in one connection direction, whatever their path, in
 * capture order, with the fields a NAK must repeat (mprt-v0.1.md section 3.6): what MPRT-SEC-006
 * looks a NAK's packet up in. A NAK answers within ACK_REQ_DELAY, so a short memory suffices;
 * when the entries inside the window have been overwritten the lookup says so.
 */
public final class RecentArrivals {

    static final int CAPACITY = 1024;
    /** Entries it starts with; it doubles as they arrive, up to {@link #CAPACITY}, so that a short connection holds little. */
    static final int FIRST_SLOTS = 32;

    private long[] ns = new long[FIRST_SLOTS];
    private long[] frame = new long[FIRST_SLOTS];
    private int[] pathId = new int[FIRST_SLOTS];
    private int[] psn = new int[FIRST_SLOTS];
    private int[] streamId = new int[FIRST_SLOTS];
    private long[] msn = new long[FIRST_SLOTS];
    private long[] messageOffset = new long[FIRST_SLOTS];
    private boolean[] probe = new boolean[FIRST_SLOTS];
    /** Array length - 1; entry n (0-based) is at n & mask while n > count - CAPACITY. */
    private int mask = FIRST_SLOTS - 1;
    private long count;

    void data(final long nsValue, final long frameValue, final int path, final int psnValue, final int stream,
              final long msnValue, final long offset) {
        if (count == mask + 1 && count < CAPACITY) {
            grow();
        }
        final int i = (int) (count++ & mask);
        ns[i] = nsValue;
        frame[i] = frameValue;
        pathId[i] = path;
        psn[i] = psnValue;
        streamId[i] = stream;
        msn[i] = msnValue;
        messageOffset[i] = offset;
        probe[i] = false;
    }

    /** Not wrapped yet: entry n is at n, and stays there in arrays twice as long. */
    private void grow() {
        final int slots = (mask + 1) * 2;
        ns = Arrays.copyOf(ns, slots);
        frame = Arrays.copyOf(frame, slots);
        pathId = Arrays.copyOf(pathId, slots);
        psn = Arrays.copyOf(psn, slots);
        streamId = Arrays.copyOf(streamId, slots);
        msn = Arrays.copyOf(msn, slots);
        messageOffset = Arrays.copyOf(messageOffset, slots);
        probe = Arrays.copyOf(probe, slots);
        mask = slots - 1;
    }

    void probe(final long nsValue, final long frameValue, final int path, final int psnValue) {
        data(nsValue, frameValue, path, psnValue, 0, 0, 0);
        probe[(int) ((count - 1) & mask)] = true;
    }

    /**
     * The most recent entry of this path and PSN captured at or after {@code sinceNs}; -1 when
     * none, and -2 when older entries that might have matched were overwritten.
     */
    public long find(final int path, final int psnValue, final long sinceNs) {
        final long oldest = Math.max(0, count - CAPACITY);
        for (long n = count - 1; n >= oldest; n--) {
            final int i = (int) (n & mask);
            if (ns[i] < sinceNs) {
                return -1;
            }
            if (pathId[i] == path && psn[i] == psnValue) {
                return n;
            }
        }
        return count > CAPACITY ? -2 : -1;
    }

    public long ns(final long entry) {
        return ns[(int) (entry & mask)];
    }

    public long frame(final long entry) {
        return frame[(int) (entry & mask)];
    }

    public int streamId(final long entry) {
        return streamId[(int) (entry & mask)];
    }

    public long msn(final long entry) {
        return msn[(int) (entry & mask)];
    }

    public long messageOffset(final long entry) {
        return messageOffset[(int) (entry & mask)];
    }

    public boolean isProbe(final long entry) {
        return probe[(int) (entry & mask)];
    }
}
