package org.mprt.ctk.reference.mprt;

import org.mprt.ctk.reference.attachment.PlaneLink;
import org.mprt.ctk.reference.attachment.TimerService;
import org.mprt.ctk.reference.mprt.path.PathState;
import org.mprt.ctk.reference.mprt.path.SenderPath;
import org.mprt.ctk.reference.mprt.path.SentPacket;
import org.mprt.ctk.reference.verbs.PathSpec;
import org.mprt.ctk.wire.encode.FrameEncoder;
import org.mprt.ctk.wire.opcode.OpcodeTable;
import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * The path state machine of mprt-v0.1.md section 10.4 and the retransmission timer of section 9.2:
 * RTO expiries (ACTIVE to SUSPECT, SUSPECT to FAILED at the FAIL_RTO_COUNT-th), abandonment and
 * re-spray (section 10.5), PROBEs every PROBE_INTERVAL, PROBE_TIMEOUT, and readmission after
 * READMIT_PROBES consecutive replies (section 10.6).
 */
final class PathSupervisor {

    private static final int FIRST_ENTROPY_PORT = 0xC000;
    private static final int ENTROPY_PORTS = 0x4000;

    private final MprtSender sender;
    private final MprtConnection connection;
    private final MprtConfig config;
    private final TimerService timers;

    PathSupervisor(final MprtSender sender, final MprtConnection connection) {
        this.sender = sender;
        this.connection = connection;
        this.config = connection.node().config();
        this.timers = connection.node().timers();
    }

    /** The timer starts when a data packet is sent on a path that had none unacknowledged. */
    void onDataSent(final SenderPath path, final long nowNs) {
        if (!path.rtoTimer().isArmed()) {
            path.restartRtoTimer(nowNs);
        }
    }

    /** ACK progress: back-off ends, expiries are forgotten, a SUSPECT path is ACTIVE again. */
    void onAckProgress(final SenderPath path, final long nowNs) {
        path.resetExpiries();
        path.rtt().recompute();
        if (path.state() == PathState.SUSPECT) {
            path.state(PathState.ACTIVE);
        }
        restartOrStop(path, nowNs);
    }

    /** Any NAK for the path shows it delivers packets: the timer restarts. */
    void onNak(final SenderPath path, final long nowNs) {
        restartOrStop(path, nowNs);
    }

    void onRtoExpiry(final SenderPath path) {
        if (!connection.isReady() || path.state().isAbandoned()) {
            return;
        }
        final long nowNs = timers.nowNs();
        final SentPacket oldest = path.scoreboard().oldestUnacked();
        if (oldest == null) {
            restartOrStop(path, nowNs);
            return;
        }
        // MPRT-LOSS-005: never earlier than the RTO after the packet's own latest transmission.
        final long dueNs = Math.max(path.rtoTimerStartNs(), oldest.lastTxNs()) + path.rtt().rtoNs();
        if (dueNs > nowNs) {
            path.rtoTimer().armAt(dueNs);
            return;
        }
        path.rtt().backOff();
        if (path.countExpiry() >= config.failRtoCount()) {
            fail(path, nowNs);
        } else {
            path.state(PathState.SUSPECT);
            oldest.markRtoRetransmit();
            path.restartRtoTimer(nowNs);
        }
        sender.pump();
    }

    void onProbeInterval(final SenderPath path) {
        if (!connection.isReady() || !path.isProbingUntilNewData()) {
            return;
        }
        final long nowNs = timers.nowNs();
        sendProbe(path, nowNs);
        path.probeTimer().armAt(nowNs + config.probeIntervalNs());
        if (path.state() == PathState.PROBING) {
            armProbeTimeout(path);
        }
    }

    void onProbeTimeout(final SenderPath path) {
        if (!connection.isReady() || path.state() != PathState.PROBING) {
            return;
        }
        final long nowNs = timers.nowNs();
        if (path.probes().oldestUnansweredSentNs() + config.probeTimeoutNs() <= nowNs) {
            path.state(PathState.FAILED);
            path.probes().resetCount();
        } else {
            armProbeTimeout(path);
        }
    }

    void onProbeReply(final SenderPath path, final long probeId, final long txTimestamp, final long nowNs) {
        if (!path.state().isAbandoned() || !path.probes().onReply(probeId, nowNs, config.probeTimeoutNs())) {
            return;
        }
        if (path.state() == PathState.FAILED) {
            path.state(PathState.PROBING);
            path.probes().forgetBefore(probeId);
            path.rtt().restart();
        }
        final long sampleNs = (nowNs - txTimestamp) & SerialNumber.MASK_32;
        if (sampleNs < SerialNumber.HALF_32) {
            path.rtt().onSample(sampleNs);
        }
        if (path.probes().consecutiveReplies() >= config.readmitProbes()) {
            readmit(path);
            sender.pump();
        } else {
            armProbeTimeout(path);
        }
    }

    /**
     * The FAIL_RTO_COUNT-th consecutive expiry: the path's unacknowledged PSNs are abandoned and their data
     * re-sprayed at once on ACTIVE paths, before new data; probing starts.
     */
    private void fail(final SenderPath path, final long nowNs) {
        path.state(PathState.FAILED);
        path.rtoTimer().cancel();
        path.scoreboard().abandonAll(packet -> {
            // Deviation.NO_RESPRAY: abandoned data is dropped instead of re-sprayed (MPRT-FAIL-002).
            if (!config.deviates(Deviation.NO_RESPRAY)) {
                sender.respray(packet.segment());
            }
        });
        path.clearInFlight();
        path.probes().resetCount();
        path.probingUntilNewData(true);
        if (config.newEntropyOnFailure()) {
            path.udpSourcePort(freshEntropy(path));
        }
        path.probeTimer().armAt(nowNs + config.probeIntervalNs());
    }

    /**
     * READMIT_PROBES consecutive replies: ACTIVE again, cwnd INIT_CWND, PSNs go on at the probed PSN. The
     * PROBEs go on until the path carries data at a PSN it has not carried (MPRT-FAIL-005); their replies
     * no longer count.
     */
    private void readmit(final SenderPath path) {
        path.state(PathState.ACTIVE);
        path.window().reset();
        path.resetExpiries();
        path.rtt().recompute();
        path.probeTimeout().cancel();
        path.probes().resetCount();
    }

    private void sendProbe(final SenderPath path, final long nowNs) {
        final long probeId = path.takeProbeId();
        final PlaneLink link = connection.link(path.planeIndex());
        final var writer = connection.node().writer();
        final FrameEncoder encoder = writer.beginControl(link, path.udpSourcePort(), OpcodeTable.MPRT_PROBE, 0);
        encoder.bth().destQp(connection.peerConnectionNumber()).psn(path.nextPsn());
        encoder.extensions().mpeth().pathId(path.pathId()).scn(connection.connectionNumber()).probeId(probeId)
            .txTimestamp(nowNs & SerialNumber.MASK_32);
        connection.node().transmit(link.localPortIndex(), writer.finishControl());
        path.probes().onSent(probeId, nowNs);
    }

    private void armProbeTimeout(final SenderPath path) {
        final long oldestNs = path.probes().oldestUnansweredSentNs();
        if (oldestNs == Long.MAX_VALUE) {
            path.probeTimeout().cancel();
        } else {
            path.probeTimeout().armAt(oldestNs + config.probeTimeoutNs());
        }
    }

    private void restartOrStop(final SenderPath path, final long nowNs) {
        if (path.scoreboard().hasUnacked()) {
            path.restartRtoTimer(nowNs);
        } else {
            path.rtoTimer().cancel();
        }
    }

    // MPRT-PATH-004: a new entropy value distinct from those of the other paths on the same plane.
    private int freshEntropy(final SenderPath path) {
        int port;
        do {
            port = FIRST_ENTROPY_PORT + connection.node().random().nextInt(ENTROPY_PORTS);
        } while (isTaken(path, port));
        return port;
    }

    private boolean isTaken(final SenderPath path, final int port) {
        for (final SenderPath other : sender.paths()) {
            if (other != path && other.planeIndex() == path.planeIndex() && other.udpSourcePort() == port) {
                return true;
            }
        }
        for (final PathSpec spec : connection.localDescriptor().paths()) {
            if (spec.planeIndex() == path.planeIndex() && spec.udpSourcePort() == port) {
                return true;
            }
        }
        return false;
    }
}
