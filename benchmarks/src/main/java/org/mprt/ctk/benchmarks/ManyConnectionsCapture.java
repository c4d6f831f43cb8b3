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
 * The benchmark's exchange as many connections hold it, as a capture from a cluster does: the first
 * frames of an {@link MprtBenchmarkCapture} written for every connection, each copy's DestQP and SCN
 * moved to that connection's pair and its ICRC computed again. Each copy is a whole connection of its
 * own. Either all the connections at once ({@link #write}: each frame for every connection in turn,
 * one nanosecond after the copy before), or one after another ({@link #oneAfterAnother}: as a long
 * capture of a cluster holds many short connections). Judged against the original's frame count, it
 * shows whether what a frame costs grows with the connections.
 */
final class ManyConnectionsCapture {

    /** How far apart the connections' queue pair numbers lie: clear of every pair the exchange uses. */
    private static final int QP_STRIDE = 0x1000;

    private final byte[] copy = new byte[1 << 16];
    private final DecodedPacket packet = new DecodedPacket();

    private ManyConnectionsCapture() {
    }

    /** Writes {@code sourceFrames} frames of {@code source} (an MPRT capture over Ethernet and IPv4), each {@code connections} times. */
    static void write(final Path source, final Path file, final int connections, final long sourceFrames)
        throws IOException {
        final ManyConnectionsCapture copies = new ManyConnectionsCapture();
        final Frame f = new Frame();
        try (CaptureReader reader = CaptureReader.open(source); CaptureWriter w = writer(file)) {
            for (long n = 0; n < sourceFrames && reader.next(f); n++) {
                for (int c = 0; c < connections; c++) {
                    copies.write(w, f, c, source, f.timestampNs() + c);
                }
            }
        }
    }

    /**
     * Writes {@code connections} connections of the first {@code sourceFrames} frames of {@code source}
     * one after another, each begun {@code gapNs} after the one before.
     */
    static void oneAfterAnother(final Path source, final Path file, final int connections, final long sourceFrames,
                                final long gapNs) throws IOException {
        final ManyConnectionsCapture copies = new ManyConnectionsCapture();
        final Frame f = new Frame();
        try (CaptureWriter w = writer(file)) {
            for (int c = 0; c < connections; c++) {
                try (CaptureReader reader = CaptureReader.open(source)) {
                    for (long n = 0; n < sourceFrames && reader.next(f); n++) {
                        copies.write(w, f, c, source, f.timestampNs() + c * gapNs);
                    }
                }
            }
        }
    }

    private static CaptureWriter writer(final Path file) throws IOException {
        return PcapWriter.create(file, LinkType.ETHERNET, ByteOrder.LITTLE_ENDIAN, PcapWriter.DEFAULT_SNAP_LENGTH_BYTES);
    }

    /** Writes frame {@code f} as connection {@code c} sends it, stamped {@code ns}. */
    private void write(final CaptureWriter w, final Frame f, final int c, final Path source, final long ns)
        throws IOException {
        final int length = f.capturedLengthBytes();
        final DecodedPacket p = packet;
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
        w.write(ns, copy, 0, length, length);
    }
}
