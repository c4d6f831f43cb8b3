package org.mprt.ctk.benchmarks;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Path;
import org.mprt.ctk.pcap.CaptureReader;
import org.mprt.ctk.pcap.CaptureWriter;
import org.mprt.ctk.pcap.Frame;
import org.mprt.ctk.pcap.LinkType;
import org.mprt.ctk.pcap.PcapWriter;
import org.mprt.ctk.wire.decode.DecodeStatus;
import org.mprt.ctk.wire.decode.DecodedPacket;
import org.mprt.ctk.wire.decode.PacketDecoder;
import org.mprt.ctk.wire.ethernet.EthernetFlyweight;
import org.mprt.ctk.wire.icrc.Icrc;
import org.mprt.ctk.wire.ip.NetworkKind;
import org.mprt.ctk.wire.opcode.OpcodeTable;

/**
 * The benchmark's exchange as many connections hold it at once, as a capture from a cluster does:
 * each of the first frames of an {@link MprtBenchmarkCapture} is written once for every connection,
 * its DestQP and SCN moved to that connection's pair and its ICRC computed again, one nanosecond
 * after the copy before. Each copy is a whole connection of its own; judged against the original's
 * frame count, it shows whether what a frame costs grows with the connections.
 */
final class ManyConnectionsCapture {

    /** How far apart the connections' queue pair numbers lie: clear of every pair the exchange uses. */
    private static final int QP_STRIDE = 0x1000;

    private ManyConnectionsCapture() {
    }

    /** Writes {@code sourceFrames} frames of {@code source} (an MPRT capture over Ethernet and IPv4), each {@code connections} times. */
    static void write(final Path source, final Path file, final int connections, final long sourceFrames)
        throws IOException {
        final byte[] copy = new byte[1 << 16];
        final DecodedPacket p = new DecodedPacket();
        final Frame f = new Frame();
        try (CaptureReader reader = CaptureReader.open(source);
             CaptureWriter w = PcapWriter.create(file, LinkType.ETHERNET, ByteOrder.LITTLE_ENDIAN,
                 PcapWriter.DEFAULT_SNAP_LENGTH_BYTES)) {
            for (long n = 0; n < sourceFrames && reader.next(f); n++) {
                final int length = f.capturedLengthBytes();
                for (int c = 0; c < connections; c++) {
                    f.buffer().get(f.dataOffset(), copy, 0, length);
                    if (PacketDecoder.decodeEthernet(copy, 0, length, p) != DecodeStatus.OK) {
                        throw new IOException(source + ", frame " + f.frameNumber() + ": not a whole MPRT packet");
                    }
                    p.bth().destQp(p.bth().destQp() + c * QP_STRIDE);
                    if (p.opcodeValue() == OpcodeTable.MPRT_ACK.code()) {
                        p.extensions().maeth().scn(p.extensions().maeth().scn() + c * QP_STRIDE);
                    } else {
                        p.extensions().mdeth().scn(p.extensions().mdeth().scn() + c * QP_STRIDE);
                    }
                    Icrc.update(p.buffer(), EthernetFlyweight.ETHERNET_LENGTH, NetworkKind.IPV4, p.icrcOffset());
                    w.write(f.timestampNs() + c, copy, 0, length, length);
                }
            }
        }
    }
}
