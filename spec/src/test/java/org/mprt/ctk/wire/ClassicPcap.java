package org.mprt.ctk.wire;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;

/**
 * Test-only reader of classic pcap files (24-byte global header, 16-byte record headers, either
 * byte order, Ethernet link type). The kit's real pcap reader lives in the pcap module; the spec
 * module must not depend on it.
 */
public final class ClassicPcap {

    /** The external capture from real RoCEv2 NICs, relative to the spec module's folder. */
    public static final Path EXTERNAL_CAPTURE = Path.of("../../shared/captures-external/oferby-proxy_roce.pcap");

    private static final int LINKTYPE_ETHERNET = 1;

    private ClassicPcap() {
    }

    /** Skips the test unless the external capture is beside the project (it is not copied into it). */
    public static void assumeExternalCapture() {
        Assumptions.assumeTrue(Files.isReadable(EXTERNAL_CAPTURE),
            "skipped: the external capture " + EXTERNAL_CAPTURE.toAbsolutePath().normalize() + " is absent");
    }

    /** Every frame's captured bytes, in file order (frame number = index + 1). */
    public static List<byte[]> readFrames(final Path file) throws IOException {
        final ByteBuffer data = ByteBuffer.wrap(Files.readAllBytes(file));
        final int magic = data.order(ByteOrder.LITTLE_ENDIAN).getInt(0);
        if (magic == 0xa1b2c3d4 || magic == 0xa1b23c4d) {
            data.order(ByteOrder.LITTLE_ENDIAN);
        } else {
            data.order(ByteOrder.BIG_ENDIAN);
            final int swapped = data.getInt(0);
            if (swapped != 0xa1b2c3d4 && swapped != 0xa1b23c4d) {
                throw new IOException(file + " is not a classic pcap file");
            }
        }
        if (data.getInt(20) != LINKTYPE_ETHERNET) {
            throw new IOException(file + " has link type " + data.getInt(20) + ", expected Ethernet");
        }
        final List<byte[]> frames = new ArrayList<>();
        int position = 24;
        while (position + 16 <= data.limit()) {
            final int captured = data.getInt(position + 8);
            position += 16;
            final byte[] frame = new byte[captured];
            data.get(position, frame);
            frames.add(frame);
            position += captured;
        }
        return frames;
    }

    /** Writes frames as a classic microsecond pcap with Ethernet link type. */
    public static void writeFrames(final Path file, final List<byte[]> frames) throws IOException {
        int size = 24;
        for (final byte[] frame : frames) {
            size += 16 + frame.length;
        }
        final ByteBuffer out = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
        out.putInt(0xa1b2c3d4).putShort((short) 2).putShort((short) 4).putInt(0).putInt(0).putInt(262144)
            .putInt(LINKTYPE_ETHERNET);
        int second = 0;
        for (final byte[] frame : frames) {
            out.putInt(second++).putInt(0).putInt(frame.length).putInt(frame.length).put(frame);
        }
        Files.write(file, out.array());
    }
}
