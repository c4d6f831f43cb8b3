package org.mprt.ctk.reference.mprt.path;

import org.mprt.ctk.reference.mprt.stream.Segment;

/**
 * A PSN of a path that has been sent and not yet cumulatively acknowledged: which segment it
 * carries and what the sender knows about it. Slots are reused as PSNs go by.
 */
public final class SentPacket {

    private Segment segment;
    private int psn;
    private long lastTxNs;
    private int lossMarkerPsn;
    private boolean acked;
    private boolean lost;
    private boolean rtoRetransmit;
    private boolean inFlight;

    void reset(final int packetPsn, final Segment carried) {
        psn = packetPsn;
        segment = carried;
        lastTxNs = 0;
        lossMarkerPsn = packetPsn;
        acked = false;
        lost = false;
        rtoRetransmit = false;
        inFlight = false;
    }

    public Segment segment() {
        return segment;
    }

    public int psn() {
        return psn;
    }

    public long lastTxNs() {
        return lastTxNs;
    }

    /**
     * The first PSN sent on the path after this packet's latest transmission: a SACK of it or of a
     * later PSN shows this transmission lost (section 9.1), and nothing sent before it can.
     */
    public int lossMarkerPsn() {
        return lossMarkerPsn;
    }

    public void onTransmitted(final long nowNs, final int nextPsnAfter) {
        lastTxNs = nowNs;
        lossMarkerPsn = nextPsnAfter;
        lost = false;
        rtoRetransmit = false;
    }

    /** Acknowledged by a SACK bit (or cumulatively, just before the slot is dropped). */
    public boolean isAcked() {
        return acked;
    }

    /**
     * A SACK that comes after the packet was detected lost or chosen at an RTO expiry (a later ACK that
     * overtook it on another route, say) cancels the retransmission: only data not yet acknowledged is
     * sent again (MPRT-LOSS-004). Only {@link #markLost} after this makes it due again.
     */
    void markAcked() {
        acked = true;
        lost = false;
        rtoRetransmit = false;
    }

    /** Detected lost by SACK and waiting for its retransmission. */
    public boolean isLost() {
        return lost;
    }

    public void markLost() {
        lost = true;
    }

    /** The oldest unacknowledged packet at an RTO expiry, waiting for its retransmission. */
    public boolean isRtoRetransmit() {
        return rtoRetransmit;
    }

    public void markRtoRetransmit() {
        rtoRetransmit = true;
    }

    /** Counted in the path's bytes in flight. */
    public boolean isInFlight() {
        return inFlight;
    }

    public void inFlight(final boolean counted) {
        inFlight = counted;
    }

    /** True when a NAK NO_RECEIVE_BUFFER holds the packet back at {@code nowNs} or it waits to be resent after one. */
    public boolean isRnrHeld() {
        return segment.rnrUntilNs() != Long.MIN_VALUE;
    }

    /** Waiting for a retransmission of any kind that is due at {@code nowNs}. */
    public boolean isRetransmissionDue(final long nowNs) {
        if (acked && !lost) {
            return false;
        }
        if (isRnrHeld()) {
            return segment.rnrUntilNs() <= nowNs;
        }
        return lost || rtoRetransmit;
    }
}
