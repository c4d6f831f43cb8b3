package org.mprt.ctk.verdict.report;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

/** A copy of a classic pcap file with some of its record headers rewritten, as writers the kit meets make them. */
final class ClassicPcapEdit {

    static final int SECONDS_OFFSET = 0;
    static final int FRACTION_OFFSET = 4;
    static final int CAPTURED_LENGTH_OFFSET = 8;
    static final int ORIGINAL_LENGTH_OFFSET = 12;
    private static final int FILE_HEADER_LENGTH = 24;
    private static final int RECORD_HEADER_LENGTH = 16;
    private static final int MAGIC_NANOSECONDS = 0xA1B23C4D;

    /** What to change in one record's header, at {@code header} of {@code bytes} (in the file's byte order). */
    @FunctionalInterface
    interface RecordEdit {
        void edit(long frameNumber, ByteBuffer bytes, int header, long unitsPerSecond);
    }

    private ClassicPcapEdit() {
    }

    /** {@code capture} copied to {@code copy}, each record's header handed to {@code edit} first. */
    static Path edited(final Path capture, final Path copy, final RecordEdit edit) throws IOException {
        final ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(capture));
        final int magic = bytes.getInt(0);
        final boolean bigEndian = magic == 0xA1B2C3D4 || magic == MAGIC_NANOSECONDS;
        bytes.order(bigEndian ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
        final long unitsPerSecond = bytes.getInt(0) == MAGIC_NANOSECONDS ? 1_000_000_000L : 1_000_000L;
        int record = FILE_HEADER_LENGTH;
        for (long n = 1; record < bytes.limit(); n++) {
            final int captured = bytes.getInt(record + CAPTURED_LENGTH_OFFSET);
            edit.edit(n, bytes, record, unitsPerSecond);
            record += RECORD_HEADER_LENGTH + captured;
        }
        return Files.write(copy, bytes.array());
    }
}
