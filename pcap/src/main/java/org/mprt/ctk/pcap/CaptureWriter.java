package org.mprt.ctk.pcap;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Writes frames into a capture file that appears, complete, only on {@link #close()}.
 *
 * <p>Output depends on nothing but the calls made: no clock, no host name, no random value, so the
 * same frames give the same bytes (STYLE.md rule 7). A frame longer than the snap length is stored
 * cut to it, as a capture would keep it. If a write fails with an {@code IOException}, the partial
 * file is deleted and the writer is closed; {@link #abort()} does the same on purpose.
 */
public interface CaptureWriter extends Closeable {
    /**
     * Appends the bytes of {@code frame} from its position to its limit, leaving the position
     * alone. {@code originalLengthBytes} is the length on the wire, at least the frame's length.
     */
    void write(long timestampNs, ByteBuffer frame, long originalLengthBytes) throws IOException;

    /** Appends {@code lengthBytes} of {@code frame} from {@code offset}. */
    void write(long timestampNs, byte[] frame, int offset, int lengthBytes, long originalLengthBytes)
        throws IOException;

    /** Appends a whole, untruncated frame. */
    default void write(final long timestampNs, final byte[] frame) throws IOException {
        write(timestampNs, frame, 0, frame.length, frame.length);
    }

    /** Discards the file being written; the target path is left as it was. */
    void abort();

    /** Completes the file and moves it to its target path. */
    @Override
    void close() throws IOException;
}
