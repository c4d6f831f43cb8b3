package org.mprt.ctk.verdict.captures;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.mprt.ctk.pcap.LinkType;
import org.mprt.ctk.pcap.PcapWriter;

/**
 * One crafted classic pcap file: its path under captures/, its link type, its snap length and its
 * frames with their times. Times are offsets from 2026-01-01T00:00:00Z, so tools show a sane date.
 */
final class CaptureFile {

    /** A frame and when it was captured, in nanoseconds after the capture's epoch. */
    record Timed(long atNs, byte[] bytes) {
    }

    private final String name;
    private final LinkType linkType;
    private final int snapLengthBytes;
    private final List<Timed> frames = new ArrayList<>();

    CaptureFile(final String name, final LinkType linkType, final int snapLengthBytes) {
        this.name = name;
        this.linkType = linkType;
        this.snapLengthBytes = snapLengthBytes;
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
}
