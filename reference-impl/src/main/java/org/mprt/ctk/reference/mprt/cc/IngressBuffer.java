package org.mprt.ctk.reference.mprt.cc;

/**
 * The receive buffer between a node's ports and its host (section 12, "buffer occupancy"): data
 * packets fill it and the host drains it at a fixed rate. With no drain rate set the host keeps up
 * with any port and the buffer stays empty.
 */
public final class IngressBuffer {

    private static final double NS_PER_SECOND = 1e9;

    private final double drainBytesPerNs;
    private double occupancyBytes;
    private long updatedAtNs;

    /** @param drainRateBps the host's ingest rate; 0 or less means unlimited */
    public IngressBuffer(final long drainRateBps) {
        this.drainBytesPerNs = drainRateBps <= 0 ? 0 : drainRateBps / 8.0 / NS_PER_SECOND;
    }

    public void onArrival(final int bytes, final long nowNs) {
        if (drainBytesPerNs == 0) {
            return;
        }
        drain(nowNs);
        occupancyBytes += bytes;
    }

    public long occupancyBytes(final long nowNs) {
        if (drainBytesPerNs == 0) {
            return 0;
        }
        drain(nowNs);
        return (long) occupancyBytes;
    }

    private void drain(final long nowNs) {
        if (nowNs > updatedAtNs) {
            occupancyBytes = Math.max(0, occupancyBytes - (nowNs - updatedAtNs) * drainBytesPerNs);
            updatedAtNs = nowNs;
        }
    }
}
