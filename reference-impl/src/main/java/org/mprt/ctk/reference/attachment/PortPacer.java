package org.mprt.ctk.reference.attachment;

/**
 * Keeps an endpoint from handing one port frames faster than the port's line rate, as a NIC's
 * transmit engine does: a frame occupies the port for its serialisation time. Data packets wait
 * for the port; control packets (ACK, NAK, PROBE) are small and go at once, but they occupy it too.
 */
public final class PortPacer {

    /** Preamble and start delimiter (8), FCS (4) and minimum inter-frame gap (12) per frame. */
    public static final int WIRE_OVERHEAD_BYTES = 24;
    private static final long NS_PER_SECOND = 1_000_000_000L;

    private final long lineRateBps;
    private long busyUntilNs = Long.MIN_VALUE;

    /** A line rate of 0 or less means "not paced". */
    public PortPacer(final long lineRateBps) {
        this.lineRateBps = lineRateBps;
    }

    public boolean isFree(final long nowNs) {
        return lineRateBps <= 0 || nowNs >= busyUntilNs;
    }

    /** The earliest time the port can take the next data frame. */
    public long freeAtNs() {
        return busyUntilNs;
    }

    /** Accounts for a frame of {@code frameBytes} (without FCS) handed to the port at {@code nowNs}. */
    public void occupy(final long nowNs, final int frameBytes) {
        if (lineRateBps <= 0) {
            return;
        }
        final long startNs = Math.max(nowNs, busyUntilNs);
        busyUntilNs = startNs + serialisationNs(frameBytes);
    }

    public long serialisationNs(final int frameBytes) {
        final long bits = (long) (frameBytes + WIRE_OVERHEAD_BYTES) * Byte.SIZE;
        return (bits * NS_PER_SECOND + lineRateBps - 1) / lineRateBps;
    }
}
