package org.mprt.ctk.pcap;

import static org.mprt.ctk.pcap.ErfLayout.ANOTHER_EXTENSION;
import static org.mprt.ctk.pcap.ErfLayout.EXTENSION_HEADER_LENGTH;
import static org.mprt.ctk.pcap.ErfLayout.HEADER_LENGTH;
import static org.mprt.ctk.pcap.ErfLayout.LARGEST_TYPE;
import static org.mprt.ctk.pcap.ErfLayout.RECORD_LENGTH_FIELD_OFFSET;
import static org.mprt.ctk.pcap.ErfLayout.TIMESTAMP_FIELD_OFFSET;
import static org.mprt.ctk.pcap.ErfLayout.TYPE_FIELD_OFFSET;
import static org.mprt.ctk.pcap.ErfLayout.TYPE_MASK;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Path;

/**
 * Reads a native ERF file, the records an Endace capture card writes one after another with no file
 * header (layout in {@link ErfLayout}). Each record becomes a frame of LINKTYPE_ERF, whole, as a pcap
 * file of that link type holds it, so that the link layer reads it alike; its time is the record's own
 * 32.32 fixed-point timestamp, to the nearest nanosecond.
 *
 * <p>An ERF file has no magic number: a file that is none of the other formats is taken for one when
 * its first records have ERF headers one after another ({@link #looksLikeErf}), much as Wireshark
 * tells them.
 */
final class ErfFileDecoder implements RecordDecoder {

    /** Records whose headers must hold up before a file without magic is taken for ERF. */
    static final int RECORDS_CHECKED = 3;

    private final Path file;
    private final FileWindow window;
    private long position;

    ErfFileDecoder(final Path file, final FileWindow window) {
        this.file = file;
        this.window = window;
    }

    /**
     * True when the file's first records, up to {@link #RECORDS_CHECKED}, have ERF headers: of a known
     * type, long enough for their extension headers, each starting where the one before ends, the first
     * within the file. A later one may run past the end (a capture cut short is reported at that record).
     */
    static boolean looksLikeErf(final FileWindow window) throws IOException {
        long at = 0;
        for (int k = 0; k < RECORDS_CHECKED && at < window.fileSizeBytes(); k++) {
            final long remaining = window.fileSizeBytes() - at;
            if (remaining < HEADER_LENGTH) {
                return k > 0;
            }
            window.cover(at, HEADER_LENGTH);
            final int typeByte = window.unsignedByteAt(at + TYPE_FIELD_OFFSET);
            final int type = typeByte & TYPE_MASK;
            final int length = window.unsignedShortAt(at + RECORD_LENGTH_FIELD_OFFSET, ByteOrder.BIG_ENDIAN);
            final int least = HEADER_LENGTH + ((typeByte & ANOTHER_EXTENSION) != 0 ? EXTENSION_HEADER_LENGTH : 0);
            if (type < 1 || type > LARGEST_TYPE || length < least || k == 0 && length > remaining) {
                return false;
            }
            at += length;
        }
        return true;
    }

    @Override
    public boolean next(final Frame frame, final long frameNumber) throws IOException {
        final long recordOffset = position;
        if (!window.recordHeaderAt(file, frameNumber, recordOffset, HEADER_LENGTH, "an ERF record header")) {
            return false;
        }
        final long remainingBytes = window.fileSizeBytes() - recordOffset;
        final int length = window.unsignedShortAt(recordOffset + RECORD_LENGTH_FIELD_OFFSET, ByteOrder.BIG_ENDIAN);
        if (length < HEADER_LENGTH) {
            throw new CaptureFormatException(file, frameNumber, recordOffset + RECORD_LENGTH_FIELD_OFFSET, "ERF record"
                + " length " + length + " (expected at least the " + HEADER_LENGTH + "-byte header)");
        }
        if (length > remainingBytes) {
            throw new CaptureFormatException(file, frameNumber, recordOffset, "file ends mid-record: the ERF record"
                + " claims " + length + " bytes, but only " + remainingBytes + " remain");
        }
        final long timestamp = window.longAt(recordOffset + TIMESTAMP_FIELD_OFFSET, ByteOrder.LITTLE_ENDIAN);
        window.cover(recordOffset, length);
        frame.fill(frameNumber, ErfLayout.timestampNs(timestamp), length, length, LinkType.ERF.linkTypeNumber(),
            LinkType.ERF, 0, recordOffset);
        frame.data(window, recordOffset);
        position = recordOffset + length;
        return true;
    }
}
