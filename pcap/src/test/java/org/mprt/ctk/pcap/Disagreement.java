package org.mprt.ctk.pcap;

/**
 * One point on which the kit's reader and pcap4j (libpcap) read a capture differently.
 *
 * @param frameNumber 1-based frame number, 0 for the file as a whole
 * @param fieldId     Wireshark-style id of what differs: {@code frame.cap_len}, {@code frame.len},
 *                    {@code frame.time_epoch_ns}, {@code frame.data}, {@code frame.dlt},
 *                    {@code file.frame_count} or {@code file.verdict} (accepted or rejected)
 * @param kitValue    what the kit's reader found
 * @param pcap4jValue what pcap4j found
 */
public record Disagreement(long frameNumber, String fieldId, String kitValue, String pcap4jValue) {
    @Override
    public String toString() {
        return "frame " + frameNumber + ", " + fieldId + ": kit " + kitValue + " vs pcap4j " + pcap4jValue;
    }
}
