package org.mprt.ctk.verdict.state;

import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * What the receiver's answers for one path told (mprt-v0.1.md sections 4.5, 8.1, 9.2, 10.6, 11.3):
 * the latest ACK's cack and SACK bitmap, the highest cack the sender can have learnt (from ACKs and
 * PROBE_REPLYs), the resynchronisation by an answered PROBE, RTT samples and ECN echoes.
 */
public final class PathAnswers {

    private boolean anyAck;
    private int cack;
    private final long[] bitmap = new long[4];
    private long ackFrame;
    private boolean learnt;
    private int learntCack;
    private long learntFrame;
    private boolean resynced;
    private int resyncPsn;
    private long rttSamples;
    private long latestRttNs;
    private long ceEchoed;
    private long ecnEchoes;

    public boolean hasAck() {
        return anyAck;
    }

    /** BTH.PSN (cack) of the latest captured ACK for this path. */
    public int lastCack() {
        return cack;
    }

    public long lastAckFrame() {
        return ackFrame;
    }

    /** 64 bits of the latest captured ACK's SACK bitmap, word 0 holding bits 0-63 with bit 0 as its most significant bit. */
    public long lastBitmapWord(final int word) {
        return bitmap[word];
    }

    /** True when the latest captured ACK acknowledged this PSN (by its cack or a SACK bit). */
    public boolean lastAckAcknowledges(final int psn) {
        return anyAck && PathRecord.acknowledges(cack, bitmap, psn);
    }

    /** True once an ACK or PROBE_REPLY for the path was captured (section 4.5). */
    public boolean hasLearntCack() {
        return learnt;
    }

    /** The highest cack a captured ACK or PROBE_REPLY told the sender. */
    public int learntCack() {
        return learntCack;
    }

    /** The ACK or PROBE_REPLY that told it. */
    public long learntFrame() {
        return learntFrame;
    }

    /** True once the receiver answered a PROBE on the path; the PSNs before {@link #resyncPsn()} are abandoned. */
    public boolean isResynced() {
        return resynced;
    }

    public int resyncPsn() {
        return resyncPsn;
    }

    /**
     * RTT samples as the capture sees them: from the captured transmission an ACK's echo_timestamp
     * names to the ACK (section 9.2). At the sender's port this is the sample the sender takes;
     * elsewhere it is shorter.
     */
    public long rttSamples() {
        return rttSamples;
    }

    /** The latest RTT sample in nanoseconds; meaningful when {@link #rttSamples()} is not 0. */
    public long latestRttNs() {
        return latestRttNs;
    }

    /** The sum of ce_count over the captured ACKs of this path. */
    public long ceEchoed() {
        return ceEchoed;
    }

    /** Captured ACKs of this path with E=1. */
    public long ecnEchoes() {
        return ecnEchoes;
    }

    void acknowledged(final int cackValue, final long[] words, final long frame) {
        anyAck = true;
        cack = cackValue;
        System.arraycopy(words, 0, bitmap, 0, bitmap.length);
        ackFrame = frame;
        learn(cackValue, frame);
    }

    void learn(final int cackValue, final long frame) {
        if (!learnt || SerialNumber.precedes24(learntCack, cackValue)) {
            learntCack = cackValue;
            learntFrame = frame;
        }
        learnt = true;
    }

    void resynced(final int q) {
        if (!resynced || SerialNumber.precedes24(resyncPsn, q)) {
            resyncPsn = q;
        }
        resynced = true;
    }

    void sampled(final long rttNs) {
        rttSamples++;
        latestRttNs = rttNs;
    }

    void echoed(final int ceCount) {
        ceEchoed += ceCount;
        if (ceCount > 0) {
            ecnEchoes++;
        }
    }
}
