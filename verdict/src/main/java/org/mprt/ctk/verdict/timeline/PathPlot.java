package org.mprt.ctk.verdict.timeline;

/**
 * The time-sequence of one path of one MPRT connection direction, as the report plots it: the PSNs
 * of the data packets over time (first transmissions and retransmissions apart) and, for each ACK of
 * the path, its cumulative PSN and the highest PSN its SACK bitmap acknowledges. PSNs are unwrapped
 * (counted on from the path's first PSN across the 2^24 wrap). Each series is sampled: every
 * {@code stride}-th event is kept, so that a long capture gives a plot of bounded size; the counts
 * are exact.
 *
 * @param direction   the connection direction, as the reports name it
 * @param pathId      the path
 * @param plane       the path's address pair, or an empty string
 * @param dataNs      capture times of the sampled first transmissions
 * @param dataPsn     their PSNs
 * @param dataCount   first transmissions captured
 * @param resentNs    capture times of the sampled retransmissions on the path (R=1, a PSN sent before)
 * @param resentPsn   their PSNs
 * @param resentCount retransmissions captured
 * @param ackNs       capture times of the sampled ACKs
 * @param ackCack     their cumulative PSNs
 * @param ackSacked   the highest PSN each acknowledges (its cumulative PSN when its bitmap is empty)
 * @param ackCount    ACKs captured
 */
public record PathPlot(String direction, int pathId, String plane, long[] dataNs, long[] dataPsn, long dataCount,
                       long[] resentNs, long[] resentPsn, long resentCount, long[] ackNs, long[] ackCack,
                       long[] ackSacked, long ackCount) {

    /**
     * The earliest and latest capture time of any point, for the plot's axis: the points are in capture
     * order, which a clock that stepped back during the capture makes other than time order, so the
     * first and last points need not be the earliest and latest.
     */
    public long firstNs() {
        return Math.min(earliest(dataNs), Math.min(earliest(resentNs), earliest(ackNs)));
    }

    public long lastNs() {
        return Math.max(latest(dataNs), Math.max(latest(resentNs), latest(ackNs)));
    }

    private static long earliest(final long[] a) {
        long e = Long.MAX_VALUE;
        for (final long v : a) {
            e = Math.min(e, v);
        }
        return e;
    }

    private static long latest(final long[] a) {
        long l = Long.MIN_VALUE;
        for (final long v : a) {
            l = Math.max(l, v);
        }
        return l;
    }
}
