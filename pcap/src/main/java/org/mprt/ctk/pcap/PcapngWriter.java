package org.mprt.ctk.pcap;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Objects;

/**
 * Writes a pcapng file: one Section Header Block, one Interface Description Block per
 * {@link #addInterface} and one Enhanced Packet Block per frame (layout in {@link PcapngLayout}).
 *
 * <p>Every interface declares {@code if_tsresol} = 9, so timestamps are stored as exact
 * nanoseconds since 1970. An interface may carry a name ({@code if_name}), e.g. the fabric port a
 * tap listens on. The section header carries no options and an unspecified section length, so
 * nothing about the host or the moment of writing reaches the file.
 */
public final class PcapngWriter implements CaptureWriter {
    /** libpcap's largest snap length: keeps every frame whole, jumbo frames included. */
    public static final int DEFAULT_SNAP_LENGTH_BYTES = ClassicPcapLayout.LIBPCAP_MAXIMUM_SNAP_LENGTH_BYTES;

    private static final int OPTION_TSRESOL_LENGTH_BYTES = 1;
    /** An epb_flags option and opt_endofopt: two option headers and the 32-bit flags word. */
    private static final int EPB_FLAGS_OPTION_BYTES = 2 * PcapngLayout.OPTION_HEADER_LENGTH + Integer.BYTES;
    private static final int LARGEST_OPTION_LENGTH_BYTES = 0xFFFF;
    private static final byte[] TSRESOL_PADDING =
        new byte[(int) PcapngLayout.padded(OPTION_TSRESOL_LENGTH_BYTES) - OPTION_TSRESOL_LENGTH_BYTES];

    private final CaptureOutput output;
    /** Snap length per interface id; {@code interfaceCount} of them are in use. */
    private int[] snapLengthsBytes = new int[1];
    private int interfaceCount;

    private PcapngWriter(final CaptureOutput output) {
        this.output = output;
    }

    /** A little-endian file with one unnamed interface 0 of {@code linkType}. */
    public static PcapngWriter create(final Path file, final LinkType linkType) throws IOException {
        final PcapngWriter writer = create(file, ByteOrder.LITTLE_ENDIAN);
        writer.addInterface("", linkType, DEFAULT_SNAP_LENGTH_BYTES);
        return writer;
    }

    /** A file with a section header only; add interfaces before writing frames on them. */
    public static PcapngWriter create(final Path file, final ByteOrder order) throws IOException {
        final CaptureOutput output = CaptureOutput.create(file, order);
        try {
            output.reserve(PcapngLayout.SECTION_HEADER_BLOCK_MINIMUM_LENGTH)
                .putInt(PcapngLayout.SECTION_HEADER_BLOCK)
                .putInt(PcapngLayout.SECTION_HEADER_BLOCK_MINIMUM_LENGTH)
                .putInt(PcapngLayout.BYTE_ORDER_MAGIC)
                .putShort((short) PcapngLayout.MAJOR_VERSION)
                .putShort((short) PcapngLayout.MINOR_VERSION)
                .putLong(PcapngLayout.SECTION_LENGTH_UNSPECIFIED)
                .putInt(PcapngLayout.SECTION_HEADER_BLOCK_MINIMUM_LENGTH);
        } catch (final IOException e) {
            output.abort();
            throw e;
        }
        return new PcapngWriter(output);
    }

    /**
     * Describes a new interface and returns its id, counted from 0. {@code name} becomes the
     * {@code if_name} option unless empty.
     */
    public int addInterface(final String name, final LinkType linkType, final int snapLengthBytes)
        throws IOException {
        checkOpen();
        if (linkType == LinkType.UNKNOWN) {
            throw new IllegalArgumentException("linkType UNKNOWN has no number to write (expected a known link type)");
        }
        FrameLimits.checkSnapLength(snapLengthBytes);
        final byte[] nameBytes = name.getBytes(StandardCharsets.UTF_8);
        if (nameBytes.length > LARGEST_OPTION_LENGTH_BYTES) {
            throw new IllegalArgumentException("interface name of " + nameBytes.length
                + " bytes (expected at most " + LARGEST_OPTION_LENGTH_BYTES + ")");
        }
        try {
            writeInterfaceDescription(nameBytes, linkType, snapLengthBytes);
        } catch (final IOException e) {
            output.abort();
            throw e;
        }
        if (interfaceCount == snapLengthsBytes.length) {
            snapLengthsBytes = Arrays.copyOf(snapLengthsBytes, interfaceCount * 2);
        }
        snapLengthsBytes[interfaceCount] = snapLengthBytes;
        return interfaceCount++;
    }

    /** Options: {@code if_name} when named, {@code if_tsresol} = 9, end of options. */
    private void writeInterfaceDescription(final byte[] nameBytes, final LinkType linkType, final int snapLengthBytes)
        throws IOException {
        final int nameOptionBytes = nameBytes.length == 0
            ? 0 : PcapngLayout.OPTION_HEADER_LENGTH + (int) PcapngLayout.padded(nameBytes.length);
        final int lengthBytes = PcapngLayout.INTERFACE_OPTIONS_OFFSET + nameOptionBytes
            + PcapngLayout.OPTION_HEADER_LENGTH + (int) PcapngLayout.padded(OPTION_TSRESOL_LENGTH_BYTES)
            + PcapngLayout.OPTION_HEADER_LENGTH + PcapngLayout.BLOCK_TRAILER_LENGTH;
        output.reserve(PcapngLayout.INTERFACE_OPTIONS_OFFSET)
            .putInt(PcapngLayout.INTERFACE_DESCRIPTION_BLOCK)
            .putInt(lengthBytes)
            .putShort((short) linkType.linkTypeNumber())
            .putShort((short) 0)
            .putInt(snapLengthBytes);
        if (nameBytes.length > 0) {
            output.reserve(PcapngLayout.OPTION_HEADER_LENGTH)
                .putShort((short) PcapngLayout.IF_NAME)
                .putShort((short) nameBytes.length);
            output.put(nameBytes, 0, nameBytes.length);
            output.padTo32Bits(nameBytes.length);
        }
        output.reserve(4 * Integer.BYTES)
            .putShort((short) PcapngLayout.IF_TSRESOL)
            .putShort((short) OPTION_TSRESOL_LENGTH_BYTES)
            .put((byte) TimestampResolution.NANOSECONDS)
            .put(TSRESOL_PADDING)
            .putShort((short) PcapngLayout.OPT_ENDOFOPT)
            .putShort((short) 0)
            .putInt(lengthBytes);
    }

    /** Writes on interface 0. */
    @Override
    public void write(final long timestampNs, final ByteBuffer frame, final long originalLengthBytes)
        throws IOException {
        write(0, timestampNs, frame, originalLengthBytes);
    }

    /** Writes on interface 0. */
    @Override
    public void write(
        final long timestampNs, final byte[] frame, final int offset, final int lengthBytes,
        final long originalLengthBytes) throws IOException {
        write(0, timestampNs, frame, offset, lengthBytes, originalLengthBytes);
    }

    /** Appends the bytes of {@code frame} from its position to its limit, as seen on {@code interfaceId}. */
    public void write(
        final int interfaceId, final long timestampNs, final ByteBuffer frame, final long originalLengthBytes)
        throws IOException {
        final int capturedLengthBytes =
            writeBlockHeader(interfaceId, timestampNs, frame.remaining(), originalLengthBytes, 0);
        try {
            output.put(frame, frame.position(), capturedLengthBytes);
            writeBlockTrailer(capturedLengthBytes, 0);
        } catch (final IOException e) {
            output.abort();
            throw e;
        }
    }

    /** Appends {@code lengthBytes} of {@code frame} from {@code offset}, as seen on {@code interfaceId}. */
    public void write(
        final int interfaceId, final long timestampNs, final byte[] frame, final int offset, final int lengthBytes,
        final long originalLengthBytes) throws IOException {
        write(interfaceId, timestampNs, frame, offset, lengthBytes, originalLengthBytes, LinkDirection.NOT_STATED);
    }

    /**
     * As {@link #write(int, long, byte[], int, int, long)}, saying in an epb_flags option which way the
     * capturing host saw the frame (none for NOT_STATED; NEITHER is written as not given).
     */
    public void write(
        final int interfaceId, final long timestampNs, final byte[] frame, final int offset, final int lengthBytes,
        final long originalLengthBytes, final LinkDirection direction) throws IOException {
        Objects.checkFromIndexSize(offset, lengthBytes, frame.length);
        final int flags = direction.pcapngFlags();
        final int capturedLengthBytes =
            writeBlockHeader(interfaceId, timestampNs, lengthBytes, originalLengthBytes, optionsBytes(flags));
        try {
            output.put(frame, offset, capturedLengthBytes);
            writeBlockTrailer(capturedLengthBytes, flags);
        } catch (final IOException e) {
            output.abort();
            throw e;
        }
    }

    /**
     * Appends a simple packet block on interface 0: no timestamp, no options, as some capture tools
     * write to save space. The block does not state its captured length, which a reader takes as the
     * smaller of {@code originalLengthBytes} and interface 0's snap length: {@code lengthBytes} must be that.
     */
    public void writeSimple(final byte[] frame, final int offset, final int lengthBytes, final long originalLengthBytes)
        throws IOException {
        Objects.checkFromIndexSize(offset, lengthBytes, frame.length);
        checkOpen();
        if (interfaceCount == 0) {
            throw new IllegalArgumentException("a simple packet block belongs to interface 0; add it first");
        }
        final int capturedLengthBytes = FrameLimits.capturedLengthBytes(0, lengthBytes, originalLengthBytes,
            snapLengthsBytes[0]);
        if (capturedLengthBytes != Math.min(originalLengthBytes, snapLengthsBytes[0])) {
            throw new IllegalArgumentException("a simple packet block of original length " + originalLengthBytes
                + " holds " + Math.min(originalLengthBytes, snapLengthsBytes[0]) + " bytes (its original length cut to"
                + " interface 0's snap length " + snapLengthsBytes[0] + "); " + lengthBytes + " given");
        }
        final long blockLengthBytes = PcapngLayout.SIMPLE_PACKET_BLOCK_MINIMUM_LENGTH
            + PcapngLayout.padded(capturedLengthBytes);
        try {
            output.reserve(PcapngLayout.SIMPLE_PACKET_DATA_OFFSET)
                .putInt(PcapngLayout.SIMPLE_PACKET_BLOCK)
                .putInt((int) blockLengthBytes)
                .putInt((int) originalLengthBytes);
            output.put(frame, offset, capturedLengthBytes);
            output.padTo32Bits(capturedLengthBytes);
            output.reserve(PcapngLayout.BLOCK_TRAILER_LENGTH).putInt((int) blockLengthBytes);
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

    private int writeBlockHeader(
        final int interfaceId, final long timestampNs, final int lengthBytes, final long originalLengthBytes,
        final int optionsBytes) throws IOException {
        checkOpen();
        if (interfaceId < 0 || interfaceId >= interfaceCount) {
            throw new IllegalArgumentException("interfaceId " + interfaceId + " (expected 0 to "
                + (interfaceCount - 1) + ", the interfaces added so far)");
        }
        final int capturedLengthBytes = FrameLimits.capturedLengthBytes(
            timestampNs, lengthBytes, originalLengthBytes, snapLengthsBytes[interfaceId]);
        try {
            output.reserve(PcapngLayout.PACKET_DATA_OFFSET)
                .putInt(PcapngLayout.ENHANCED_PACKET_BLOCK)
                .putInt((int) blockLengthBytes(capturedLengthBytes, optionsBytes))
                .putInt(interfaceId)
                .putInt((int) (timestampNs >>> 32))
                .putInt((int) timestampNs)
                .putInt(capturedLengthBytes)
                .putInt((int) originalLengthBytes);
        } catch (final IOException e) {
            output.abort();
            throw e;
        }
        return capturedLengthBytes;
    }

    /** Pads the packet data, writes the epb_flags option when {@code flags} is not 0, then the block's trailing length. */
    private void writeBlockTrailer(final int capturedLengthBytes, final int flags) throws IOException {
        output.padTo32Bits(capturedLengthBytes);
        if (flags != 0) {
            output.reserve(EPB_FLAGS_OPTION_BYTES)
                .putShort((short) PcapngLayout.EPB_FLAGS).putShort((short) Integer.BYTES).putInt(flags)
                .putShort((short) PcapngLayout.OPT_ENDOFOPT).putShort((short) 0);
        }
        output.reserve(PcapngLayout.BLOCK_TRAILER_LENGTH)
            .putInt((int) blockLengthBytes(capturedLengthBytes, optionsBytes(flags)));
    }

    private static int optionsBytes(final int flags) {
        return flags == 0 ? 0 : EPB_FLAGS_OPTION_BYTES;
    }

    /** A long, since a frame near 2 GiB still has a block length that fits the unsigned 32-bit field. */
    private static long blockLengthBytes(final int capturedLengthBytes, final int optionsBytes) {
        return PcapngLayout.ENHANCED_PACKET_BLOCK_MINIMUM_LENGTH + PcapngLayout.padded(capturedLengthBytes) + optionsBytes;
    }

    private void checkOpen() {
        if (output.isFinished()) {
            throw new IllegalStateException("pcapng writer for " + output.target() + " is already closed");
        }
    }
}
