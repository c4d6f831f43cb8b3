package org.mprt.ctk.pcap;

/**
 * The link-layer header types the kit unwraps, keyed by their LINKTYPE number as registered at
 * tcpdump.org ("Link-Layer Header Types") and in the pcapng draft (draft-ietf-opsawg-pcaplinktype).
 *
 * <p>A capture may carry any other number; such frames are still read and map to {@link #UNKNOWN},
 * while {@link Frame#linkTypeNumber()} keeps the number found in the file.
 */
public enum LinkType {
    /** BSD loopback: a 4-byte address family in the byte order of the host that wrote it. */
    NULL(0),
    /** IEEE 802.3 Ethernet (Ethernet II or 802.3 with LLC). */
    ETHERNET(1),
    /** Raw IP, version taken from the first nibble. */
    RAW(101),
    /** OpenBSD loopback: a 4-byte address family in network byte order. */
    LOOP(108),
    /** Linux "cooked" capture, version 1 (16-byte header). */
    LINUX_SLL(113),
    /** An Endace capture card's record (Extensible Record Format) around an Ethernet frame or an IP packet. */
    ERF(197),
    /** Raw IPv4, no link-layer header. */
    IPV4(228),
    /** Raw IPv6, no link-layer header. */
    IPV6(229),
    /** Linux "cooked" capture, version 2 (20-byte header). */
    LINUX_SLL2(276),
    /** Any number the kit does not unwrap; the frame is still delivered. */
    UNKNOWN(-1);

    /** DLT_RAW as some systems write it into files instead of LINKTYPE_RAW (12 on most, 14 on OpenBSD). */
    private static final int DLT_RAW_COMMON = 12;
    private static final int DLT_RAW_OPENBSD = 14;

    private final int linkTypeNumber;

    LinkType(final int linkTypeNumber) {
        this.linkTypeNumber = linkTypeNumber;
    }

    /** The LINKTYPE number to write into a capture; -1 for {@link #UNKNOWN}. */
    public int linkTypeNumber() {
        return linkTypeNumber;
    }

    /** Maps a number read from a capture; never null, {@link #UNKNOWN} when not unwrapped. */
    public static LinkType fromLinkTypeNumber(final int linkTypeNumber) {
        switch (linkTypeNumber) {
            case 0:
                return NULL;
            case 1:
                return ETHERNET;
            case 101:
            case DLT_RAW_COMMON:
            case DLT_RAW_OPENBSD:
                return RAW;
            case 108:
                return LOOP;
            case 113:
                return LINUX_SLL;
            case 197:
                return ERF;
            case 228:
                return IPV4;
            case 229:
                return IPV6;
            case 276:
                return LINUX_SLL2;
            default:
                return UNKNOWN;
        }
    }
}
