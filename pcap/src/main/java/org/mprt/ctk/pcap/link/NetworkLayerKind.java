package org.mprt.ctk.pcap.link;

/** What follows the link-layer header of a frame, as far as the link layer says. */
public enum NetworkLayerKind {
    /** An IPv4 header starts at the network-layer offset. */
    IPV4,
    /** An IPv6 header starts at the network-layer offset. */
    IPV6,
    /** Something else (ARP, MAC Control, LLC, ...); the EtherType, when there is one, says what. */
    OTHER,
    /** The frame ends inside its link-layer header (VLAN tags included); nothing follows. */
    TRUNCATED,
    /** The link type is not one the kit unwraps; the frame is still a frame. */
    NOT_UNWRAPPED
}
