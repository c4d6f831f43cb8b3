package org.mprt.ctk.verdict;

/**
 * What the verdict engine read from a capture, before judging it.
 *
 * @param file            the capture's path as given by the user
 * @param sha256          hex SHA-256 of the file, so a report names exactly what it judged
 * @param format          {@code pcap} or {@code pcapng}
 * @param frames          every frame read
 * @param rocev2Frames    frames decoded as RoCEv2 (IBTA opcodes)
 * @param mprtFrames      frames decoded as MPRT (MPRT opcodes)
 * @param malformedFrames frames sent to UDP port 4791 that could not be decoded
 * @param otherFrames     frames of other protocols, counted and skipped
 */
public record CaptureSummary(String file, String sha256, String format, long frames, long rocev2Frames,
                             long mprtFrames, long malformedFrames, long otherFrames) {
}
