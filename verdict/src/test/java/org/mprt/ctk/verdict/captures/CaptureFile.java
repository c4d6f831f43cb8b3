package org.mprt.ctk.verdict.captures;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.zip.CRC32;
import org.mprt.ctk.pcap.LinkType;
import org.mprt.ctk.pcap.PcapWriter;
import org.mprt.ctk.pcap.PcapngWriter;
import org.mprt.ctk.wire.icrc.Icrc;
import org.mprt.ctk.wire.ip.InternetChecksum;
import org.mprt.ctk.wire.ip.NetworkKind;

/**
 * One crafted classic pcap file (or pcapng, {@link #untimed}): its path under captures/, its link type, its snap length and its
 * frames with their times. Times are offsets from 2026-01-01T00:00:00Z, so tools show a sane date.
 */
final class CaptureFile {

    /** A frame and when it was captured, in nanoseconds after the capture's epoch. */
    record Timed(long atNs, byte[] bytes) {
    }

    private final String name;
    private final LinkType linkType;
    private final int snapLengthBytes;
    /** False for a pcapng file of simple packet blocks, which record no time. */
    private final boolean timed;
    private final List<Timed> frames = new ArrayList<>();

    CaptureFile(final String name, final LinkType linkType, final int snapLengthBytes) {
        this(name, linkType, snapLengthBytes, true);
    }

    private CaptureFile(final String name, final LinkType linkType, final int snapLengthBytes, final boolean timed) {
        this.name = name;
        this.linkType = linkType;
        this.snapLengthBytes = snapLengthBytes;
        this.timed = timed;
    }

    /** The same frames in the same order, as a pcapng file of simple packet blocks, which record no time. */
    static CaptureFile untimed(final String name, final CaptureFile timed) {
        final CaptureFile copy = new CaptureFile(name, timed.linkType, timed.snapLengthBytes, false);
        copy.frames.addAll(timed.frames);
        return copy;
    }

    /** An Ethernet capture that keeps whole frames. */
    static CaptureFile ethernet(final String name) {
        return new CaptureFile(name, LinkType.ETHERNET, PcapWriter.DEFAULT_SNAP_LENGTH_BYTES);
    }

    String name() {
        return name;
    }

    List<Timed> frames() {
        return frames;
    }

    /** Appends a frame captured {@code atMicros} microseconds (fractions allowed) after the epoch. */
    CaptureFile at(final double atMicros, final byte[] frame) {
        frames.add(new Timed(Math.round(atMicros * 1000), frame));
        return this;
    }

    /**
     * Puts the frames in the order of their times, those of one time in the order added: for a capture
     * built one connection at a time whose packets interleave on the wire.
     */
    CaptureFile inTimeOrder() {
        frames.sort(Comparator.comparingLong(Timed::atNs));
        return this;
    }

    /** The same frames, one microsecond apart. */
    static CaptureFile spaced(final String name, final LinkType linkType, final int snapLengthBytes,
                              final List<byte[]> frames) {
        final CaptureFile file = new CaptureFile(name, linkType, snapLengthBytes);
        for (int i = 0; i < frames.size(); i++) {
            file.at(i, frames.get(i));
        }
        return file;
    }

    void write(final Path capturesDir) throws IOException {
        final Path file = capturesDir.resolve(name);
        Files.createDirectories(file.getParent());
        if (name.endsWith(".erf")) {
            // A native ERF file: the records one after another, each stamped by its own header (erf()).
            try (OutputStream out = Files.newOutputStream(file)) {
                for (final Timed t : frames) {
                    out.write(t.bytes());
                }
            }
            return;
        }
        if (!timed) {
            try (PcapngWriter w = PcapngWriter.create(file, ByteOrder.LITTLE_ENDIAN)) {
                w.addInterface("", linkType, snapLengthBytes);
                for (final Timed t : frames) {
                    w.writeSimple(t.bytes(), 0, Math.min(t.bytes().length, snapLengthBytes), t.bytes().length);
                }
            }
            return;
        }
        try (PcapWriter w = PcapWriter.create(file, linkType, ByteOrder.LITTLE_ENDIAN, snapLengthBytes)) {
            for (final Timed t : frames) {
                w.write(WireCaptures.EPOCH_NS + t.atNs(), t.bytes());
            }
        }
    }

    /**
     * An Ethernet II frame (untagged) as a Linux cooked capture v2 (LINKTYPE_LINUX_SLL2) records it:
     * a 20-byte header holding the EtherType, interface index 1, ARPHRD_ETHER, the packet type
     * (4, outgoing, for frames from node A; 0, to this host, for the others) and the source MAC
     * address, then the frame after its Ethernet header.
     */
    static byte[] linuxSll2(final byte[] ethernet) {
        final ByteBuffer in = ByteBuffer.wrap(ethernet);
        final long source = (in.getInt(6) & 0xFFFF_FFFFL) << 16 | (in.getShort(10) & 0xFFFF);
        final ByteBuffer out = ByteBuffer.allocate(ethernet.length - 14 + 20);
        out.putShort(in.getShort(12)).putShort((short) 0).putInt(1).putShort((short) 1)
            .put((byte) (source == FrameFactory.MAC_A ? 4 : 0)).put((byte) 6);
        out.put(ethernet, 6, 6).putShort((short) 0);
        out.put(ethernet, 14, ethernet.length - 14);
        return out.array();
    }

    /**
     * The frame as a capture on its sending host holds it when the NIC offloads the UDP checksum: an
     * untagged IPv4 or IPv6 UDP datagram gets, in its checksum field, the pseudo-header's partial sum
     * the NIC would complete (the ICRC masks the field, so it stays right). Other frames are copied.
     */
    static byte[] checksumOffloaded(final byte[] ethernet) {
        final ByteBuffer frame = ByteBuffer.wrap(ethernet.clone());
        final int etherType = frame.getShort(12) & 0xFFFF;
        final NetworkKind kind = etherType == 0x0800 ? NetworkKind.IPV4 : etherType == 0x86DD ? NetworkKind.IPV6 : null;
        if (kind == null || (kind == NetworkKind.IPV4 ? frame.get(14 + 9) : frame.get(14 + 6)) != 17) {
            return frame.array();
        }
        final int udp = 14 + (kind == NetworkKind.IPV4 ? (frame.get(14) & 0x0F) * 4 : 40);
        final int udpLength = frame.getShort(udp + 4) & 0xFFFF;
        frame.putShort(udp + 6, (short) InternetChecksum.udpOffloadPartialChecksum(frame, 14, kind, udpLength));
        return frame.array();
    }

    /**
     * The frame as a capture on the loopback interface of one host running both nodes holds it
     * (Linux: Ethernet with zero addresses): plane p's addresses 10.p.0.n become 127.0.p.n, with the
     * IPv4 checksum and the ICRC made right again, and the UDP checksum is the partial sum loopback's
     * checksum offload leaves. Null for a frame that is not IPv4 (an ARP request does not cross loopback).
     */
    static byte[] onLoopback(final byte[] ethernet) {
        final ByteBuffer frame = ByteBuffer.wrap(ethernet.clone());
        if ((frame.getShort(12) & 0xFFFF) != 0x0800) {
            return null;
        }
        frame.putInt(0, 0).putLong(4, 0);
        for (final int at : new int[] {14 + 12, 14 + 16}) {
            final int a = frame.getInt(at);
            frame.putInt(at, 0x7F00_0000 | (a & 0x00FF_0000) >>> 8 | a & 0xFF);
        }
        frame.putShort(14 + 10, (short) 0);
        frame.putShort(14 + 10, (short) InternetChecksum.ipv4HeaderChecksum(frame, 14, 20));
        if (frame.get(14 + 9) == 17 && (frame.getShort(14 + 20 + 2) & 0xFFFF) == 4791) {
            Icrc.update(frame, 14, NetworkKind.IPV4, frame.limit() - Icrc.ICRC_LENGTH);
        }
        return checksumOffloaded(frame.array());
    }

    /** The same frames at the same times as a capture on loopback holds them ({@link #onLoopback}). */
    static CaptureFile onLoopback(final String name, final CaptureFile wire) {
        final CaptureFile local = new CaptureFile(name, LinkType.ETHERNET, wire.snapLengthBytes);
        for (final Timed t : wire.frames()) {
            final byte[] frame = onLoopback(t.bytes());
            if (frame != null) {
                local.frames.add(new Timed(t.atNs(), frame));
            }
        }
        return local;
    }

    /** The collector's side of a remote mirror: its MAC addresses, the mirroring switch's and its own IPv4 address. */
    private static final long COLLECTOR_MAC = 0x02_00_00_00_00_C0L;
    private static final long SWITCH_MAC = 0x02_00_00_00_00_5CL;
    private static final int SWITCH_IP = 0xC0A8_0001;
    private static final int COLLECTOR_IP = 0xC0A8_0002;
    private static final int ERSPAN_SESSION = 5;
    private static final int VXLAN_PORT = 4789;
    private static final int VXLAN_NETWORK = 42;
    /** An ERF record's header before its extension headers and Ethernet offset and pad bytes. */
    private static final int ERF_HEADER = 16;

    /**
     * A mirrored frame as a switch's ERSPAN type II session delivers it to a remote collector:
     * Ethernet and IPv4 to the collector, GRE (protocol 0x88BE, with sequence number
     * {@code sequence}), an ERSPAN header (version 1, session 5), then the frame as it crossed the port.
     */
    static byte[] erspanII(final byte[] mirrored, final int sequence) {
        return erspanII(mirrored, sequence, mirrored.length);
    }

    /**
     * As {@link #erspanII(byte[], int)} from a session that cuts each mirrored frame to {@code keepBytes}:
     * a frame it cut carries the T bit.
     */
    static byte[] erspanII(final byte[] mirrored, final int sequence, final int keepBytes) {
        final int kept = Math.min(keepBytes, mirrored.length);
        final ByteBuffer tunnel = ByteBuffer.allocate(8 + 8 + kept);
        tunnel.putShort((short) 0x1000).putShort((short) 0x88BE).putInt(sequence)
            .putShort((short) (1 << 12)).putShort((short) (ERSPAN_SESSION | (kept < mirrored.length ? 0x0400 : 0)))
            .putInt(0).put(mirrored, 0, kept);
        return toCollector(47, tunnel.array());
    }

    /**
     * A mirrored frame as a cloud's traffic mirror delivers it: Ethernet and IPv4 to the collector,
     * UDP to port 4789 (its source port from the frame's length, as a flow hash would vary it), a
     * VXLAN header (network 42), then the frame.
     */
    static byte[] vxlan(final byte[] mirrored) {
        final ByteBuffer udp = ByteBuffer.allocate(8 + 8 + mirrored.length);
        udp.putShort((short) (0xC000 | mirrored.length)).putShort((short) VXLAN_PORT).putShort((short) udp.capacity())
            .putShort((short) 0).putInt(0x0800_0000).putInt(VXLAN_NETWORK << 8).put(mirrored);
        return toCollector(17, udp.array());
    }

    /**
     * An Ethernet frame as an Endace capture card records it (LINKTYPE_ERF): a 16-byte ERF header of type
     * 2 (Ethernet, no extension header) whose wire length counts the frame and its FCS, the 2 offset and
     * pad bytes, then the frame and its FCS as the card received them, cut to {@code keepBytes} when the
     * card keeps fewer, and the record padded to a multiple of 8 bytes as cards write them. The record's
     * timestamp (32.32 fixed point, little-endian) is the {@code index}-th microsecond after the epoch, as
     * {@link #spaced} stamps the pcap record of the {@code index}-th frame.
     */
    static byte[] erf(final byte[] ethernet, final int index, final int keepBytes) {
        final ByteBuffer wire = ByteBuffer.allocate(ethernet.length + 4).put(ethernet);
        final CRC32 fcs = new CRC32();
        fcs.update(ethernet);
        wire.order(ByteOrder.LITTLE_ENDIAN).putInt((int) fcs.getValue());
        final int kept = Math.min(keepBytes, wire.capacity());
        final int length = (ERF_HEADER + 2 + kept + 7) / 8 * 8;
        final ByteBuffer record = ByteBuffer.allocate(length);
        final long ns = WireCaptures.EPOCH_NS + index * 1_000L;
        final long fraction = (ns % 1_000_000_000L << 32) / 1_000_000_000L;
        record.order(ByteOrder.LITTLE_ENDIAN).putLong(ns / 1_000_000_000L << 32 | fraction).order(ByteOrder.BIG_ENDIAN)
            .put((byte) 2).put((byte) 0).putShort((short) length).putShort((short) 0).putShort((short) wire.capacity())
            .putShort((short) 0).put(wire.array(), 0, kept);
        return record.array();
    }

    private static byte[] toCollector(final int protocol, final byte[] ipPayload) {
        final ByteBuffer out = ByteBuffer.allocate(14 + 20 + ipPayload.length);
        out.putShort((short) (COLLECTOR_MAC >>> 32)).putInt((int) COLLECTOR_MAC)
            .putShort((short) (SWITCH_MAC >>> 32)).putInt((int) SWITCH_MAC).putShort((short) 0x0800);
        out.put((byte) 0x45).put((byte) 0).putShort((short) (20 + ipPayload.length)).putShort((short) 0)
            .putShort((short) 0x4000).put((byte) 64).put((byte) protocol).putShort((short) 0)
            .putInt(SWITCH_IP).putInt(COLLECTOR_IP);
        out.putShort(24, (short) InternetChecksum.ipv4HeaderChecksum(out, 14, 20));
        out.put(ipPayload);
        return out.array();
    }
}
