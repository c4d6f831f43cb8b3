package org.mprt.ctk.verdict.state;

/**
 * The last data packets and PROBEs captured in one connection direction, whatever their path, in
 * capture order, with the fields a NAK must repeat (mprt-v0.1.md section 3.6): what MPRT-SEC-006
 * looks a NAK's packet up in. A NAK answers within ACK_REQ_DELAY, so a short memory suffices;
 * when the entries inside the window have been overwritten the lookup says so.
 */
public final class RecentArrivals {

    static final int CAPACITY = 1024;

    private final long[] ns = new long[CAPACITY];
    private final long[] frame = new long[CAPACITY];
    private final int[] pathId = new int[CAPACITY];
    private final int[] psn = new int[CAPACITY];
    private final int[] streamId = new int[CAPACITY];
    private final long[] msn = new long[CAPACITY];
    private final long[] messageOffset = new long[CAPACITY];
    private final boolean[] probe = new boolean[CAPACITY];
    private long count;

    void data(final long nsValue, final long frameValue, final int path, final int psnValue, final int stream,
              final long msnValue, final long offset) {
        final int i = (int) (count++ % CAPACITY);
        ns[i] = nsValue;
        frame[i] = frameValue;
        pathId[i] = path;
        psn[i] = psnValue;
        streamId[i] = stream;
        msn[i] = msnValue;
        messageOffset[i] = offset;
        probe[i] = false;
    }

    void probe(final long nsValue, final long frameValue, final int path, final int psnValue) {
        data(nsValue, frameValue, path, psnValue, 0, 0, 0);
        probe[(int) ((count - 1) % CAPACITY)] = true;
    }

    /**
     * The most recent entry of this path and PSN captured at or after {@code sinceNs}; -1 when
     * none, and -2 when older entries that might have matched were overwritten.
     */
    public long find(final int path, final int psnValue, final long sinceNs) {
        final long oldest = Math.max(0, count - CAPACITY);
        for (long n = count - 1; n >= oldest; n--) {
            final int i = (int) (n % CAPACITY);
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
        return ns[(int) (entry % CAPACITY)];
    }

    public long frame(final long entry) {
        return frame[(int) (entry % CAPACITY)];
    }

    public int streamId(final long entry) {
        return streamId[(int) (entry % CAPACITY)];
    }

    public long msn(final long entry) {
        return msn[(int) (entry % CAPACITY)];
    }

    public long messageOffset(final long entry) {
        return messageOffset[(int) (entry % CAPACITY)];
    }

    public boolean isProbe(final long entry) {
        return probe[(int) (entry % CAPACITY)];
    }
}
