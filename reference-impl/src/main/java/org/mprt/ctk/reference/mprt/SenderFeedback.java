package org.mprt.ctk.reference.mprt;

import org.mprt.ctk.reference.attachment.TimerService;
import org.mprt.ctk.reference.mprt.path.SenderPath;
import org.mprt.ctk.reference.mprt.path.SentPacket;
import org.mprt.ctk.reference.mprt.sack.SackBitmap;
import org.mprt.ctk.reference.mprt.path.Scoreboard;
import org.mprt.ctk.wire.decode.DecodedPacket;
import org.mprt.ctk.wire.mprt.MaethFlyweight;
import org.mprt.ctk.wire.mprt.MnethFlyweight;
import org.mprt.ctk.wire.mprt.MpethFlyweight;
import org.mprt.ctk.wire.mprt.MprtNakCode;
import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * What the sender learns from the answers to its packets: ACKs (acknowledged data, RTT samples,
 * ECN echo, loss by SACK, guidance; sections 9.1, 9.2, 11.1, 12), NAKs (section 7.2, 5.3) and
 * PROBE_REPLYs (section 10.6).
 */
final class SenderFeedback implements Scoreboard.AckVisitor {

    private final MprtSender sender;
    private final MprtConnection connection;
    private final MprtConfig config;
    private final TimerService timers;
    private final SackBitmap bitmap = new SackBitmap();
    private final SentPacket[] lost = new SentPacket[Scoreboard.CAPACITY];
    private SenderPath acking;
    private long newlyAckedBytes;

    SenderFeedback(final MprtSender sender, final MprtConnection connection) {
        this.sender = sender;
        this.connection = connection;
        this.config = connection.node().config();
        this.timers = connection.node().timers();
    }

    void onAck(final DecodedPacket packet) {
        final MaethFlyweight maeth = packet.extensions().maeth();
        if (maeth.pathId() >= sender.pathCount()) {
            return;
        }
        final long nowNs = timers.nowNs();
        final SenderPath path = sender.path(maeth.pathId());
        sender.pacer().onGuidance(maeth.guidanceRateMbps(), nowNs);
        final int cack = packet.bth().psn();
        for (int w = 0; w < SackBitmap.WORDS; w++) {
            bitmap.word(w, maeth.sackBitmapWord(w));
        }
        final long flightBefore = path.bytesInFlight();
        acking = path;
        newlyAckedBytes = 0;
        // Deviation.RETRANSMIT_SACKED: the bitmap acknowledges nothing, so SACKed packets are sent again (MPRT-LOSS-004).
        final boolean useBitmap = !config.deviates(Deviation.RETRANSMIT_SACKED);
        final int newlyAcked = path.scoreboard().acknowledge(cack, bitmap, useBitmap, this);
        path.learnCack(cack);
        if (path.state().isAbandoned()) {
            return;
        }
        takeRttSample(path, maeth.echoTimestamp(), nowNs);
        final boolean ignoreEcn = config.deviates(Deviation.IGNORE_ECN_ECHO);
        // Deviation.IGNORE_ECN_ECHO: marks are read as absent (MPRT-CC-002).
        path.window().onAck(newlyAcked, newlyAckedBytes, ignoreEcn ? 0 : maeth.e(), ignoreEcn ? 0 : maeth.ceCount(),
            flightBefore, path.rtt().srttNs(), nowNs);
        detectLosses(path, cack);
        if (newlyAcked > 0) {
            sender.supervisor().onAckProgress(path, nowNs);
        }
    }

    @Override
    public void onNewlyAcked(final SentPacket packet) {
        if (packet.isInFlight()) {
            packet.inFlight(false);
            acking.addInFlight(-packet.segment().lengthBytes());
        }
        newlyAckedBytes += packet.segment().lengthBytes();
        sender.onSegmentAcknowledged(packet.segment());
    }

    void onNak(final DecodedPacket packet) {
        final MnethFlyweight mneth = packet.extensions().mneth();
        final MprtNakCode code = MprtNakCode.of(mneth.nakCode());
        if (code == null) {
            return;
        }
        if (code.isFatal()) {
            connection.enterError(code, false, mneth.streamId(), mneth.msn());
            return;
        }
        if (mneth.pathId() >= sender.pathCount()) {
            return;
        }
        final long nowNs = timers.nowNs();
        final SenderPath path = sender.path(mneth.pathId());
        sender.supervisor().onNak(path, nowNs);
        final SentPacket nakked = path.scoreboard().get(packet.bth().psn());
        if (code == MprtNakCode.NO_RECEIVE_BUFFER && nakked != null && !nakked.isAcked()) {
            holdForReceiveBuffer(path, nakked, nowNs);
        }
    }

    void onProbeReply(final DecodedPacket packet) {
        final MpethFlyweight mpeth = packet.extensions().mpeth();
        if (mpeth.pathId() >= sender.pathCount()) {
            return;
        }
        final SenderPath path = sender.path(mpeth.pathId());
        // A reply with BTH.PSN q says the receiver's cack is at least q - 1 (section 4.5).
        path.learnCack(SerialNumber.add24(packet.bth().psn(), -1));
        sender.supervisor().onProbeReply(path, mpeth.probeId(), mpeth.txTimestamp(), timers.nowNs());
    }

    // Section 7.2: resent on the same path, same PSN, R = 1, once RNR_DELAY has passed; meanwhile
    // neither detected lost nor retransmitted by the timer. It stays counted in flight.
    private void holdForReceiveBuffer(final SenderPath path, final SentPacket packet, final long nowNs) {
        if (!packet.isInFlight()) {
            packet.inFlight(true);
            path.addInFlight(packet.segment().lengthBytes());
        }
        final long releaseNs = nowNs + config.rnrDelayNs();
        packet.segment().holdUntil(releaseNs);
        sender.requestPumpAt(releaseNs);
    }

    private void takeRttSample(final SenderPath path, final long echoTimestamp, final long nowNs) {
        if (!path.isNewEcho(echoTimestamp)) {
            return;
        }
        final long sampleNs = (nowNs - echoTimestamp) & SerialNumber.MASK_32;
        if (sampleNs < SerialNumber.HALF_32) {
            path.rtt().onSample(sampleNs);
        }
    }

    private void detectLosses(final SenderPath path, final int cack) {
        final int count = path.scoreboard().detectLosses(cack, bitmap, config.lossReorderThreshold(), lost);
        for (int i = 0; i < count; i++) {
            if (lost[i].isInFlight()) {
                lost[i].inFlight(false);
                path.addInFlight(-lost[i].segment().lengthBytes());
            }
        }
        if (count > 0 && config.deviates(Deviation.GO_BACK_N_ON_LOSS)) {
            // Deviation.GO_BACK_N_ON_LOSS: everything after the loss goes again, SACKed or not (MPRT-LOSS-004).
            path.scoreboard().markLaterLost(lost[0].psn());
        }
    }
}
