package org.mprt.ctk.pcap.link;

/**
 * How a frame reached the capture wrapped in another packet: the encapsulations a switch's remote
 * mirror (ERSPAN), a cloud's traffic mirror (VXLAN, Geneve) or a GRE tunnel put around the frame
 * that crossed the monitored port. {@link NetworkLayerLocator} unwraps them, so that the network
 * layer it reports is the mirrored packet's own.
 */
public enum Encapsulation {
    /** The frame is as it crossed the wire. */
    NONE("none"),
    /** GRE protocol 0x88BE without a sequence number: the mirrored frame follows the GRE header. */
    ERSPAN_I("ERSPAN type I"),
    /** GRE protocol 0x88BE with a sequence number, then an 8-byte ERSPAN header of version 1. */
    ERSPAN_II("ERSPAN type II"),
    /** GRE protocol 0x22EB, then a 12-byte ERSPAN header of version 2 (and 8 more with its O bit). */
    ERSPAN_III("ERSPAN type III"),
    /** GRE transparent Ethernet bridging (protocol 0x6558). */
    GRE_ETHERNET("GRE (Ethernet)"),
    /** GRE carrying an IP packet directly (protocol 0x0800 or 0x86DD). */
    GRE_IP("GRE (IP)"),
    /** VXLAN (RFC 7348), UDP destination port 4789. */
    VXLAN("VXLAN"),
    /** Geneve (RFC 8926), UDP destination port 6081, carrying Ethernet or IP. */
    GENEVE("Geneve");

    private final String label;

    Encapsulation(final String label) {
        this.label = label;
    }

    /** As a report names it, e.g. {@code ERSPAN type II}. */
    public String label() {
        return label;
    }
}
