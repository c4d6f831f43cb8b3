package org.mprt.ctk.pcap;

import java.io.IOException;

/** Framing of one capture file format: turns the records of a mapped file into frames. */
interface RecordDecoder {
    /**
     * Fills {@code frame} with the next frame and returns true, or returns false at the end of the
     * file. {@code frameNumber} is the number the next record takes, used in error messages too; the
     * frame carries it, or a later one when records Wireshark numbers but that are not packets come
     * first.
     */
    boolean next(Frame frame, long frameNumber) throws IOException;
}
