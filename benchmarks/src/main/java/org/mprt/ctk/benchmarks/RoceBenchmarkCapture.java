package org.mprt.ctk.benchmarks;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Arrays;
import org.mprt.ctk.pcap.CaptureWriter;
import org.mprt.ctk.pcap.LinkType;
import org.mprt.ctk.pcap.PcapWriter;
import org.mprt.ctk.wire.ip.Ecn;
import org.mprt.ctk.wire.opcode.Opcode;
import org.mprt.ctk.wire.opcode.OpcodeTable;
import org.mprt.ctk.wire.encode.FrameEncoder;

/**
 * A RoCEv2 capture as a collective library's traffic between two hosts shows it: host A writes 4 KB
 * messages (RC RDMA WRITE FIRST, MIDDLE, MIDDLE, LAST of 1024 bytes) to host B over many QPs in turn,
 * every QP's PSNs starting at 0 as such libraries start them; B acknowledges each message 3 µs after
 * its LAST (AckReq set) with the MSN it has reached. The PSNs of the QPs run alike, so an
 * acknowledgement's PSN alone does not tell which QP it answers: the acknowledgements stay unbound
 * (the rules that follow a QP's answers find none), and what the pass measures besides the other
 * rules is what trying to bind them costs. Writing is deterministic.
 */
final class RoceBenchmarkCapture {

    private static final int PAYLOAD_BYTES = 1024;
    private static final int MESSAGE_PACKETS = 4;
    private static final long EPOCH_NS = 1_767_225_600_000_000_000L;
    private static final long SPACING_NS = 90;
    private static final long ACK_DELAY_NS = 3_000;
    /** An ACK with no credit count (rocev2-baseline.md, AETH syndrome 0x1F). */
    private static final int ACK_SYNDROME = 0x1F;
    /** B's QPs are numbered from here, A's (the acknowledgements' DestQP) from {@link #A_QPS}. */
    private static final int B_QPS = 0x0200;
    private static final int A_QPS = 0x1200;
    private static final int IP_A = 0x0A00_0001;
    private static final int IP_B = 0x0A00_0002;
    private static final long MAC_A = 0x02_00_00_00_00_0AL;
    private static final long MAC_B = 0x02_00_00_00_00_0BL;
    private static final Opcode[] WRITE = {OpcodeTable.RC_RDMA_WRITE_FIRST, OpcodeTable.RC_RDMA_WRITE_MIDDLE,
        OpcodeTable.RC_RDMA_WRITE_MIDDLE, OpcodeTable.RC_RDMA_WRITE_LAST};

    /** An acknowledgement B will send: when, to which QP, for which PSN, with which MSN. */
    private record PendingAck(long atNs, int qp, int psn, int msn) {
    }

    private final byte[] buffer = new byte[2048];
    private final FrameEncoder[] requests = new FrameEncoder[WRITE.length];
    private final FrameEncoder ack = new FrameEncoder().ethernet(MAC_A, MAC_B).ipv4(IP_B, IP_A).ecn(Ecn.ECT_0)
        .udpSourcePort(0xC100).opcode(OpcodeTable.RC_ACKNOWLEDGE);
    private final int queuePairs;
    private final int[] psn;
    private final int[] packetsSent;
    private final ArrayDeque<PendingAck> acks = new ArrayDeque<>();
    private long frames;

    private RoceBenchmarkCapture(final int queuePairs) {
        this.queuePairs = queuePairs;
        this.psn = new int[queuePairs];
        this.packetsSent = new int[queuePairs];
        for (int i = 0; i < WRITE.length; i++) {
            requests[i] = new FrameEncoder().ethernet(MAC_B, MAC_A).ipv4(IP_A, IP_B).ecn(Ecn.ECT_0).udpSourcePort(0xC000)
                .opcode(WRITE[i]).payloadLength(PAYLOAD_BYTES);
        }
        Arrays.fill(buffer, (byte) 0x5A);
    }

    /** Writes {@code frameCount} frames over {@code queuePairs} QPs. */
    static void write(final Path file, final long frameCount, final int queuePairs) throws IOException {
        new RoceBenchmarkCapture(queuePairs).writeAll(file, frameCount);
    }

    private void writeAll(final Path file, final long frameCount) throws IOException {
        try (CaptureWriter w = PcapWriter.create(file, LinkType.ETHERNET, ByteOrder.LITTLE_ENDIAN,
            PcapWriter.DEFAULT_SNAP_LENGTH_BYTES)) {
            for (long k = 0; frames < frameCount; k++) {
                final long nowNs = k * SPACING_NS;
                while (!acks.isEmpty() && acks.peekFirst().atNs() <= nowNs && frames < frameCount) {
                    acknowledge(w, acks.pollFirst());
                }
                if (frames < frameCount) {
                    request(w, (int) (k % queuePairs), nowNs);
                }
            }
        }
    }

    private void request(final CaptureWriter w, final int q, final long nowNs) throws IOException {
        final int part = packetsSent[q] % MESSAGE_PACKETS;
        final int message = packetsSent[q] / MESSAGE_PACKETS;
        final boolean last = part == MESSAGE_PACKETS - 1;
        final FrameEncoder e = requests[part];
        e.begin(buffer, 0).bth().destQp(B_QPS + q).psn(psn[q]).ackReq(last ? 1 : 0);
        if (part == 0) {
            e.extensions().reth().virtualAddress(0x7f00_0000_0000L + (long) message * MESSAGE_PACKETS * PAYLOAD_BYTES)
                .rKey(0x1234).dmaLength(MESSAGE_PACKETS * PAYLOAD_BYTES);
        }
        final int n = e.finish();
        w.write(EPOCH_NS + nowNs, buffer, 0, n, n);
        frames++;
        if (last) {
            acks.addLast(new PendingAck(nowNs + ACK_DELAY_NS, q, psn[q], message + 1));
        }
        psn[q] = (psn[q] + 1) & 0xFFFFFF;
        packetsSent[q]++;
    }

    private void acknowledge(final CaptureWriter w, final PendingAck a) throws IOException {
        ack.begin(buffer, 0).bth().destQp(A_QPS + a.qp()).psn(a.psn());
        ack.extensions().aeth().syndrome(ACK_SYNDROME).msn(a.msn());
        final int n = ack.finish();
        w.write(EPOCH_NS + a.atNs(), buffer, 0, n, n);
        frames++;
    }
}
