package org.mprt.ctk.reference.mprt.sack;

import org.mprt.ctk.reference.attachment.Deadline;
import org.mprt.ctk.reference.attachment.TimerService;

/**
 * The receiver's state for one path of the peer's sending direction: the receive window, what the
 * next ACK must report (ECN echo, echo_timestamp) and what triggers it (mprt-v0.1.md sections 8.2,
 * 11.3): packets since the last ACK, the oldest arrival not yet reported, the coalescing timer.
 */
public final class ReceivePath {

    private static final int CE_COUNT_MAX = 0xFFFF;

    private final int pathId;
    private final int planeIndex;
    private final ReceiveWindow window = new ReceiveWindow();
    private final Deadline coalesceTimer;
    private int udpSourcePort;
    private int packetsSinceAck;
    private int ceCountSinceAck;
    private long echoTimestamp;
    private boolean unreported;
    private long oldestUnreportedArrivalNs;
    private long lastDataArrivalNs = Long.MIN_VALUE;

    public ReceivePath(final int pathId, final int planeIndex, final int udpSourcePort, final TimerService timers,
                       final Runnable onCoalesceTimer) {
        this.pathId = pathId;
        this.planeIndex = planeIndex;
        this.udpSourcePort = udpSourcePort;
        this.coalesceTimer = new Deadline(timers, onCoalesceTimer);
    }

    public int pathId() {
        return pathId;
    }

    public int planeIndex() {
        return planeIndex;
    }

    public ReceiveWindow window() {
        return window;
    }

    /** The UDP source port ACKs for this path carry: the entropy of the path's latest data packet. */
    public int udpSourcePort() {
        return udpSourcePort;
    }

    /** Counts a data packet of this path that got past the connection checks (MPRT-CC-005 counts all of them). */
    public void onDataArrival(final int sourcePort, final boolean congestionExperienced, final long nowNs) {
        udpSourcePort = sourcePort;
        lastDataArrivalNs = nowNs;
        if (congestionExperienced && ceCountSinceAck < CE_COUNT_MAX) {
            ceCountSinceAck++;
        }
    }

    /** Records an accepted (or duplicate) packet that the next ACK reports. */
    public void onAccepted(final long txTimestamp, final long nowNs) {
        echoTimestamp = txTimestamp;
        packetsSinceAck++;
        if (!unreported) {
            unreported = true;
            oldestUnreportedArrivalNs = nowNs;
        }
    }

    public int packetsSinceAck() {
        return packetsSinceAck;
    }

    public int ceCountSinceAck() {
        return ceCountSinceAck;
    }

    public long echoTimestamp() {
        return echoTimestamp;
    }

    public boolean hasUnreported() {
        return unreported;
    }

    public long lastDataArrivalNs() {
        return lastDataArrivalNs;
    }

    /** Arms the coalescing timer for ACK_COALESCE_DELAY after the oldest unreported arrival (MPRT-SACK-007). */
    public void armCoalescing(final long coalesceDelayNs) {
        if (unreported) {
            coalesceTimer.armNoLaterThan(oldestUnreportedArrivalNs + coalesceDelayNs);
        }
    }

    /** Forgets what the ACK just sent reported. */
    public void onAckSent() {
        packetsSinceAck = 0;
        ceCountSinceAck = 0;
        unreported = false;
        coalesceTimer.cancel();
    }

    public void stopTimers() {
        coalesceTimer.cancel();
    }
}
