package org.mprt.ctk.pcap;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A capture file that is not a well-formed pcap, pcapng or ERF file.
 *
 * <p>It is checked and extends {@link IOException} because a broken file is an input error of the
 * same kind as an unreadable one: the CLI maps both to exit code 2 (STYLE.md rule 13), and every
 * caller of {@link CaptureReader} already handles {@code IOException}. Content that is merely
 * unusual (a non-IP frame, an unknown link type, an odd timestamp) is never reported here; this
 * exception is only for framing the reader cannot step over safely.
 *
 * <p>The message is one line: {@code file <path>, frame <n>, byte offset <o>: <what was found,
 * and what was expected>}. The frame number is 1-based as Wireshark shows it and names the frame
 * the reader was looking for (frames already delivered + 1); it is 0 when the file header itself
 * (or a pcapng block before the first packet) is at fault, and the message then says "before the
 * first frame" where a frame 0 would puzzle a reader of Wireshark's numbers.
 */
public final class CaptureFormatException extends IOException {
    private static final long serialVersionUID = 1L;

    private final transient Path file;
    private final long frameNumber;
    private final long byteOffset;
    private final String detail;

    public CaptureFormatException(
        final Path file, final long frameNumber, final long byteOffset, final String detail) {
        super("file " + file + ", " + (frameNumber > 0 ? "frame " + frameNumber : "before the first frame") + ", byte offset "
            + byteOffset + ": " + detail);
        this.file = file;
        this.frameNumber = frameNumber;
        this.byteOffset = byteOffset;
        this.detail = detail;
    }

    /** The capture file at fault. */
    public Path file() {
        return file;
    }

    /** 1-based number of the frame being read, 0 for the file header. */
    public long frameNumber() {
        return frameNumber;
    }

    /** Offset in the file of the field or record that is at fault. */
    public long byteOffset() {
        return byteOffset;
    }

    /** What was found and what was expected, without the location prefix. */
    public String detail() {
        return detail;
    }
}
