package org.mprt.ctk.pcap;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * How the kit's reader and pcap4j read one capture file.
 *
 * @param file            the capture
 * @param kitFrames       frames the kit delivered before the end or its rejection
 * @param pcap4jFrames    frames pcap4j delivered before the end or its rejection
 * @param kitRejection    the kit's {@link CaptureFormatException} message, or null if it read to the end
 * @param pcap4jRejection libpcap's error message, or null if it read to the end
 * @param disagreements   every difference, at most {@link CaptureAgreement#MAXIMUM_DISAGREEMENTS}
 */
public record AgreementReport(
    Path file,
    long kitFrames,
    long pcap4jFrames,
    String kitRejection,
    String pcap4jRejection,
    List<Disagreement> disagreements) {

    public AgreementReport {
        disagreements = List.copyOf(disagreements);
    }

    public boolean agrees() {
        return disagreements.isEmpty();
    }

    public boolean isRejectedByBoth() {
        return kitRejection != null && pcap4jRejection != null;
    }

    public Optional<String> kitRejectionMessage() {
        return Optional.ofNullable(kitRejection);
    }

    public Optional<String> pcap4jRejectionMessage() {
        return Optional.ofNullable(pcap4jRejection);
    }
}
