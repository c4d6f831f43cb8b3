package org.mprt.ctk.reference.mprt;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.mprt.ctk.reference.attachment.Deadline;
import org.mprt.ctk.reference.attachment.PlaneLink;
import org.mprt.ctk.reference.attachment.PortPacer;
import org.mprt.ctk.reference.attachment.TimerService;
import org.mprt.ctk.reference.mprt.cc.CongestionWindow;
import org.mprt.ctk.reference.mprt.cc.GuidancePacer;
import org.mprt.ctk.reference.mprt.path.PathSelector;
import org.mprt.ctk.reference.mprt.path.RttEstimator;
import org.mprt.ctk.reference.mprt.path.SenderPath;
import org.mprt.ctk.reference.mprt.path.SentPacket;
import org.mprt.ctk.reference.mprt.stream.OutboundMessage;
import org.mprt.ctk.reference.mprt.stream.OutboundStreams;
import org.mprt.ctk.reference.mprt.stream.Segment;
import org.mprt.ctk.reference.mprt.wire.MprtFrameWriter;
import org.mprt.ctk.reference.verbs.CompletionStatus;
import org.mprt.ctk.reference.verbs.MemoryRegion;
import org.mprt.ctk.reference.verbs.PathSpec;
import org.mprt.ctk.reference.verbs.WorkOpcode;
import org.mprt.ctk.wire.decode.DecodedPacket;
import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * The sending direction of a connection: what leaves, when and on which path. Each time it runs
 * ({@link #pump}) it sends, in this order of priority (sections 9.3, 10.3, 10.5): retransmissions
 * on the path that lost them, re-sprayed data of FAILED paths, then new data sprayed over the
 * ACTIVE paths with room, each packet within the path's send window and cwnd, the connection's
 * window, the guidance and the port's line rate.
 */
public final class MprtSender {

    /** A data packet every this many new packets on a path skips a PSN under Deviation.SKIP_PSN. */
    private static final int SKIP_PSN_EVERY = 64;
    private static final double NS_PER_SECOND = 1e9;
    /** Section 11.1's connection window is twice the guidance over the smallest SRTT: G reached while queues double the round trip. */
    private static final double GUIDANCE_WINDOW_GAIN = 2;

    private final MprtConnection connection;
    private final MprtNode node;
    private final MprtConfig config;
    private final TimerService timers;
    private final DataPacketWriter dataPackets;
    private final SenderPath[] paths;
    private final OutboundStreams streams;
    private final ArrayDeque<Segment> respray = new ArrayDeque<>();
    private final GuidancePacer pacer;
    private final PathSelector selector = new PathSelector();
    private final PathSupervisor supervisor;
    private final SenderFeedback feedback;
    private final Deadline pumpTimer;
    private final boolean[] candidates;
    private final boolean[] retransmissionDue;
    private final List<OutboundMessage> completed = new ArrayList<>();
    private final int pmtuBytes;
    private final boolean obeyGuidance;
    private boolean pumping;
    private long wakeAtNs;

    MprtSender(final MprtConnection connection) {
        this.connection = connection;
        this.node = connection.node();
        this.config = node.config();
        this.timers = node.timers();
        this.dataPackets = new DataPacketWriter(connection);
        this.pmtuBytes = connection.pmtuBytes();
        this.streams = new OutboundStreams(connection.streamCount(), pmtuBytes);
        this.supervisor = new PathSupervisor(this, connection);
        this.paths = createPaths(connection.localDescriptor().paths());
        this.candidates = new boolean[paths.length];
        this.retransmissionDue = new boolean[paths.length];
        this.pumpTimer = new Deadline(timers, this::pump);
        final PlaneLink anyLink = connection.link(paths[0].planeIndex());
        this.pacer = new GuidancePacer(config.guidanceWindowNs(), config.guidanceTolerancePercent(),
            MprtFrameWriter.dataDatagramBytes(anyLink.localIp().kind(), pmtuBytes));
        // Deviation.EXCEED_GUIDANCE: neither the pacer nor the 2 x G x SRTT connection window applies (MPRT-RECV-003).
        this.obeyGuidance = !config.deviates(Deviation.EXCEED_GUIDANCE);
        this.feedback = new SenderFeedback(this, connection);
    }

    /** The sender's state of path {@code pathId} (for tests and diagnostics). */
    public SenderPath path(final int pathId) {
        return paths[pathId];
    }

    public int pathCount() {
        return paths.length;
    }

    public GuidancePacer pacer() {
        return pacer;
    }

    /** Segments of FAILED paths waiting to be re-sprayed. */
    public int resprayBacklog() {
        return respray.size();
    }

    void post(final WorkOpcode opcode, final long wrId, final int streamId, final MemoryRegion local, final long localOffset,
              final int lengthBytes, final long remoteAddress, final long rkey) {
        streams.post(opcode, wrId, streamId, local, localOffset, lengthBytes, remoteAddress, rkey);
        // Posting never sends synchronously: the packets leave when the endpoint next runs, at this same time.
        pumpTimer.armNoLaterThan(timers.nowNs());
    }

    void onAck(final DecodedPacket packet) {
        feedback.onAck(packet);
    }

    void onNak(final DecodedPacket packet) {
        feedback.onNak(packet);
    }

    void onProbeReply(final DecodedPacket packet) {
        feedback.onProbeReply(packet);
    }

    /** Sends everything that may leave now, and arms a wake-up for what waits on time. */
    void pump() {
        if (pumping || !connection.isReady()) {
            return;
        }
        pumping = true;
        try {
            final long nowNs = timers.nowNs();
            wakeAtNs = Long.MAX_VALUE;
            boolean moved = true;
            while (moved) {
                moved = sendRetransmissions(nowNs);
                if (!respray.isEmpty()) {
                    moved |= sendRespray(nowNs);
                } else {
                    moved |= sendNewData(nowNs);
                }
            }
            if (wakeAtNs != Long.MAX_VALUE) {
                pumpTimer.armNoLaterThan(Math.max(wakeAtNs, nowNs));
            }
        } finally {
            pumping = false;
        }
    }

    /** Queues the data of an abandoned packet for re-spray (section 10.5). */
    void respray(final Segment segment) {
        if (!segment.isAcknowledged()) {
            respray.addLast(segment);
        }
    }

    /** A segment was acknowledged: completes, in MSN order, the messages of its stream that are done. */
    void onSegmentAcknowledged(final Segment segment) {
        if (!segment.acknowledge()) {
            return;
        }
        streams.collectCompleted(segment.message().streamId(), completed);
        for (final OutboundMessage message : completed) {
            connection.complete(message.wrId(), message.opcode(), CompletionStatus.SUCCESS, message.lengthBytes(),
                message.streamId(), message.msn());
        }
        completed.clear();
    }

    void requestPumpAt(final long whenNs) {
        pumpTimer.armNoLaterThan(whenNs);
    }

    PathSupervisor supervisor() {
        return supervisor;
    }

    SenderPath[] paths() {
        return paths;
    }

    void stop() {
        pumpTimer.cancel();
        for (final SenderPath path : paths) {
            path.stopTimers();
        }
    }

    /** Completes every outstanding work request in error; the one (stream, MSN) names gets {@code status}. */
    void flush(final CompletionStatus status, final int streamId, final long msn) {
        respray.clear();
        for (final OutboundMessage message : streams.drainIncomplete()) {
            final boolean named = message.streamId() == streamId && message.msn() == msn;
            connection.complete(message.wrId(), message.opcode(), named ? status : CompletionStatus.WORK_REQUEST_FLUSHED,
                message.lengthBytes(), message.streamId(), message.msn());
        }
    }

    private SenderPath[] createPaths(final List<PathSpec> specs) {
        final SenderPath[] created = new SenderPath[specs.size()];
        final long pmtu = pmtuBytes;
        for (int i = 0; i < created.length; i++) {
            final int pathId = i;
            final RttEstimator rtt = new RttEstimator(config.rtoInitNs(), config.rtoMinNs(), config.rtoMaxNs());
            final CongestionWindow window = new CongestionWindow(config.initCwndPmtu() * pmtu, config.minCwndPmtu() * pmtu,
                config.aiStepPmtu() * pmtu, config.mdFactor(), MprtConfig.SACK_WINDOW_PSNS * pmtu);
            created[i] = new SenderPath(i, specs.get(i).planeIndex(), specs.get(i).udpSourcePort(), rtt, window,
                new Deadline(timers, () -> supervisor.onRtoExpiry(paths[pathId])),
                new Deadline(timers, () -> supervisor.onProbeInterval(paths[pathId])),
                new Deadline(timers, () -> supervisor.onProbeTimeout(paths[pathId])));
        }
        return created;
    }

    // Section 9.3: a lost packet goes again on its own path, same PSN, R = 1, before new data there.
    private boolean sendRetransmissions(final long nowNs) {
        boolean moved = false;
        for (int i = 0; i < paths.length; i++) {
            final SenderPath path = paths[i];
            final SentPacket packet = path.scoreboard().nextDueRetransmission(nowNs);
            retransmissionDue[i] = packet != null;
            if (packet == null) {
                noteRnrRelease(path, nowNs);
                continue;
            }
            final int bytes = packet.segment().lengthBytes();
            // An RTO or RNR resend replaces a packet still counted in flight; a SACK-detected loss left the
            // flight, so its retransmission needs cwnd room again (section 11.1).
            final boolean addsToFlight = !packet.isInFlight() && !packet.isAcked();
            if (!portReady(path, nowNs) || !pacerReady(bytes, nowNs) || addsToFlight && !hasCwndRoom(path, bytes)) {
                continue;
            }
            if (addsToFlight) {
                packet.inFlight(true);
                path.addInFlight(bytes);
            }
            packet.segment().holdUntil(Long.MIN_VALUE);
            transmit(path, packet, true, nowNs);
            moved = true;
        }
        return moved;
    }

    // Section 10.5: abandoned data goes out on ACTIVE paths, new PSN, R = 1, before any new data.
    private boolean sendRespray(final long nowNs) {
        final Segment segment = respray.peekFirst();
        if (segment.isAcknowledged()) {
            respray.pollFirst();
            return true;
        }
        if (segment.rnrUntilNs() > nowNs) {
            wakeAt(segment.rnrUntilNs());
            return false;
        }
        final SenderPath path = choosePath(segment.lengthBytes(), nowNs);
        if (path == null) {
            return false;
        }
        respray.pollFirst();
        segment.holdUntil(Long.MIN_VALUE);
        sendOnNewPsn(path, segment, nowNs);
        return true;
    }

    private boolean sendNewData(final long nowNs) {
        final int bytes = streams.peekSegmentLength();
        if (bytes < 0) {
            return false;
        }
        final SenderPath path = choosePath(bytes, nowNs);
        if (path == null) {
            return false;
        }
        sendOnNewPsn(path, streams.cut(), nowNs);
        return true;
    }

    private void sendOnNewPsn(final SenderPath path, final Segment segment, final long nowNs) {
        if (config.deviates(Deviation.SKIP_PSN) && path.newPacketsSent() % SKIP_PSN_EVERY == SKIP_PSN_EVERY - 1) {
            // Deviation.SKIP_PSN: a PSN that is never sent leaves a hole no retransmission fills (MPRT-PATH-001).
            path.scoreboard().append(path.takePsn(), null);
        }
        final SentPacket packet = path.scoreboard().append(path.takePsn(), segment);
        packet.inFlight(true);
        path.addInFlight(segment.lengthBytes());
        transmit(path, packet, false, nowNs);
    }

    /** The path for the next new or re-sprayed packet of {@code bytes}, or null when none may take it now. */
    private SenderPath choosePath(final int bytes, final long nowNs) {
        if (!pacerReady(bytes, nowNs) || !hasConnectionWindowRoom(bytes)) {
            return null;
        }
        boolean any = false;
        for (int i = 0; i < paths.length; i++) {
            final SenderPath path = paths[i];
            candidates[i] = carriesNewData(path) && !retransmissionDue[i] && hasSendWindowRoom(path)
                && hasCwndRoom(path, bytes) && portReady(path, nowNs);
            any |= candidates[i];
        }
        return any ? paths[selector.choose(paths, candidates)] : null;
    }

    private boolean carriesNewData(final SenderPath path) {
        // Deviation.NEW_DATA_ON_FAILED_PATH: any path takes new data, whatever its state (MPRT-PATH-005).
        return path.state().carriesNewData() || config.deviates(Deviation.NEW_DATA_ON_FAILED_PATH);
    }

    private boolean hasSendWindowRoom(final SenderPath path) {
        // Deviation.IGNORE_SEND_WINDOW: only the sender's own memory limits the PSNs outstanding (MPRT-PATH-002).
        final int window = config.deviates(Deviation.IGNORE_SEND_WINDOW) ? SerialNumber.HALF_24 : MprtConfig.SACK_WINDOW_PSNS;
        return path.hasSendWindowRoom(window);
    }

    private boolean hasCwndRoom(final SenderPath path, final int bytes) {
        return path.bytesInFlight() == 0 || path.bytesInFlight() + bytes <= path.window().cwndBytes();
    }

    /** Section 11.1: the connection's bytes in flight stay within min(sum of ACTIVE cwnds, 2 x G x SRTT_min). */
    private boolean hasConnectionWindowRoom(final int bytes) {
        long inFlight = 0;
        long cwndSum = 0;
        long srttMinNs = Long.MAX_VALUE;
        for (final SenderPath path : paths) {
            inFlight += path.bytesInFlight();
            if (path.state().carriesNewData()) {
                cwndSum += path.window().cwndBytes();
                if (path.rtt().hasSample()) {
                    srttMinNs = Math.min(srttMinNs, path.rtt().srttNs());
                }
            }
        }
        long window = cwndSum;
        if (obeyGuidance && pacer.isLimited() && srttMinNs != Long.MAX_VALUE) {
            window = Math.min(window, (long) (GUIDANCE_WINDOW_GAIN * pacer.guidanceBytesPerSecond() * srttMinNs / NS_PER_SECOND));
        }
        return inFlight == 0 || inFlight + bytes <= Math.max(window, pmtuBytes);
    }

    private boolean portReady(final SenderPath path, final long nowNs) {
        final PortPacer port = node.pacer(connection.link(path.planeIndex()).localPortIndex());
        if (port.isFree(nowNs)) {
            return true;
        }
        wakeAt(port.freeAtNs());
        return false;
    }

    private boolean pacerReady(final int bytes, final long nowNs) {
        if (!obeyGuidance) {
            return true;
        }
        final int ipBytes = MprtFrameWriter.dataDatagramBytes(connection.link(paths[0].planeIndex()).localIp().kind(), bytes);
        if (pacer.maySend(ipBytes, nowNs)) {
            return true;
        }
        wakeAt(pacer.readyAtNs(ipBytes, nowNs));
        return false;
    }

    private void noteRnrRelease(final SenderPath path, final long nowNs) {
        final long releaseNs = path.scoreboard().earliestRnrReleaseNs();
        if (releaseNs != Long.MAX_VALUE && releaseNs > nowNs) {
            wakeAt(releaseNs);
        }
    }

    private void wakeAt(final long whenNs) {
        wakeAtNs = Math.min(wakeAtNs, whenNs);
    }

    private void transmit(final SenderPath path, final SentPacket packet, final boolean retransmission, final long nowNs) {
        final Segment segment = packet.segment();
        final PlaneLink link = connection.link(path.planeIndex());
        final boolean ackReq = retransmission || path.isLastInSendWindow(packet.psn(), MprtConfig.SACK_WINDOW_PSNS)
            || path.bytesInFlight() >= path.window().cwndBytes() || respray.isEmpty() && !streams.hasUncut();
        node.transmit(link.localPortIndex(), dataPackets.write(path, packet, ackReq, nowNs));
        if (obeyGuidance) {
            pacer.onSent(MprtFrameWriter.dataDatagramBytes(link.localIp().kind(), segment.lengthBytes()), nowNs);
        }
        // Data at a PSN the path has not carried, new or re-sprayed onto it once readmitted, ends its PROBEs
        // (MPRT-FAIL-005): a PROBE after it would make the receiver abandon that PSN were it lost.
        if (!retransmission && path.isProbingUntilNewData()) {
            path.probingUntilNewData(false);
        }
        segment.onTransmitted();
        packet.onTransmitted(nowNs, path.nextPsn());
        supervisor.onDataSent(path, nowNs);
    }
}
