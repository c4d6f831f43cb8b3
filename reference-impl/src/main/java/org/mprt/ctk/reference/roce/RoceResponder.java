package org.mprt.ctk.reference.roce;

import java.util.ArrayDeque;
import org.mprt.ctk.reference.attachment.PlaneLink;
import org.mprt.ctk.reference.verbs.ReceiveBuffer;
import org.mprt.ctk.reference.verbs.CompletionStatus;
import org.mprt.ctk.reference.verbs.MemoryRegion;
import org.mprt.ctk.reference.verbs.WorkCompletion;
import org.mprt.ctk.reference.verbs.WorkOpcode;
import org.mprt.ctk.wire.decode.DecodedPacket;
import org.mprt.ctk.wire.encode.FrameEncoder;
import org.mprt.ctk.wire.opcode.OpcodeTable;
import org.mprt.ctk.wire.roce.AethSyndrome;
import org.mprt.ctk.wire.roce.RethFlyweight;
import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * The responder of an RC queue pair (rocev2-baseline.md sections 6 to 8): it executes request
 * packets only in PSN order (ePSN), drops a packet beyond a gap and NAKs the sequence error once
 * (ROCE-NAK-001, ROCE-NAK-002), re-acknowledges duplicates (ROCE-NAK-003), answers a SEND without
 * a receive buffer with an RNR NAK (ROCE-NAK-004) and an access error with a NAK 0x62 that puts
 * the QP in error (ROCE-NAK-005). ACKs answer AckReq, carry the count of completed messages as MSN
 * (ROCE-ACK-002) and the credit count 0x1F ("not used").
 */
final class RoceResponder {

    private final RoceConnection connection;
    private final ArrayDeque<ReceiveBuffer> receiveQueue = new ArrayDeque<>();
    private int ePsn;
    private int msn;
    private boolean sequenceNakSent;
    private boolean inMessage;
    private boolean inSend;
    private MemoryRegion writeRegion;
    private long writeAddress;
    private long writeRemaining;
    private ReceiveBuffer sendBuffer;
    private long sendOffset;

    RoceResponder(final RoceConnection connection) {
        this.connection = connection;
    }

    void postReceive(final ReceiveBuffer buffer) {
        receiveQueue.addLast(buffer);
    }

    void onRequest(final DecodedPacket packet) {
        final int psn = packet.bth().psn();
        final int d = SerialNumber.distance24(ePsn, psn);
        if (d == 0) {
            execute(packet, psn);
        } else if (d < SerialNumber.HALF_24) {
            if (!sequenceNakSent || connection.config().deviates(RoceDeviation.REPEAT_SEQUENCE_NAK)) {
                // RoceDeviation.REPEAT_SEQUENCE_NAK makes every packet of the episode earn a NAK (ROCE-NAK-002).
                acknowledge(AethSyndrome.nak(AethSyndrome.NakCode.PSN_SEQUENCE_ERROR), ePsn);
                sequenceNakSent = true;
            }
        } else {
            acknowledge(AethSyndrome.ack(AethSyndrome.CREDIT_COUNT_INVALID), SerialNumber.add24(ePsn, -1));
        }
    }

    /** A request opcode the baseline does not implement (READ, atomics, immediates): NAK invalid request. */
    void onUnsupported(final DecodedPacket packet) {
        if (packet.bth().psn() == ePsn) {
            fatal(AethSyndrome.NakCode.INVALID_REQUEST, ePsn);
        }
    }

    /** Flushes every posted receive buffer (the QP entered the error state). */
    void flush() {
        while (!receiveQueue.isEmpty()) {
            final ReceiveBuffer buffer = receiveQueue.pollFirst();
            connection.complete(buffer.wrId(), WorkOpcode.RECV, CompletionStatus.WORK_REQUEST_FLUSHED, buffer.lengthBytes(),
                0, msn);
        }
        if (sendBuffer != null) {
            connection.complete(sendBuffer.wrId(), WorkOpcode.RECV, CompletionStatus.WORK_REQUEST_FLUSHED,
                sendBuffer.lengthBytes(), 0, msn);
            sendBuffer = null;
        }
    }

    private void execute(final DecodedPacket packet, final int psn) {
        final int opcode = packet.opcodeValue();
        final boolean first = isFirstOrOnly(opcode);
        final boolean send = isSend(opcode);
        if (first == inMessage || !first && send != inSend) {
            fatal(AethSyndrome.NakCode.INVALID_REQUEST, psn);
            return;
        }
        if (send && first && receiveQueue.isEmpty()) {
            acknowledge(AethSyndrome.rnrNak(connection.config().minRnrTimer()), psn);
            return;
        }
        final boolean placed = send ? placeSend(packet, first) : placeWrite(packet, first);
        if (!placed) {
            return;
        }
        ePsn = SerialNumber.add24(ePsn, 1);
        sequenceNakSent = false;
        if (isLastOrOnly(opcode)) {
            completeMessage();
        }
        if (packet.bth().ackReq() == 1) {
            final boolean lie = connection.config().deviates(RoceDeviation.ACK_EXPECTED_PSN);
            // RoceDeviation.ACK_EXPECTED_PSN: acknowledges the ePSN, a packet not yet received (ROCE-PSN-002).
            acknowledge(AethSyndrome.ack(AethSyndrome.CREDIT_COUNT_INVALID), lie ? ePsn : psn);
        }
    }

    private boolean placeWrite(final DecodedPacket packet, final boolean first) {
        final int psn = packet.bth().psn();
        final int payload = packet.payloadLength();
        if (first) {
            final RethFlyweight reth = packet.extensions().reth();
            writeRegion = connection.node().registry().lookup(reth.rKey());
            writeAddress = reth.virtualAddress();
            writeRemaining = reth.dmaLength();
            if (writeRegion == null || writeRegion.connectionNumber() != connection.connectionNumber()
                || !writeRegion.contains(writeAddress, writeRemaining)) {
                fatal(AethSyndrome.NakCode.REMOTE_ACCESS_ERROR, psn);
                return false;
            }
        }
        if (!isLengthValid(packet.opcodeValue(), payload, writeRemaining)) {
            fatal(AethSyndrome.NakCode.INVALID_REQUEST, psn);
            return false;
        }
        writeRegion.write(writeAddress - writeRegion.baseAddress(), packet.buffer(), packet.payloadOffset(), payload);
        writeAddress += payload;
        writeRemaining -= payload;
        inMessage = true;
        inSend = false;
        return true;
    }

    private boolean placeSend(final DecodedPacket packet, final boolean first) {
        if (first) {
            sendBuffer = receiveQueue.pollFirst();
            sendOffset = 0;
        }
        final int payload = packet.payloadLength();
        if (sendOffset + payload > sendBuffer.lengthBytes()) {
            fatal(AethSyndrome.NakCode.INVALID_REQUEST, packet.bth().psn());
            return false;
        }
        sendBuffer.region().write(sendBuffer.offsetBytes() + sendOffset, packet.buffer(), packet.payloadOffset(), payload);
        sendOffset += payload;
        inMessage = true;
        inSend = true;
        return true;
    }

    private boolean isLengthValid(final int opcode, final int payload, final long remaining) {
        if (payload > remaining || payload > connection.pmtuBytes()) {
            return false;
        }
        return isLastOrOnly(opcode) ? payload == remaining : payload == connection.pmtuBytes();
    }

    private void completeMessage() {
        msn = (msn + 1) & SerialNumber.MASK_24;
        inMessage = false;
        if (inSend) {
            connection.complete(sendBuffer.wrId(), WorkOpcode.RECV, CompletionStatus.SUCCESS, (int) sendOffset, 0, msn);
            sendBuffer = null;
        } else {
            // A kit extension: Verbs reports no responder completion for a WRITE; this one lets a workload
            // see its WRITEs land the same way over MPRT and RoCEv2.
            connection.complete(WorkCompletion.NO_WORK_REQUEST, WorkOpcode.RECV_RDMA_WRITE, CompletionStatus.SUCCESS,
                0, 0, msn);
        }
    }

    private void fatal(final AethSyndrome.NakCode code, final int psn) {
        acknowledge(AethSyndrome.nak(code), psn);
        connection.enterError(CompletionStatus.WORK_REQUEST_FLUSHED, -1);
    }

    private void acknowledge(final int syndrome, final int psn) {
        final PlaneLink link = connection.link();
        final RoceFrameWriter writer = connection.writer();
        final FrameEncoder encoder = writer.beginAcknowledge(link, connection.udpSourcePort());
        encoder.bth().destQp(connection.peerConnectionNumber()).psn(psn);
        encoder.extensions().aeth().syndrome(syndrome).msn(msn);
        connection.transmit(writer.finish());
    }

    private static boolean isSend(final int opcode) {
        return opcode <= OpcodeTable.RC_SEND_ONLY.code();
    }

    private static boolean isFirstOrOnly(final int opcode) {
        return opcode == OpcodeTable.RC_SEND_FIRST.code() || opcode == OpcodeTable.RC_SEND_ONLY.code()
            || opcode == OpcodeTable.RC_RDMA_WRITE_FIRST.code() || opcode == OpcodeTable.RC_RDMA_WRITE_ONLY.code();
    }

    private static boolean isLastOrOnly(final int opcode) {
        return opcode == OpcodeTable.RC_SEND_LAST.code() || opcode == OpcodeTable.RC_SEND_ONLY.code()
            || opcode == OpcodeTable.RC_RDMA_WRITE_LAST.code() || opcode == OpcodeTable.RC_RDMA_WRITE_ONLY.code();
    }
}
