package org.mprt.ctk.verdict.captures;

import java.nio.ByteBuffer;
import java.util.function.Consumer;
import org.mprt.ctk.wire.encode.FrameEncoder;
import org.mprt.ctk.wire.mprt.MaethFlyweight;
import org.mprt.ctk.wire.opcode.OpcodeTable;

/**
 * One MPRT packet of a crafted capture, described by its fields with sensible defaults: A writes
 * to B, B acknowledges. {@link #buildData}, {@link #buildAck} and {@link #buildNak} turn it into
 * frame bytes through the codec. The connection numbers follow the direction: a packet from A
 * carries DestQP = B's number and SCN = A's, one from B the reverse, unless overridden.
 */
final class MprtPacket {

    FrameFactory.Way way = FrameFactory.Way.A_TO_B;
    int plane;
    int udpSourcePort = 0xC000;
    int psn;
    int pathId;
    int ackReq;
    /** Overrides of the connection numbers a packet carries; null keeps those of its direction. */
    Integer destQp;
    Integer scn;
    // data
    boolean send;
    int streamId;
    long msn;
    long messageOffset;
    long messageLength = 1024;
    int payloadBytes = 1024;
    long baseAddress = 0x7f00_0000_0000L;
    long rkey = 0x1234;
    long rsn;
    int r;
    /** tx_timestamp; null means 1000 + PSN. */
    Long txTimestamp;
    // ack
    int cack;
    int[] sackedPsns = {};
    int ceCount;
    long guidanceRateMbps = 0xFFFF_FFFFL;
    int[][] streamRecords = {};
    /** echo_timestamp; null means 1000 + cack. */
    Long echoTimestamp;
    // nak
    int nakCode = 0x04;
    // probe and probe reply
    long probeId = 1;
    // free-form
    Consumer<FrameEncoder> settings = FrameFactory.none();
    Consumer<FrameEncoder> fields = FrameFactory.none();
    Consumer<ByteBuffer> tamper = FrameFactory.intact();

    static MprtPacket data() {
        return new MprtPacket();
    }

    static MprtPacket ack() {
        final MprtPacket p = new MprtPacket();
        p.way = FrameFactory.Way.B_TO_A;
        p.payloadBytes = 0;
        return p;
    }

    static MprtPacket nak() {
        final MprtPacket p = ack();
        p.messageLength = 0;
        return p;
    }

    MprtPacket with(final Consumer<MprtPacket> change) {
        change.accept(this);
        return this;
    }

    byte[] buildData(final FrameFactory factory) {
        return factory.frame(way, plane, udpSourcePort, send ? OpcodeTable.MPRT_SEND : OpcodeTable.MPRT_WRITE,
            payloadBytes, settings, e -> {
                e.bth().destQp(destQp()).psn(psn).ackReq(ackReq);
                final var m = e.extensions().mdeth();
                m.pathId(pathId).streamId(streamId).scn(scn()).msn(msn).messageOffset(messageOffset)
                    .messageLength(messageLength).txTimestamp(txTimestamp != null ? txTimestamp : 1000 + psn)
                    .f(messageOffset == 0 ? 1 : 0).l(messageOffset + payloadBytes == messageLength ? 1 : 0).r(r);
                if (send) {
                    m.rsn(rsn);
                } else {
                    m.virtualAddress(baseAddress + messageOffset).rkey(rkey);
                }
                fields.accept(e);
            }, tamper);
    }

    byte[] buildAck(final FrameFactory factory) {
        final int records = streamRecords.length;
        return factory.frame(way, plane, udpSourcePort, OpcodeTable.MPRT_ACK, 0, e -> {
            e.recordCount(records);
            settings.accept(e);
        }, e -> {
            e.bth().destQp(destQp()).psn(cack);
            final MaethFlyweight a = e.extensions().maeth();
            a.pathId(pathId).e(ceCount > 0 ? 1 : 0).ceCount(ceCount)
                .echoTimestamp(echoTimestamp != null ? echoTimestamp : 1000 + cack)
                .guidanceRateMbps(guidanceRateMbps).recordCount(records).scn(scn());
            for (final int sacked : sackedPsns) {
                a.sack(cack, sacked);
            }
            for (int k = 0; k < records; k++) {
                if (k < MaethFlyweight.LAYOUT.maxRecords()) {
                    a.recordStreamId(k, streamRecords[k][0]).recordCmsn(k, streamRecords[k][1]);
                } else {
                    // Past what the flyweight allows: written raw, to build an invalid ACK on purpose.
                    final int at = a.offset() + MaethFlyweight.MAETH_LENGTH + k * MaethFlyweight.STREAM_RECORD_LENGTH;
                    a.buffer().putShort(at, (short) streamRecords[k][0]).putInt(at + 4, streamRecords[k][1]);
                }
            }
            fields.accept(e);
        }, tamper);
    }

    /** An MPRT_NAK from the receiver naming the data packet it answers: path, PSN, stream, MSN, offset. */
    byte[] buildNak(final FrameFactory factory) {
        return factory.frame(way, plane, udpSourcePort, OpcodeTable.MPRT_NAK, 0, settings, e -> {
            e.bth().destQp(destQp()).psn(psn);
            e.extensions().mneth().pathId(pathId).nakCode(nakCode).streamId(streamId).scn(scn()).msn(msn)
                .messageOffset(messageOffset);
            fields.accept(e);
        }, tamper);
    }

    /**
     * An MPRT_PROBE from the sender (or, with {@code reply}, the MPRT_PROBE_REPLY that echoes it from the
     * receiver): path_id, probe_id, tx_timestamp (1000 + PSN unless set) and BTH.PSN, the PSN the path
     * will use next.
     */
    byte[] buildProbe(final FrameFactory factory, final boolean reply) {
        return factory.frame(way, plane, udpSourcePort, reply ? OpcodeTable.MPRT_PROBE_REPLY : OpcodeTable.MPRT_PROBE, 0,
            settings, e -> {
                e.bth().destQp(destQp()).psn(psn);
                e.extensions().mpeth().pathId(pathId).scn(scn()).probeId(probeId)
                    .txTimestamp(txTimestamp != null ? txTimestamp : 1000 + psn);
                fields.accept(e);
            }, tamper);
    }

    private int destQp() {
        return destQp != null ? destQp : way == FrameFactory.Way.A_TO_B ? FrameFactory.DCN_AT_B : FrameFactory.DCN_AT_A;
    }

    private int scn() {
        return scn != null ? scn : way == FrameFactory.Way.A_TO_B ? FrameFactory.DCN_AT_A : FrameFactory.DCN_AT_B;
    }
}
