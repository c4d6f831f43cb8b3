package org.mprt.ctk.pcap;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Writes a classic pcap file with nanosecond timestamps (magic {@code a1b23c4d}, version 2.4;
 * layout in {@link ClassicPcapLayout}), the form the kit's own captures take (STYLE.md rule 7).
 *
 * <p>Little-endian by default, as libpcap writes natively on x86; big-endian on request, so that
 * readers can be tested against both. Timestamps must fall between 1970 and 2106, the range of
 * the 32-bit seconds field.
 */
public final class PcapWriter implements CaptureWriter {
    /** libpcap's largest snap length: keeps every frame whole, jumbo frames included. */
    public static final int DEFAULT_SNAP_LENGTH_BYTES = ClassicPcapLayout.LIBPCAP_MAXIMUM_SNAP_LENGTH_BYTES;

    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    private static final long LARGEST_SECONDS = 0xFFFF_FFFFL;

    private final CaptureOutput output;
    private final int snapLengthBytes;

    private PcapWriter(final CaptureOutput output, final int snapLengthBytes) {
        this.output = output;
        this.snapLengthBytes = snapLengthBytes;
    }

    /** A little-endian file keeping whole frames. */
    public static PcapWriter create(final Path file, final LinkType linkType) throws IOException {
        return create(file, linkType, ByteOrder.LITTLE_ENDIAN, DEFAULT_SNAP_LENGTH_BYTES);
    }

    public static PcapWriter create(
        final Path file, final LinkType linkType, final ByteOrder order, final int snapLengthBytes)
        throws IOException {
        if (linkType == LinkType.UNKNOWN) {
            throw new IllegalArgumentException("linkType UNKNOWN has no number to write (expected a known link type)");
        }
        FrameLimits.checkSnapLength(snapLengthBytes);
        final CaptureOutput output = CaptureOutput.create(file, order);
        final PcapWriter writer = new PcapWriter(output, snapLengthBytes);
        try {
            output.reserve(ClassicPcapLayout.FILE_HEADER_LENGTH)
                .putInt(ClassicPcapLayout.MAGIC_NANOSECONDS)
                .putShort((short) ClassicPcapLayout.MAJOR_VERSION)
                .putShort((short) ClassicPcapLayout.MINOR_VERSION)
                .putInt(0)
                .putInt(0)
                .putInt(snapLengthBytes)
                .putInt(linkType.linkTypeNumber());
        } catch (final IOException e) {
            output.abort();
            throw e;
        }
        return writer;
    }

    @Override
    public void write(final long timestampNs, final ByteBuffer frame, final long originalLengthBytes)
        throws IOException {
        final int capturedLengthBytes = writeRecordHeader(timestampNs, frame.remaining(), originalLengthBytes);
        try {
            output.put(frame, frame.position(), capturedLengthBytes);
        } catch (final IOException e) {
            output.abort();
            throw e;
        }
    }

    @Override
    public void write(
        final long timestampNs, final byte[] frame, final int offset, final int lengthBytes,
        final long originalLengthBytes) throws IOException {
        Objects.checkFromIndexSize(offset, lengthBytes, frame.length);
        final int capturedLengthBytes = writeRecordHeader(timestampNs, lengthBytes, originalLengthBytes);
        try {
            output.put(frame, offset, capturedLengthBytes);
        } catch (final IOException e) {
            output.abort();
            throw e;
        }
    }

    @Override
    public void abort() {
        output.abort();
    }

    @Override
    public void close() throws IOException {
        output.commit();
    }

    private int writeRecordHeader(final long timestampNs, final int lengthBytes, final long originalLengthBytes)
        throws IOException {
        if (output.isFinished()) {
            throw new IllegalStateException("pcap writer for " + output.target() + " is already closed");
        }
        final int capturedLengthBytes =
            FrameLimits.capturedLengthBytes(timestampNs, lengthBytes, originalLengthBytes, snapLengthBytes);
        final long seconds = timestampNs / NANOS_PER_SECOND;
        if (seconds > LARGEST_SECONDS) {
            throw new IllegalArgumentException("timestampNs " + timestampNs
                + " is after 2106, past the 32-bit seconds of pcap (expected at most "
                + (LARGEST_SECONDS * NANOS_PER_SECOND + NANOS_PER_SECOND - 1) + ")");
        }
        try {
            output.reserve(ClassicPcapLayout.RECORD_HEADER_LENGTH)
                .putInt((int) seconds)
                .putInt((int) (timestampNs % NANOS_PER_SECOND))
                .putInt(capturedLengthBytes)
                .putInt((int) originalLengthBytes);
        } catch (final IOException e) {
            output.abort();
            throw e;
        }
        return capturedLengthBytes;
    }
}
