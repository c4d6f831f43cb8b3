package org.mprt.ctk.reference.mprt.path;

import org.mprt.ctk.reference.attachment.Deadline;
import org.mprt.ctk.reference.mprt.cc.CongestionWindow;
import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * Everything a sender keeps for one path (mprt-v0.1.md section 10.2): state, next PSN, highest
 * learnt cack, the unacknowledged packets, RTT estimate and RTO, the retransmission timer and its
 * count of consecutive expiries, cwnd and ECN fraction, bytes in flight, and the PROBE bookkeeping.
 */
public final class SenderPath {

    private final int pathId;
    private final int planeIndex;
    private final Scoreboard scoreboard = new Scoreboard();
    private final RttEstimator rtt;
    private final CongestionWindow window;
    private final ProbeTracker probes = new ProbeTracker();
    private final Deadline rtoTimer;
    private final Deadline probeTimer;
    private final Deadline probeTimeout;
    private int udpSourcePort;
    private PathState state = PathState.ACTIVE;
    private int nextPsn;
    private int learntCack = SerialNumber.MASK_24;
    private long bytesInFlight;
    private int expiryCount;
    private long rtoTimerStartNs;
    private long lastEchoTimestamp = -1;
    private int probeSequence;
    private long newPacketsSent;
    private boolean probingUntilNewData;

    public SenderPath(final int pathId, final int planeIndex, final int udpSourcePort, final RttEstimator rtt,
                      final CongestionWindow window, final Deadline rtoTimer, final Deadline probeTimer,
                      final Deadline probeTimeout) {
        this.pathId = pathId;
        this.planeIndex = planeIndex;
        this.udpSourcePort = udpSourcePort;
        this.rtt = rtt;
        this.window = window;
        this.rtoTimer = rtoTimer;
        this.probeTimer = probeTimer;
        this.probeTimeout = probeTimeout;
    }

    public int pathId() {
        return pathId;
    }

    public int planeIndex() {
        return planeIndex;
    }

    public int udpSourcePort() {
        return udpSourcePort;
    }

    /** A new entropy value; allowed only while the path has nothing unacknowledged (MPRT-WIRE-002). */
    public void udpSourcePort(final int port) {
        if (scoreboard.hasUnacked()) {
            throw new IllegalStateException("path " + pathId + " changes entropy with packets unacknowledged");
        }
        udpSourcePort = port;
    }

    public PathState state() {
        return state;
    }

    public void state(final PathState next) {
        state = next;
    }

    public Scoreboard scoreboard() {
        return scoreboard;
    }

    public RttEstimator rtt() {
        return rtt;
    }

    public CongestionWindow window() {
        return window;
    }

    public ProbeTracker probes() {
        return probes;
    }

    public Deadline rtoTimer() {
        return rtoTimer;
    }

    public Deadline probeTimer() {
        return probeTimer;
    }

    public Deadline probeTimeout() {
        return probeTimeout;
    }

    /** The PSN the next new packet (or re-spray) on this path takes; also a PROBE's BTH.PSN. */
    public int nextPsn() {
        return nextPsn;
    }

    /** Consumes the next PSN. */
    public int takePsn() {
        final int psn = nextPsn;
        nextPsn = SerialNumber.add24(nextPsn, 1);
        newPacketsSent++;
        return psn;
    }

    /** Data packets sent on this path under a new PSN (new data or re-spray), over the connection's life. */
    public long newPacketsSent() {
        return newPacketsSent;
    }

    public int learntCack() {
        return learntCack;
    }

    /**
     * Learns a cumulative PSN from an ACK (BTH.PSN) or a PROBE_REPLY (BTH.PSN - 1, section 4.5); keeps the
     * highest, and never one beyond the last PSN sent.
     */
    public void learnCack(final int cack) {
        final int lastSent = SerialNumber.add24(nextPsn, -1);
        if (SerialNumber.precedes24(learntCack, cack) && SerialNumber.precedesOrEquals24(cack, lastSent)) {
            learntCack = cack;
        }
    }

    /** True when the next PSN follows the learnt cack by at most {@code windowPsns} (MPRT-PATH-002). */
    public boolean hasSendWindowRoom(final int windowPsns) {
        return SerialNumber.distance24(learntCack, nextPsn) <= windowPsns && !scoreboard.isFull();
    }

    /** True when the next PSN is the last the 256-PSN send window allows (MPRT-SACK-008). */
    public boolean isLastInSendWindow(final int psn, final int windowPsns) {
        return SerialNumber.distance24(learntCack, psn) == windowPsns;
    }

    public long bytesInFlight() {
        return bytesInFlight;
    }

    public void addInFlight(final long bytes) {
        bytesInFlight += bytes;
    }

    public void clearInFlight() {
        bytesInFlight = 0;
    }

    public int expiryCount() {
        return expiryCount;
    }

    public int countExpiry() {
        return ++expiryCount;
    }

    public void resetExpiries() {
        expiryCount = 0;
    }

    public long rtoTimerStartNs() {
        return rtoTimerStartNs;
    }

    /** (Re)starts the retransmission timer at {@code nowNs} with the current RTO (section 9.2). */
    public void restartRtoTimer(final long nowNs) {
        rtoTimerStartNs = nowNs;
        rtoTimer.armAt(nowNs + rtt.rtoNs());
    }

    /** Returns true when {@code echoTimestamp} differs from the last one this path saw: a new RTT sample. */
    public boolean isNewEcho(final long echoTimestamp) {
        if (echoTimestamp == lastEchoTimestamp) {
            return false;
        }
        lastEchoTimestamp = echoTimestamp;
        return true;
    }

    /** Probe ids are consecutive per path so that "consecutive PROBEs" can be told from their ids. */
    public long takeProbeId() {
        final long id = (long) pathId << 24 | probeSequence;
        probeSequence = (probeSequence + 1) & SerialNumber.MASK_24;
        return id;
    }

    /**
     * True from a failure until the path carries new data again: MPRT-FAIL-005 wants PROBEs on it all that
     * time, so a readmitted path that has no data to carry yet goes on being probed.
     */
    public boolean isProbingUntilNewData() {
        return probingUntilNewData;
    }

    public void probingUntilNewData(final boolean probing) {
        probingUntilNewData = probing;
        if (!probing) {
            probeTimer.cancel();
        }
    }

    public void stopTimers() {
        rtoTimer.cancel();
        probeTimer.cancel();
        probeTimeout.cancel();
    }

    @Override
    public String toString() {
        return "path " + pathId + " " + state + " nextPsn=" + nextPsn + " cack=" + learntCack + " inFlight="
            + bytesInFlight + " cwnd=" + window.cwndBytes();
    }
}
