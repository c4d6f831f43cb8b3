package org.mprt.ctk.pcap;

/** The container format of a capture file, as its first bytes identify it. */
public enum CaptureFormat {
    /** Classic pcap, magic a1b2c3d4: timestamps in microseconds. */
    PCAP_MICROSECONDS("pcap"),
    /** Classic pcap, magic a1b23c4d: timestamps in nanoseconds. */
    PCAP_NANOSECONDS("pcap"),
    /** pcapng: a section header block first; resolution per interface. */
    PCAPNG("pcapng"),
    /** ERF: an Endace capture card's records, one after another, with no file header or magic. */
    ERF("erf");

    private final String label;

    CaptureFormat(final String label) {
        this.label = label;
    }

    /** The format's name in reports: pcap (either resolution), pcapng or erf. */
    public String label() {
        return label;
    }
}
