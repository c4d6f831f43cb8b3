package org.mprt.ctk.fabric.queue;

/**
 * RED-like ECN marking on the instantaneous queue (the profile switches use for DCQCN and
 * DCTCP): with {@code q} bytes queued when a packet arrives, the marking probability is 0 up to
 * {@code kminBytes}, rises linearly to {@code pmax} at {@code kmaxBytes}, and is 1 above.
 */
public record EcnProfile(long kminBytes, long kmaxBytes, double pmax) {

    /** Never marks: a NIC's transmit queue, or a switch with ECN off. */
    public static final EcnProfile DISABLED = new EcnProfile(Long.MAX_VALUE, Long.MAX_VALUE, 0);

    /** 100 KB / 400 KB / 0.2, a common starting point for 100 Gb/s ports. */
    public static final EcnProfile DEFAULT = new EcnProfile(100_000, 400_000, 0.2);

    public EcnProfile {
        if (kminBytes < 0 || kmaxBytes < kminBytes) {
            throw new IllegalArgumentException("need 0 <= kmin <= kmax, got kmin " + kminBytes + " kmax " + kmaxBytes);
        }
        if (!(pmax >= 0 && pmax <= 1)) {
            throw new IllegalArgumentException("pmax " + pmax + " outside [0, 1]");
        }
    }

    /** Marking probability with {@code queuedBytes} ahead of the arriving packet. */
    public double markingProbability(final long queuedBytes) {
        if (queuedBytes <= kminBytes) {
            return 0;
        }
        if (queuedBytes > kmaxBytes) {
            return 1;
        }
        return pmax * (queuedBytes - kminBytes) / (double) (kmaxBytes - kminBytes);
    }
}
