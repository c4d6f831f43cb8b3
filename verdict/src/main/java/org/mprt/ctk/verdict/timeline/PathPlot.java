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

    /** The first and last capture time of any point, for the plot's axis. */
    public long firstNs() {
        return Math.min(first(dataNs), Math.min(first(resentNs), first(ackNs)));
    }

    public long lastNs() {
        return Math.max(last(dataNs), Math.max(last(resentNs), last(ackNs)));
    }

    private static long first(final long[] a) {
        return a.length == 0 ? Long.MAX_VALUE : a[0];
    }

    private static long last(final long[] a) {
        return a.length == 0 ? Long.MIN_VALUE : a[a.length - 1];
    }
}
