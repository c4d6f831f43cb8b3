package org.mprt.ctk.reference.mprt.path;

/**
 * The RTT estimate and retransmission timeout of one path, as RFC 6298 computes them
 * (mprt-v0.1.md section 9.2): first sample R gives SRTT = R, RTTVAR = R / 2; later samples
 * RTTVAR = 3/4 RTTVAR + 1/4 |SRTT - R|, SRTT = 7/8 SRTT + 1/8 R; RTO = SRTT + 4 RTTVAR clamped to
 * [RTO_MIN, RTO_MAX], RTO_INIT before the first sample; each expiry doubles it up to RTO_MAX.
 */
public final class RttEstimator {

    private final long rtoInitNs;
    private final long rtoMinNs;
    private final long rtoMaxNs;
    private boolean hasSample;
    private long srttNs;
    private long rttvarNs;
    private long latestSampleNs;
    private long rtoNs;

    public RttEstimator(final long rtoInitNs, final long rtoMinNs, final long rtoMaxNs) {
        this.rtoInitNs = rtoInitNs;
        this.rtoMinNs = rtoMinNs;
        this.rtoMaxNs = rtoMaxNs;
        this.rtoNs = rtoInitNs;
    }

    public void onSample(final long sampleNs) {
        latestSampleNs = sampleNs;
        if (!hasSample) {
            srttNs = sampleNs;
            rttvarNs = sampleNs / 2;
            hasSample = true;
        } else {
            rttvarNs = (3 * rttvarNs + Math.abs(srttNs - sampleNs)) / 4;
            srttNs = (7 * srttNs + sampleNs) / 8;
        }
        recompute();
    }

    /** Ends a back-off: the RTO again follows SRTT and RTTVAR. */
    public void recompute() {
        rtoNs = hasSample ? clamp(srttNs + 4 * rttvarNs) : rtoInitNs;
    }

    /** An expiry: the RTO doubles, at most RTO_MAX. */
    public void backOff() {
        rtoNs = Math.min(rtoMaxNs, rtoNs * 2);
    }

    /** Forgets every sample (readmission restarts SRTT and RTTVAR from the PROBE_REPLY samples). */
    public void restart() {
        hasSample = false;
        srttNs = 0;
        rttvarNs = 0;
        rtoNs = rtoInitNs;
    }

    public boolean hasSample() {
        return hasSample;
    }

    /** SRTT in ns; 0 before the first sample. */
    public long srttNs() {
        return srttNs;
    }

    public long rttvarNs() {
        return rttvarNs;
    }

    public long latestSampleNs() {
        return latestSampleNs;
    }

    public long rtoNs() {
        return rtoNs;
    }

    private long clamp(final long ns) {
        return Math.max(rtoMinNs, Math.min(rtoMaxNs, ns));
    }
}
