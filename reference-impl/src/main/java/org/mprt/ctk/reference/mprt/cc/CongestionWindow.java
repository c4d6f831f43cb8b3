package org.mprt.ctk.reference.mprt.cc;

/**
 * The congestion window of one path in payload bytes, and its ECN fraction (mprt-v0.1.md sections
 * 10.2 and 11.1): ECN-based AIMD, multiplicative decrease of min(cwnd, bytes in flight) at most
 * once per SRTT on an ACK with E = 1, additive increase of AI_STEP per SRTT on unmarked ACKs,
 * never below MIN_CWND.
 */
public final class CongestionWindow {

    private static final double ECN_FRACTION_GAIN = 1.0 / 16;

    private final long initCwndBytes;
    private final long minCwndBytes;
    private final long aiStepBytes;
    private final long maxCwndBytes;
    private final double mdFactor;
    private long cwndBytes;
    private double ecnFraction;
    private long lastDecreaseNs;
    private boolean decreased;

    /** @param maxCwndBytes a ceiling that only bounds growth: the 256-PSN send window makes more useless */
    public CongestionWindow(final long initCwndBytes, final long minCwndBytes, final long aiStepBytes,
                            final double mdFactor, final long maxCwndBytes) {
        this.initCwndBytes = initCwndBytes;
        this.minCwndBytes = minCwndBytes;
        this.aiStepBytes = aiStepBytes;
        this.mdFactor = mdFactor;
        this.maxCwndBytes = maxCwndBytes;
        this.cwndBytes = initCwndBytes;
    }

    public long cwndBytes() {
        return cwndBytes;
    }

    public double ecnFraction() {
        return ecnFraction;
    }

    /** Back to INIT_CWND, at connection start and on readmission (MPRT-CC-001). */
    public void reset() {
        cwndBytes = initCwndBytes;
        decreased = false;
    }

    /**
     * Applies one ACK for the path.
     *
     * @param newlyAckedPackets data packets the ACK newly acknowledged
     * @param newlyAckedBytes   their payload bytes
     * @param ecnEcho           the ACK's E bit
     * @param ceCount           the ACK's ce_count
     * @param bytesInFlight     bytes in flight on the path when the ACK arrived, before it acknowledged anything
     * @param srttNs            the path's SRTT, or 0 without a sample
     */
    public void onAck(final int newlyAckedPackets, final long newlyAckedBytes, final int ecnEcho, final int ceCount,
                      final long bytesInFlight, final long srttNs, final long nowNs) {
        final double marked = Math.min(1.0, (double) ceCount / Math.max(1, newlyAckedPackets));
        ecnFraction += (marked - ecnFraction) * ECN_FRACTION_GAIN;
        if (ecnEcho != 0) {
            if (!decreased || nowNs - lastDecreaseNs >= srttNs) {
                // The window cut is the one in use: a mark cuts the load the path actually carried.
                final long inUse = Math.min(cwndBytes, bytesInFlight);
                cwndBytes = Math.max(minCwndBytes, (long) (mdFactor * inUse));
                lastDecreaseNs = nowNs;
                decreased = true;
            }
            return;
        }
        if (newlyAckedBytes > 0) {
            cwndBytes = Math.min(maxCwndBytes, cwndBytes + Math.max(1, aiStepBytes * newlyAckedBytes / cwndBytes));
        }
    }
}
