package org.mprt.ctk.verdict.captures;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The malformed captures of {@code captures/malformed/}: files a user might hand the kit that are
 * not well-formed pcap or pcapng. Written byte by byte, since no writer would produce them.
 */
final class MalformedCaptures {

    private MalformedCaptures() {
    }

    static void writeAll(final Path capturesDir) throws IOException {
        final Path dir = capturesDir.resolve("malformed");
        Files.createDirectories(dir);
        Files.write(dir.resolve("empty.pcap"), new byte[0]);
        Files.write(dir.resolve("bad-magic.pcap"), globalHeader(0xDEADBEEF).array());
        Files.write(dir.resolve("truncated-record.pcap"), truncatedRecord());
        Files.write(dir.resolve("huge-length.pcap"), hugeLength());
        Files.write(dir.resolve("bad-block-length.pcapng"), badBlockLength());
    }

    /** A little-endian nanosecond pcap global header (24 bytes), Ethernet, snap length 65535. */
    private static ByteBuffer globalHeader(final int magic) {
        final ByteBuffer b = ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(magic).putShort((short) 2).putShort((short) 4).putInt(0).putInt(0).putInt(65535).putInt(1);
        return b;
    }

    private static ByteBuffer record(final int capturedLength, final int originalLength, final int dataBytes) {
        final ByteBuffer b = ByteBuffer.allocate(16 + dataBytes).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(1_767_225_600).putInt(0).putInt(capturedLength).putInt(originalLength);
        return b;
    }

    /** One whole 60-byte frame, then a record header claiming 60 bytes followed by only 20. */
    private static byte[] truncatedRecord() {
        final ByteBuffer out = ByteBuffer.allocate(24 + 16 + 60 + 16 + 20);
        out.put(globalHeader(0xA1B23C4D).array());
        out.put(record(60, 60, 60).array());
        final ByteBuffer second = record(60, 60, 20);
        out.put(second.array());
        return out.array();
    }

    /** A record header claiming a captured length of 0xFFFFFFFF bytes. */
    private static byte[] hugeLength() {
        final ByteBuffer out = ByteBuffer.allocate(24 + 16 + 60);
        out.put(globalHeader(0xA1B23C4D).array());
        out.put(record(-1, -1, 60).array());
        return out.array();
    }

    /** A section header block, then a block whose total length (13) is not a multiple of 4. */
    private static byte[] badBlockLength() {
        final ByteBuffer b = ByteBuffer.allocate(28 + 16).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(0x0A0D0D0A).putInt(28).putInt(0x1A2B3C4D).putShort((short) 1).putShort((short) 0)
            .putLong(-1L).putInt(28);
        b.putInt(1).putInt(13).putInt(0).putInt(13);
        return b.array();
    }
}
