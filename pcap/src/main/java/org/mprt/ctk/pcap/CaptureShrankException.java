package org.mprt.ctk.pcap;

import java.io.EOFException;
import java.nio.file.Path;

/**
 * The capture file ended before bytes it held when it was opened: something truncated or rewrote it
 * while it was being read. Not the capture's fault as written, nor the reader's; the message names
 * the file, the frame being read (when there was one) and the byte offset where the file now ends.
 */
public final class CaptureShrankException extends EOFException {

    private static final long serialVersionUID = 1L;

    private final transient Path file;
    private final long frameNumber;

    CaptureShrankException(final Path file, final long frameNumber, final EOFException cause) {
        super(file + ": " + (frameNumber > 0 ? "frame " + frameNumber + ": " : "") + cause.getMessage());
        this.file = file;
        this.frameNumber = frameNumber;
        initCause(cause);
    }

    public Path file() {
        return file;
    }

    /** The frame being read when the file ended, or 0 for a frame's bytes read again by position. */
    public long frameNumber() {
        return frameNumber;
    }
}
