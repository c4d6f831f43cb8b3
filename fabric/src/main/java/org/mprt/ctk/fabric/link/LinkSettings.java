package org.mprt.ctk.fabric.link;

import org.mprt.ctk.fabric.queue.EcnProfile;
import org.mprt.ctk.fabric.queue.EgressQueue;

/**
 * The physical settings of one link direction: the rate its egress queue serialises at, the
 * propagation delay of the cable, the queue's buffer and ECN profile, and the per-frame wire
 * overhead (see {@link EgressQueue}).
 */
public record LinkSettings(
    long rateBps, long propagationDelayNs, long bufferBytes, EcnProfile ecn, int wireOverheadBytes) {

    public static final long DEFAULT_RATE_BPS = 100_000_000_000L;
    /** About 100 m of fibre. */
    public static final long DEFAULT_PROPAGATION_DELAY_NS = 500;
    public static final long DEFAULT_BUFFER_BYTES = 1L << 20;

    public static final LinkSettings DEFAULT = new LinkSettings(DEFAULT_RATE_BPS, DEFAULT_PROPAGATION_DELAY_NS,
        DEFAULT_BUFFER_BYTES, EcnProfile.DEFAULT, EgressQueue.ETHERNET_WIRE_OVERHEAD_BYTES);

    public LinkSettings {
        if (rateBps <= 0 || propagationDelayNs < 0 || bufferBytes <= 0 || wireOverheadBytes < 0 || ecn == null) {
            throw new IllegalArgumentException("invalid link settings: rate " + rateBps + " b/s, propagation "
                + propagationDelayNs + " ns, buffer " + bufferBytes + " bytes, overhead " + wireOverheadBytes
                + " bytes, ecn " + ecn);
        }
    }

    public LinkSettings withRateBps(final long value) {
        return new LinkSettings(value, propagationDelayNs, bufferBytes, ecn, wireOverheadBytes);
    }

    public LinkSettings withPropagationDelayNs(final long value) {
        return new LinkSettings(rateBps, value, bufferBytes, ecn, wireOverheadBytes);
    }

    public LinkSettings withBufferBytes(final long value) {
        return new LinkSettings(rateBps, propagationDelayNs, value, ecn, wireOverheadBytes);
    }

    public LinkSettings withEcn(final EcnProfile value) {
        return new LinkSettings(rateBps, propagationDelayNs, bufferBytes, value, wireOverheadBytes);
    }

    public LinkSettings withWireOverheadBytes(final int value) {
        return new LinkSettings(rateBps, propagationDelayNs, bufferBytes, ecn, value);
    }
}
