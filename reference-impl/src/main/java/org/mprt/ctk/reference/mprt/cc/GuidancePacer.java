package org.mprt.ctk.reference.mprt.cc;

import org.mprt.ctk.wire.mprt.MaethFlyweight;

/**
 * Keeps the data a sender puts on a connection within the receiver's guidance (mprt-v0.1.md section
 * 12, MPRT-RECV-003): a token bucket that fills at the guidance rate and holds at most
 * g x GUIDANCE_WINDOW x GUIDANCE_TOLERANCE plus one full-size data packet, so that over any
 * GUIDANCE_WINDOW the bytes sent stay within g x GUIDANCE_WINDOW x (1 + GUIDANCE_TOLERANCE) plus
 * one packet. Bytes are IP lengths, retransmissions and re-sprays included. A lower guidance takes
 * effect at once (the bucket is cut to its new depth), well within GUIDANCE_REACTION; a higher one
 * is used as soon as it arrives.
 */
public final class GuidancePacer {

    private static final double MBPS_TO_BYTES_PER_NS = 1.0 / 8_000;

    private final long windowNs;
    private final double tolerance;
    private final int fullPacketBytes;
    private long guidanceMbps = MaethFlyweight.GUIDANCE_NO_LIMIT;
    private double rateBytesPerNs;
    private double depthBytes;
    private double tokensBytes;
    private long refilledAtNs;

    /** @param fullPacketBytes IP length of a full-size data packet */
    public GuidancePacer(final long windowNs, final int tolerancePercent, final int fullPacketBytes) {
        this.windowNs = windowNs;
        this.tolerance = tolerancePercent / 100.0;
        this.fullPacketBytes = fullPacketBytes;
    }

    public boolean isLimited() {
        return guidanceMbps != MaethFlyweight.GUIDANCE_NO_LIMIT;
    }

    /** The guidance in force, in Mb/s (0xFFFFFFFF: no limit). */
    public long guidanceMbps() {
        return guidanceMbps;
    }

    /** The guidance in bytes per second, or Long.MAX_VALUE without a limit. */
    public long guidanceBytesPerSecond() {
        return isLimited() ? guidanceMbps * 125_000 : Long.MAX_VALUE;
    }

    /** Applies the guidance of an ACK that just arrived. */
    public void onGuidance(final long mbps, final long nowNs) {
        if (mbps == guidanceMbps || mbps == 0) {
            return;
        }
        refill(nowNs);
        final boolean wasLimited = isLimited();
        guidanceMbps = mbps;
        if (!isLimited()) {
            return;
        }
        rateBytesPerNs = mbps * MBPS_TO_BYTES_PER_NS;
        depthBytes = rateBytesPerNs * windowNs * tolerance + fullPacketBytes;
        tokensBytes = wasLimited ? Math.min(tokensBytes, depthBytes) : depthBytes;
        refilledAtNs = nowNs;
    }

    /** True when a packet of {@code ipBytes} may leave now. */
    public boolean maySend(final int ipBytes, final long nowNs) {
        if (!isLimited()) {
            return true;
        }
        refill(nowNs);
        return tokensBytes >= ipBytes;
    }

    /** The earliest time a packet of {@code ipBytes} may leave. */
    public long readyAtNs(final int ipBytes, final long nowNs) {
        if (maySend(ipBytes, nowNs)) {
            return nowNs;
        }
        return nowNs + (long) Math.ceil((ipBytes - tokensBytes) / rateBytesPerNs);
    }

    public void onSent(final int ipBytes, final long nowNs) {
        if (isLimited()) {
            refill(nowNs);
            tokensBytes -= ipBytes;
        }
    }

    private void refill(final long nowNs) {
        if (nowNs > refilledAtNs) {
            tokensBytes = Math.min(depthBytes, tokensBytes + (nowNs - refilledAtNs) * rateBytesPerNs);
            refilledAtNs = nowNs;
        }
    }
}
