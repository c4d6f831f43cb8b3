package org.mprt.ctk.pcap;

import static org.mprt.ctk.pcap.ClassicPcapLayout.CAPTURED_LENGTH_FIELD_OFFSET;
import static org.mprt.ctk.pcap.ClassicPcapLayout.FILE_HEADER_LENGTH;
import static org.mprt.ctk.pcap.ClassicPcapLayout.LIBPCAP_MAXIMUM_SNAP_LENGTH_BYTES;
import static org.mprt.ctk.pcap.ClassicPcapLayout.LINK_TYPE_FIELD_OFFSET;
import static org.mprt.ctk.pcap.ClassicPcapLayout.LINK_TYPE_MASK;
import static org.mprt.ctk.pcap.ClassicPcapLayout.MAJOR_VERSION;
import static org.mprt.ctk.pcap.ClassicPcapLayout.MAJOR_VERSION_FIELD_OFFSET;
import static org.mprt.ctk.pcap.ClassicPcapLayout.MINOR_VERSION;
import static org.mprt.ctk.pcap.ClassicPcapLayout.MINOR_VERSION_FIELD_OFFSET;
import static org.mprt.ctk.pcap.ClassicPcapLayout.ORIGINAL_LENGTH_FIELD_OFFSET;
import static org.mprt.ctk.pcap.ClassicPcapLayout.RECORD_HEADER_LENGTH;
import static org.mprt.ctk.pcap.ClassicPcapLayout.SNAP_LENGTH_FIELD_OFFSET;
import static org.mprt.ctk.pcap.ClassicPcapLayout.TIMESTAMP_FRACTION_FIELD_OFFSET;
import static org.mprt.ctk.pcap.ClassicPcapLayout.TIMESTAMP_SECONDS_FIELD_OFFSET;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Path;

/**
 * Reads the packet records of a classic pcap file (layout in {@link ClassicPcapLayout}).
 *
 * <p>Lengths in a record header are checked before anything is mapped, so a forged length (up to
 * 4 GiB) costs nothing and is reported with the record's offset.
 */
final class ClassicPcapDecoder implements RecordDecoder {
    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    private static final long NANOS_PER_MICROSECOND = 1_000L;
    /** DG/UX tcpdump wrote version 543.0; libpcap still accepts it, and so do we. */
    private static final int DGUX_MAJOR_VERSION = 543;

    private final Path file;
    private final FileWindow window;
    private final ByteOrder order;
    private final long nsPerFractionUnit;
    private final long snapLengthBytes;
    private final int linkTypeNumber;
    private final LinkType linkType;
    private long position = FILE_HEADER_LENGTH;

    ClassicPcapDecoder(final Path file, final FileWindow window, final ByteOrder order, final boolean nanoseconds)
        throws IOException {
        this.file = file;
        this.window = window;
        this.order = order;
        this.nsPerFractionUnit = nanoseconds ? 1L : NANOS_PER_MICROSECOND;
        if (window.fileSizeBytes() < FILE_HEADER_LENGTH) {
            throw new CaptureFormatException(file, 0, 0, "file is " + window.fileSizeBytes()
                + " bytes long, shorter than the pcap file header (expected at least " + FILE_HEADER_LENGTH
                + " bytes)");
        }
        window.cover(0, FILE_HEADER_LENGTH);
        final int majorVersion = window.unsignedShortAt(MAJOR_VERSION_FIELD_OFFSET, order);
        final int minorVersion = window.unsignedShortAt(MINOR_VERSION_FIELD_OFFSET, order);
        if (!(majorVersion == MAJOR_VERSION && minorVersion <= MINOR_VERSION)
            && !(majorVersion == DGUX_MAJOR_VERSION && minorVersion == 0)) {
            throw new CaptureFormatException(file, 0, MAJOR_VERSION_FIELD_OFFSET, "pcap version " + majorVersion
                + "." + minorVersion + " (expected " + MAJOR_VERSION + ".0 to " + MAJOR_VERSION + "." + MINOR_VERSION
                + ")");
        }
        this.snapLengthBytes = window.unsignedIntAt(SNAP_LENGTH_FIELD_OFFSET, order);
        this.linkTypeNumber = window.intAt(LINK_TYPE_FIELD_OFFSET, order) & LINK_TYPE_MASK;
        this.linkType = LinkType.fromLinkTypeNumber(linkTypeNumber);
    }

    @Override
    public boolean next(final Frame frame, final long frameNumber) throws IOException {
        final long recordOffset = position;
        if (!window.recordHeaderAt(file, frameNumber, recordOffset, RECORD_HEADER_LENGTH, "a record header")) {
            return false;
        }
        final long remainingBytes = window.fileSizeBytes() - recordOffset;
        final long capturedLengthBytes = window.unsignedIntAt(recordOffset + CAPTURED_LENGTH_FIELD_OFFSET, order);
        final long originalLengthBytes = window.unsignedIntAt(recordOffset + ORIGINAL_LENGTH_FIELD_OFFSET, order);
        checkCapturedLength(frameNumber, recordOffset, capturedLengthBytes, remainingBytes);
        final long seconds = window.unsignedIntAt(recordOffset + TIMESTAMP_SECONDS_FIELD_OFFSET, order);
        final long fraction = window.unsignedIntAt(recordOffset + TIMESTAMP_FRACTION_FIELD_OFFSET, order);

        final int recordLengthBytes = RECORD_HEADER_LENGTH + (int) capturedLengthBytes;
        window.cover(recordOffset, recordLengthBytes);
        final long fractionOfSecondNs = fraction * nsPerFractionUnit;
        frame.fill(frameNumber, seconds * NANOS_PER_SECOND + fractionOfSecondNs, (int) capturedLengthBytes,
            originalLengthBytes, linkTypeNumber, linkType, 0, recordOffset);
        if (fractionOfSecondNs >= NANOS_PER_SECOND) {
            // Past the field's range: carried into the seconds, and told (Frame.overlongFractionNs).
            frame.overlongFraction(fractionOfSecondNs);
        }
        frame.data(window, recordOffset + RECORD_HEADER_LENGTH);
        position = recordOffset + recordLengthBytes;
        return true;
    }

    private void checkCapturedLength(
        final long frameNumber,
        final long recordOffset,
        final long capturedLengthBytes,
        final long remainingBytes) throws CaptureFormatException {
        final long allowedBytes = Math.max(snapLengthBytes, LIBPCAP_MAXIMUM_SNAP_LENGTH_BYTES);
        if (capturedLengthBytes > allowedBytes) {
            throw new CaptureFormatException(file, frameNumber, recordOffset, "record header claims captured length "
                + capturedLengthBytes + ", over the snap length " + snapLengthBytes + " (expected at most "
                + allowedBytes + ")");
        }
        final long largestBytes = window.windowSizeBytes() - RECORD_HEADER_LENGTH;
        if (capturedLengthBytes > largestBytes) {
            throw new CaptureFormatException(file, frameNumber, recordOffset, "record header claims captured length "
                + capturedLengthBytes + ", over the largest frame this reader holds (expected at most "
                + largestBytes + ")");
        }
        if (RECORD_HEADER_LENGTH + capturedLengthBytes > remainingBytes) {
            throw new CaptureFormatException(file, frameNumber, recordOffset, "file ends mid-frame: record claims "
                + capturedLengthBytes + " captured bytes, but only " + (remainingBytes - RECORD_HEADER_LENGTH)
                + " bytes follow the record header");
        }
    }
}
