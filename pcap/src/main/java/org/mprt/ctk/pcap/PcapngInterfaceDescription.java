package org.mprt.ctk.pcap;

import static org.mprt.ctk.pcap.PcapngLayout.BLOCK_TRAILER_LENGTH;
import static org.mprt.ctk.pcap.PcapngLayout.IF_TSOFFSET;
import static org.mprt.ctk.pcap.PcapngLayout.IF_TSRESOL;
import static org.mprt.ctk.pcap.PcapngLayout.INTERFACE_OPTIONS_OFFSET;
import static org.mprt.ctk.pcap.PcapngLayout.LINK_TYPE_FIELD_OFFSET;
import static org.mprt.ctk.pcap.PcapngLayout.SNAP_LENGTH_FIELD_OFFSET;

import java.nio.ByteOrder;
import java.nio.file.Path;

/**
 * Reads an Interface Description Block into the section's {@link PcapngInterfaces}.
 *
 * <p>Only the two options that change how frames are read are interpreted: {@code if_tsresol}
 * (timestamp unit, microseconds when absent) and {@code if_tsoffset} (seconds to add to every
 * timestamp). The limits on {@code if_tsresol} are libpcap's, so that both readers accept and
 * reject the same files: a unit finer than 10^-19 or 2^-63 seconds cannot be counted in 64 bits.
 */
final class PcapngInterfaceDescription implements PcapngOptions.Visitor {
    private static final int BINARY_RESOLUTION_FLAG = 0x80;
    private static final int LARGEST_DECIMAL_EXPONENT = 19;
    private static final int LARGEST_BINARY_EXPONENT = 63;
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private final Path file;
    private final FileWindow window;
    private final PcapngInterfaces interfaces;
    /** What the options of the block being read set, and what reading them needs. */
    private long blockFrameNumber;
    private ByteOrder blockOrder;
    private int tsresol;
    private long offsetNs;

    PcapngInterfaceDescription(final Path file, final FileWindow window, final PcapngInterfaces interfaces) {
        this.file = file;
        this.window = window;
        this.interfaces = interfaces;
    }

    /** Adds the interface the block at {@code blockOffset} describes; the whole block is covered. */
    void read(final long frameNumber, final long blockOffset, final int lengthBytes, final ByteOrder order)
        throws CaptureFormatException {
        final int linkTypeNumber = window.unsignedShortAt(blockOffset + LINK_TYPE_FIELD_OFFSET, order);
        final long snapLengthBytes = window.unsignedIntAt(blockOffset + SNAP_LENGTH_FIELD_OFFSET, order);
        blockFrameNumber = frameNumber;
        blockOrder = order;
        tsresol = TimestampResolution.MICROSECONDS;
        offsetNs = 0;
        PcapngOptions.walk(file, window, frameNumber, "interface description block", blockOffset + INTERFACE_OPTIONS_OFFSET,
            blockOffset + lengthBytes - BLOCK_TRAILER_LENGTH, order, this);
        interfaces.add(linkTypeNumber, snapLengthBytes, tsresol, offsetNs);
    }

    @Override
    public void option(final int code, final long valueOffset, final int valueLengthBytes) throws CaptureFormatException {
        if (code == IF_TSRESOL && valueLengthBytes >= 1) {
            tsresol = window.unsignedByteAt(valueOffset);
            checkResolution(blockFrameNumber, valueOffset, tsresol);
        } else if (code == IF_TSOFFSET && valueLengthBytes >= Long.BYTES) {
            offsetNs = window.longAt(valueOffset, blockOrder) * NANOS_PER_SECOND;
        }
    }

    private void checkResolution(final long frameNumber, final long valueOffset, final int tsresol)
        throws CaptureFormatException {
        final boolean binary = (tsresol & BINARY_RESOLUTION_FLAG) != 0;
        final int exponent = tsresol & ~BINARY_RESOLUTION_FLAG;
        final int largestExponent = binary ? LARGEST_BINARY_EXPONENT : LARGEST_DECIMAL_EXPONENT;
        if (exponent > largestExponent) {
            final String base = binary ? "2^-" : "10^-";
            throw new CaptureFormatException(file, frameNumber, valueOffset,
                "interface description block has if_tsresol " + base + exponent + " seconds (expected at most "
                    + base + largestExponent + ")");
        }
    }
}
