package org.mprt.ctk.pcap;

import java.io.IOException;

/** Framing of one capture file format: turns the records of a mapped file into frames. */
interface RecordDecoder {
    /**
     * Fills {@code frame} with the next frame and returns true, or returns false at the end of the
     * file. {@code frameNumber} is the number the frame will carry, used in error messages too.
     */
    boolean next(Frame frame, long frameNumber) throws IOException;
}
