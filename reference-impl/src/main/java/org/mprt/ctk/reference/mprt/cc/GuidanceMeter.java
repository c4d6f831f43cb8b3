package org.mprt.ctk.reference.mprt.cc;

import java.util.Arrays;
import org.mprt.ctk.wire.mprt.MaethFlyweight;

/**
 * The receiver's bandwidth guidance (mprt-v0.1.md section 12, MPRT-RECV-001, MPRT-RECV-002): for a
 * connection, R / N in Mb/s, where R is the sum of the line rates of the node's ports that carry
 * the connection's paths and N the number of connections that sent data packets to those ports
 * during the last GUIDANCE_WINDOW; lowered further in proportion when the ingress buffer is over
 * its threshold; no limit (0xFFFFFFFF) when N is at most 1 and the buffer is below the threshold;
 * never 0.
 */
public final class GuidanceMeter {

    private static final long BPS_PER_MBPS = 1_000_000;
    private static final long LARGEST_LIMIT_MBPS = MaethFlyweight.GUIDANCE_NO_LIMIT - 1;

    private final long[] portRatesBps;
    private final long windowNs;
    private final long bufferThresholdBytes;
    private final IngressBuffer ingress;
    private long[][] lastArrivalNs = new long[0][];

    public GuidanceMeter(final long[] portRatesBps, final long windowNs, final long bufferThresholdBytes,
                         final IngressBuffer ingress) {
        this.portRatesBps = portRatesBps.clone();
        this.windowNs = windowNs;
        this.bufferThresholdBytes = bufferThresholdBytes;
        this.ingress = ingress;
    }

    /** Makes room for connection slot {@code slot} (slots are never reused while the node runs). */
    public void addSlot(final int slot) {
        if (slot >= lastArrivalNs.length) {
            lastArrivalNs = Arrays.copyOf(lastArrivalNs, slot + 1);
        }
        final long[] stamps = new long[portRatesBps.length];
        Arrays.fill(stamps, Long.MIN_VALUE);
        lastArrivalNs[slot] = stamps;
    }

    /** Forgets a torn-down connection. */
    public void removeSlot(final int slot) {
        lastArrivalNs[slot] = null;
    }

    /** A data packet of connection {@code slot} arrived on {@code portIndex}. */
    public void onDataArrival(final int slot, final int portIndex, final int ipBytes, final long nowNs) {
        lastArrivalNs[slot][portIndex] = nowNs;
        ingress.onArrival(ipBytes, nowNs);
    }

    /** The guidance_rate_mbps for connection {@code slot}, whose paths arrive on {@code portIndexes}. */
    public long guidanceMbps(final int[] portIndexes, final long nowNs) {
        final int senders = activeSenders(portIndexes, nowNs);
        final long occupancy = ingress.occupancyBytes(nowNs);
        final boolean bufferOver = occupancy > bufferThresholdBytes;
        if (senders <= 1 && !bufferOver) {
            return MaethFlyweight.GUIDANCE_NO_LIMIT;
        }
        long rateBps = 0;
        for (final int port : portIndexes) {
            rateBps += portRatesBps[port];
        }
        double shareMbps = (double) rateBps / BPS_PER_MBPS / Math.max(1, senders);
        if (bufferOver) {
            shareMbps = shareMbps * bufferThresholdBytes / occupancy;
        }
        return Math.max(1, Math.min(LARGEST_LIMIT_MBPS, (long) shareMbps));
    }

    private int activeSenders(final int[] portIndexes, final long nowNs) {
        int senders = 0;
        for (final long[] stamps : lastArrivalNs) {
            if (stamps != null && sentRecently(stamps, portIndexes, nowNs)) {
                senders++;
            }
        }
        return senders;
    }

    private boolean sentRecently(final long[] stamps, final int[] portIndexes, final long nowNs) {
        for (final int port : portIndexes) {
            if (stamps[port] != Long.MIN_VALUE && nowNs - stamps[port] <= windowNs) {
                return true;
            }
        }
        return false;
    }
}
