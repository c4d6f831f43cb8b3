package org.mprt.ctk.verdict.timeline;

/**
 * The time-sequence of one path of one MPRT connection direction, as the report plots it: the PSNs
 * of the data packets over time, first transmissions and retransmissions apart (or along the frame
 * numbers, where the capture records no time), and, for each ACK of the path, its cumulative PSN and
 * the highest PSN its SACK bitmap acknowledges. PSNs are unwrapped (counted on from the path's first
 * PSN across the 2^24 wrap). Each series is sampled: every {@code stride}-th event is kept, so that
 * a long capture gives a plot of bounded size; the counts are exact.
 *
 * @param direction   the connection direction, as the reports name it
 * @param pathId      the path
 * @param plane       the path's address pair, or an empty string
 * @param axis        what the points are placed along
 * @param dataAt      where on the axis the sampled first transmissions lie
 * @param dataPsn     their PSNs
 * @param dataCount   first transmissions captured
 * @param resentAt    where the sampled retransmissions on the path (R=1, a PSN sent before) lie
 * @param resentPsn   their PSNs
 * @param resentCount retransmissions captured
 * @param ackAt       where the sampled ACKs lie
 * @param ackCack     their cumulative PSNs
 * @param ackSacked   the highest PSN each acknowledges (its cumulative PSN when its bitmap is empty)
 * @param ackCount    ACKs captured
 */
public record PathPlot(String direction, int pathId, String plane, Axis axis, long[] dataAt, long[] dataPsn,
                       long dataCount, long[] resentAt, long[] resentPsn, long resentCount, long[] ackAt, long[] ackCack,
                       long[] ackSacked, long ackCount) {

    /** What the points are placed along. */
    public enum Axis {
        /** Capture time, in ns. */
        TIME_NS,
        /** Frame number: for a capture whose frames record no time (pcapng simple packet blocks). */
        FRAME_NUMBER
    }

    /**
     * The lowest and highest place of any point on the axis: the points are in capture order, which a
     * clock that stepped back during the capture makes other than time order, so the first and last
     * points need not be the earliest and latest.
     */
    public long first() {
        return Math.min(earliest(dataAt), Math.min(earliest(resentAt), earliest(ackAt)));
    }

    public long last() {
        return Math.max(latest(dataAt), Math.max(latest(resentAt), latest(ackAt)));
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
