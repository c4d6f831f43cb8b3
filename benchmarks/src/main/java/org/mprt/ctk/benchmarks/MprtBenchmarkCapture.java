package org.mprt.ctk.benchmarks;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Arrays;
import org.mprt.ctk.pcap.CaptureWriter;
import org.mprt.ctk.pcap.LinkType;
import org.mprt.ctk.pcap.PcapWriter;
import org.mprt.ctk.wire.encode.FrameEncoder;
import org.mprt.ctk.wire.ip.Ecn;
import org.mprt.ctk.wire.mprt.MaethFlyweight;
import org.mprt.ctk.wire.mprt.MdethFlyweight;
import org.mprt.ctk.wire.opcode.OpcodeTable;

/**
 * The capture the verdict benchmark judges: a synthetic but protocol-conforming MPRT exchange, as
 * the sender's port shows it, built through the codec. Node A writes 4 KB messages on four streams
 * to node B, sprayed packet by packet (1024-byte payloads) over eight paths on two planes at about
 * 2 x 100 Gb/s; B acknowledges every eighth packet of a path 6 µs later with its cumulative PSN, the
 * echo of the packet's tx_timestamp and a stream record for each stream whose CMSN advanced. One data
 * packet in 997 is lost: B's next ACKs for its path SACK what follows it, A retransmits it (R=1, same
 * PSN) before any new data on that path, and the next ACK covers it. Writing is deterministic: the
 * same frame count gives the same bytes.
 */
final class MprtBenchmarkCapture {

    static final int PATHS = 8;
    static final int STREAMS = 4;
    static final int PAYLOAD_BYTES = 1024;
    static final int MESSAGE_PACKETS = 4;
    private static final long EPOCH_NS = 1_767_225_600_000_000_000L;
    private static final long DATA_SPACING_NS = 45;
    private static final long ACK_DELAY_NS = 6_000;
    private static final int ACK_EVERY = 8;
    private static final int LOSS_EVERY = 997;
    private static final int DCN_AT_B = 0x000100;
    private static final int DCN_AT_A = 0x000200;
    private static final int[] IP_A = {0x0A00_0001, 0x0A01_0001};
    private static final int[] IP_B = {0x0A00_0002, 0x0A01_0002};
    private static final long MAC_A = 0x02_00_00_00_00_0AL;
    private static final long MAC_B = 0x02_00_00_00_00_0BL;

    /** An ACK B will send: when, for which path, and the highest PSN of the path it answers. */
    private record PendingAck(long atNs, int pathId, int upToPsn, long echo) {
    }

    private final byte[] buffer = new byte[2048];
    private final FrameEncoder[] data = new FrameEncoder[2];
    private final FrameEncoder[] ack = new FrameEncoder[2];
    private final int[] nextPsn = new int[PATHS];
    /** Per path: the lost PSN not yet retransmitted, or -1; and whether the retransmission has gone out. */
    private final int[] lostPsn = new int[PATHS];
    private final boolean[] repaired = new boolean[PATHS];
    private final int[] cack = new int[PATHS];
    private final long[] reportedCmsn = new long[STREAMS];
    private final ArrayDeque<PendingAck> acks = new ArrayDeque<>();
    private final long[] sack = new long[4];
    private long frames;
    private long nowNs;

    private MprtBenchmarkCapture() {
        for (int plane = 0; plane < 2; plane++) {
            data[plane] = new FrameEncoder().ethernet(MAC_B, MAC_A).ipv4(IP_A[plane], IP_B[plane]).ecn(Ecn.ECT_0)
                .opcode(OpcodeTable.MPRT_WRITE).payloadLength(PAYLOAD_BYTES);
            ack[plane] = new FrameEncoder().ethernet(MAC_A, MAC_B).ipv4(IP_B[plane], IP_A[plane]).ecn(Ecn.ECT_0)
                .opcode(OpcodeTable.MPRT_ACK);
        }
        java.util.Arrays.fill(lostPsn, -1);
        java.util.Arrays.fill(cack, 0xFFFFFF);
    }

    /** The same frames, kept up to {@code snapLengthBytes} each, as a capture with a snap length keeps them. */
    static void write(final Path file, final long frameCount, final int snapLengthBytes) throws IOException {
        new MprtBenchmarkCapture().writeAll(file, frameCount, snapLengthBytes);
    }

    private void writeAll(final Path file, final long frameCount, final int snapLengthBytes) throws IOException {
        try (CaptureWriter w = PcapWriter.create(file, LinkType.ETHERNET, java.nio.ByteOrder.LITTLE_ENDIAN,
            snapLengthBytes)) {
            for (long k = 0; frames < frameCount; k++) {
                nowNs = k * DATA_SPACING_NS;
                while (!acks.isEmpty() && acks.peekFirst().atNs() <= nowNs && frames < frameCount) {
                    answer(w, acks.pollFirst());
                }
                if (frames < frameCount) {
                    send(w, k);
                }
            }
        }
    }

    /** Data packet k of the exchange: path k mod 8, message k / 64 of stream (k / 64) mod 4. */
    private void send(final CaptureWriter w, final long k) throws IOException {
        final int pathId = (int) (k % PATHS);
        final int psn = nextPsn[pathId];
        nextPsn[pathId] = (psn + 1) & 0xFFFFFF;
        // The lost packet is never the one an ACK answers, so that the ACK after it always SACKs past it.
        if (k % LOSS_EVERY == LOSS_EVERY - 1 && lostPsn[pathId] < 0 && (psn + 1) % ACK_EVERY != 0) {
            lostPsn[pathId] = psn;
            repaired[pathId] = false;
        }
        dataFrame(w, k, pathId, psn, 0);
        if ((psn + 1) % ACK_EVERY == 0) {
            acks.addLast(new PendingAck(nowNs + ACK_DELAY_NS, pathId, psn, txTimestamp()));
        }
    }

    private long txTimestamp() {
        return (EPOCH_NS + nowNs) & 0xFFFF_FFFFL;
    }

    private void dataFrame(final CaptureWriter w, final long k, final int pathId, final int psn, final int r)
        throws IOException {
        final long message = k / MESSAGE_PACKETS;
        final int offset = (int) (k % MESSAGE_PACKETS) * PAYLOAD_BYTES;
        final int length = MESSAGE_PACKETS * PAYLOAD_BYTES;
        final FrameEncoder e = data[pathId % 2].udpSourcePort(0xC000 + pathId);
        e.begin(buffer, 0).bth().destQp(DCN_AT_B).psn(psn).ackReq((psn + 1) % ACK_EVERY == 0 ? 1 : 0);
        final MdethFlyweight m = e.extensions().mdeth();
        m.pathId(pathId).streamId((int) (message % STREAMS)).scn(DCN_AT_A).msn(message / STREAMS).messageOffset(offset)
            .messageLength(length).virtualAddress(0x7f00_0000_0000L + message * length + offset).rkey(0x1234)
            .txTimestamp(txTimestamp()).f(offset == 0 ? 1 : 0).l(offset + PAYLOAD_BYTES == length ? 1 : 0).r(r);
        // The payload's bytes are those of packet k, so that its retransmission repeats them (MPRT-LOSS-002).
        Arrays.fill(buffer, e.payloadOffset(), e.payloadOffset() + PAYLOAD_BYTES, (byte) k);
        final int n = e.finish();
        w.write(EPOCH_NS + nowNs, buffer, 0, n, n);
        frames++;
    }

    /**
     * B's ACK of path {@code pathId} up to {@code upToPsn}: cumulative up to the lost PSN (which it
     * SACKs past) until the retransmission arrived, which A sends right after the ACK that shows the loss.
     */
    private void answer(final CaptureWriter w, final PendingAck a) throws IOException {
        final int pathId = a.pathId();
        final int lost = lostPsn[pathId];
        java.util.Arrays.fill(sack, 0);
        final boolean past = lost >= 0 && ((a.upToPsn() - lost) & 0xFFFFFF) < 0x800000;
        if (lost >= 0 && !past) {
            // This ACK answers packets sent before the loss.
            cack[pathId] = a.upToPsn();
        } else if (lost >= 0 && !repaired[pathId]) {
            cack[pathId] = (lost - 1) & 0xFFFFFF;
            // Bit i stands for PSN cack + 1 + i = lost + i: bit 0, the lost PSN, stays clear.
            for (int p = (lost + 1) & 0xFFFFFF; p != ((a.upToPsn() + 1) & 0xFFFFFF); p = (p + 1) & 0xFFFFFF) {
                final int i = (p - lost) & 0xFFFFFF;
                sack[i >>> 6] |= 1L << (63 - (i & 63));
            }
        } else {
            cack[pathId] = a.upToPsn();
            lostPsn[pathId] = -1;
        }
        final FrameEncoder e = ack[pathId % 2].udpSourcePort(0xC100 + pathId);
        final int records = records();
        e.recordCount(records);
        e.begin(buffer, 0).bth().destQp(DCN_AT_A).psn(cack[pathId]);
        final MaethFlyweight m = e.extensions().maeth();
        m.pathId(pathId).echoTimestamp(a.echo()).guidanceRateMbps(MaethFlyweight.GUIDANCE_NO_LIMIT).recordCount(records)
            .scn(DCN_AT_B);
        for (int i = 0; i < 4; i++) {
            m.sackBitmapWord(i, sack[i]);
        }
        int k = 0;
        for (int s = 0; s < STREAMS && k < records; s++) {
            final long cmsn = completed(s);
            if (cmsn != reportedCmsn[s]) {
                m.recordStreamId(k, s).recordCmsn(k, cmsn);
                reportedCmsn[s] = cmsn;
                k++;
            }
        }
        final int n = e.finish();
        w.write(EPOCH_NS + nowNs, buffer, 0, n, n);
        frames++;
        if (past && !repaired[pathId]) {
            repaired[pathId] = true;
            dataFrame(w, lostIndex(pathId, lost), pathId, lost, 1);
        }
    }

    /** The exchange index k of PSN {@code psn} of a path: paths take every eighth packet. */
    private static long lostIndex(final int pathId, final int psn) {
        return (long) psn * PATHS + pathId;
    }

    /** Streams whose CMSN advanced since last reported: B reports them in this ACK. */
    private int records() {
        int n = 0;
        for (int s = 0; s < STREAMS; s++) {
            n += completed(s) != reportedCmsn[s] ? 1 : 0;
        }
        return n;
    }

    /** Messages of stream s complete at B: every packet up to the lowest cumulatively acknowledged index. */
    private long completed(final int stream) {
        long upTo = Long.MAX_VALUE;
        for (int p = 0; p < PATHS; p++) {
            upTo = Math.min(upTo, cack[p] == 0xFFFFFF ? -1 : (long) cack[p] * PATHS + p);
        }
        final long messages = (upTo + 1) / MESSAGE_PACKETS;
        return messages <= stream ? 0 : (messages - stream + STREAMS - 1) / STREAMS;
    }
}
