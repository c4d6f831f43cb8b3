package org.mprt.ctk.reference.roce;

import java.util.ArrayDeque;
import org.mprt.ctk.reference.attachment.Deadline;
import org.mprt.ctk.reference.attachment.PlaneLink;
import org.mprt.ctk.reference.attachment.TimerService;
import org.mprt.ctk.reference.verbs.CompletionStatus;
import org.mprt.ctk.reference.verbs.MemoryRegion;
import org.mprt.ctk.reference.verbs.WorkOpcode;
import org.mprt.ctk.wire.encode.FrameEncoder;
import org.mprt.ctk.wire.opcode.Opcode;
import org.mprt.ctk.wire.opcode.OpcodeTable;
import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * The requester of an RC queue pair (rocev2-baseline.md sections 6 to 9): one PSN per packet, in
 * posting order; go-back-N from the NAKed PSN (ROCE-GBN-001) or from the oldest unacknowledged PSN
 * after the Local ACK Timeout (ROCE-GBN-002); RETRY_CNT and RNR_RETRY limits (ROCE-GBN-003); the
 * RNR wait of Table 45 (ROCE-GBN-004). Packets leave at the port's line rate.
 *
 * <p>PSN bookkeeping: {@code sndUna} is the oldest PSN not acknowledged, {@code sndNxt} the next
 * to transmit (behind {@code sndMax} while going back N), {@code sndMax} the next new PSN.
 */
final class RoceRequester {

    private final RoceConnection connection;
    private final RoceConfig config;
    private final TimerService timers;
    private final ArrayDeque<RoceMessage> outstanding = new ArrayDeque<>();
    private final ArrayDeque<RoceMessage> unsent = new ArrayDeque<>();
    private final long[] lastTxNs;
    private final Deadline ackTimer;
    private final Deadline wake;
    private final int pmtuBytes;
    private int sndUna;
    private int sndNxt;
    private int sndMax;
    private int nextPacketIndex;
    private int retries;
    private int rnrRetries;
    private long lastProgressNs;
    private long rnrUntilNs = Long.MIN_VALUE;
    private boolean pumping;

    RoceRequester(final RoceConnection connection) {
        this.connection = connection;
        this.config = connection.config();
        this.timers = connection.timers();
        this.pmtuBytes = connection.pmtuBytes();
        this.lastTxNs = new long[Integer.highestOneBit(config.maxOutstandingPackets()) * 2];
        this.ackTimer = new Deadline(timers, this::onAckTimeout);
        this.wake = new Deadline(timers, this::pump);
    }

    void post(final long wrId, final WorkOpcode opcode, final int streamId, final MemoryRegion local, final long localOffset,
              final int lengthBytes, final long remoteAddress, final long rkey) {
        final RoceMessage message = new RoceMessage(wrId, opcode, streamId, local, localOffset, lengthBytes, remoteAddress,
            rkey, pmtuBytes);
        outstanding.addLast(message);
        unsent.addLast(message);
        wake.armNoLaterThan(timers.nowNs());
    }

    /** Sends what may leave now: packets being resent first (go-back-N), then new ones. */
    void pump() {
        if (pumping || !connection.isReady()) {
            return;
        }
        pumping = true;
        try {
            final long nowNs = timers.nowNs();
            while (rnrUntilNs <= nowNs) {
                if (!connection.portIsFree(nowNs)) {
                    wake.armNoLaterThan(connection.portFreeAtNs());
                    break;
                }
                if (sndNxt != sndMax) {
                    transmit(sndNxt, nowNs);
                    sndNxt = SerialNumber.add24(sndNxt, 1);
                } else if (!unsent.isEmpty() && SerialNumber.distance24(sndUna, sndMax) < config.maxOutstandingPackets()) {
                    sendNew(nowNs);
                } else {
                    break;
                }
            }
        } finally {
            pumping = false;
        }
    }

    /** An Acknowledge with syndrome ACK: every PSN up to {@code psn} is acknowledged (ROCE-ACK-003). */
    void onAck(final int psn) {
        acknowledgeThrough(psn);
        pump();
    }

    /** A NAK PSN sequence error with PSN {@code psn}: PSNs before it are acknowledged, the rest go again. */
    void onSequenceError(final int psn) {
        if (!isOutstandingOrNext(psn)) {
            return;
        }
        acknowledgeThrough(SerialNumber.add24(psn, -1));
        if (++retries > config.retryCnt()) {
            connection.enterError(CompletionStatus.RETRY_EXCEEDED, sndUna);
            return;
        }
        if (config.deviates(RoceDeviation.RESEND_ONLY_NAKED_PSN)) {
            // RoceDeviation.RESEND_ONLY_NAKED_PSN: the NAKed packet alone goes again (ROCE-GBN-001).
            transmit(psn, timers.nowNs());
        } else {
            sndNxt = psn;
        }
        pump();
    }

    /** An RNR NAK for {@code psn}: wait the time its timer code gives, then go back to it (ROCE-GBN-004). */
    void onReceiverNotReady(final int psn, final int timerCode) {
        if (!isOutstandingOrNext(psn)) {
            return;
        }
        acknowledgeThrough(SerialNumber.add24(psn, -1));
        if (config.rnrRetry() != RoceConfig.RNR_RETRY_INFINITE && ++rnrRetries > config.rnrRetry()) {
            connection.enterError(CompletionStatus.RNR_RETRY_EXCEEDED, sndUna);
            return;
        }
        sndNxt = psn;
        rnrUntilNs = timers.nowNs() + RnrTimerTable.delayNs(timerCode);
        wake.armAt(rnrUntilNs);
    }

    /** Completes the message the fatal NAK names with {@code status} and the others as flushed. */
    void flush(final CompletionStatus status, final int psn) {
        for (final RoceMessage message : outstanding) {
            final CompletionStatus each = message.contains(psn) ? status : CompletionStatus.WORK_REQUEST_FLUSHED;
            connection.complete(message.wrId, message.opcode, each, message.lengthBytes, message.streamId, 0);
        }
        outstanding.clear();
        unsent.clear();
    }

    void stop() {
        ackTimer.cancel();
        wake.cancel();
    }

    private void sendNew(final long nowNs) {
        final RoceMessage message = unsent.peekFirst();
        if (nextPacketIndex == 0) {
            message.firstPsn = sndMax;
        }
        transmit(sndMax, nowNs);
        sndMax = SerialNumber.add24(sndMax, 1);
        sndNxt = sndMax;
        if (++nextPacketIndex == message.packetCount) {
            unsent.pollFirst();
            nextPacketIndex = 0;
        }
    }

    private void acknowledgeThrough(final int psn) {
        final int lastSent = SerialNumber.add24(sndMax, -1);
        if (!SerialNumber.precedesOrEquals24(sndUna, psn) || !SerialNumber.precedesOrEquals24(psn, lastSent)) {
            return;
        }
        sndUna = SerialNumber.add24(psn, 1);
        if (SerialNumber.precedes24(sndNxt, sndUna)) {
            sndNxt = sndUna;
        }
        retries = 0;
        rnrRetries = 0;
        lastProgressNs = timers.nowNs();
        while (!outstanding.isEmpty() && outstanding.peekFirst().firstPsn != RoceMessage.UNASSIGNED
            && SerialNumber.precedesOrEquals24(outstanding.peekFirst().lastPsn(), psn)) {
            final RoceMessage done = outstanding.pollFirst();
            connection.complete(done.wrId, done.opcode, CompletionStatus.SUCCESS, done.lengthBytes, done.streamId, 0);
        }
        armAckTimer();
    }

    private boolean isOutstandingOrNext(final int psn) {
        return SerialNumber.precedesOrEquals24(sndUna, psn) && SerialNumber.precedesOrEquals24(psn, sndMax);
    }

    // ROCE-GBN-002: never earlier than T after the later of the oldest packet's last transmission and the last progress.
    private void armAckTimer() {
        if (sndUna == sndMax || config.localAckTimeout() == 0) {
            ackTimer.cancel();
            return;
        }
        final long sinceNs = Math.max(lastProgressNs, lastTxNs[sndUna & (lastTxNs.length - 1)]);
        ackTimer.armAt(sinceNs + timeoutNs());
    }

    private long timeoutNs() {
        // RoceDeviation.EARLY_TIMEOUT: half the Local ACK Timeout (ROCE-GBN-002).
        return config.deviates(RoceDeviation.EARLY_TIMEOUT) ? config.localAckTimeoutNs() / 2 : config.localAckTimeoutNs();
    }

    private void onAckTimeout() {
        if (!connection.isReady() || sndUna == sndMax) {
            return;
        }
        final long nowNs = timers.nowNs();
        final long dueNs = Math.max(Math.max(lastProgressNs, lastTxNs[sndUna & (lastTxNs.length - 1)]) + timeoutNs(),
            rnrUntilNs);
        if (dueNs > nowNs) {
            ackTimer.armAt(dueNs);
            return;
        }
        if (++retries > config.retryCnt()) {
            connection.enterError(CompletionStatus.RETRY_EXCEEDED, sndUna);
            return;
        }
        sndNxt = sndUna;
        pump();
        armAckTimer();
    }

    private void transmit(final int psn, final long nowNs) {
        final RoceMessage message = messageOf(psn);
        final int index = SerialNumber.distance24(message.firstPsn, psn);
        final int offset = index * pmtuBytes;
        final int payload = Math.min(pmtuBytes, message.lengthBytes - offset);
        final Opcode opcode = message.opcodeOf(index);
        final boolean last = index == message.packetCount - 1;
        final boolean ackReq = last || (psn + 1) % config.ackReqEveryPackets() == 0
            || SerialNumber.distance24(sndUna, psn) + 1 >= config.maxOutstandingPackets();
        final PlaneLink link = connection.link();
        final RoceFrameWriter writer = connection.writer();
        final FrameEncoder encoder = writer.beginRequest(link, connection.udpSourcePort(), opcode, payload);
        encoder.bth().destQp(connection.peerConnectionNumber()).psn(psn).ackReq(ackReq ? 1 : 0);
        if (opcode == OpcodeTable.RC_RDMA_WRITE_FIRST || opcode == OpcodeTable.RC_RDMA_WRITE_ONLY) {
            encoder.extensions().reth().virtualAddress(message.remoteAddress).rKey(message.rkey)
                .dmaLength(message.lengthBytes);
        }
        message.local.read(message.localOffset + offset, writer.frameBuffer(), encoder.payloadOffset(), payload);
        connection.transmit(writer.finish());
        lastTxNs[psn & (lastTxNs.length - 1)] = nowNs;
        if (!ackTimer.isArmed()) {
            armAckTimer();
        }
    }

    private RoceMessage messageOf(final int psn) {
        for (final RoceMessage message : outstanding) {
            if (message.contains(psn)) {
                return message;
            }
        }
        throw new IllegalStateException("PSN " + psn + " belongs to no outstanding message");
    }
}
