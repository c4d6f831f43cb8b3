package org.mprt.ctk.pcap;

/**
 * Which way the capturing host saw a frame, where the capture says so: Linux cooked captures
 * ({@code tcpdump -i any}) mark each frame with its packet type, PACKET_HOST for one the host
 * received and PACKET_OUTGOING for one it sent; a pcapng enhanced packet block may carry the same in
 * its epb_flags option (Windows' pktmon through etl2pcapng, eBPF capture tools). It tells at whose
 * ports a capture was taken.
 */
public enum LinkDirection {
    /** The capture does not say: its link type carries no such mark. */
    NOT_STATED,
    /** Received by the capturing host: addressed to it (PACKET_HOST). */
    INBOUND,
    /** Sent by the capturing host (PACKET_OUTGOING). */
    OUTBOUND,
    /** Marked as neither sent nor received by the host: overheard in promiscuous mode, broadcast or multicast. */
    NEITHER;

    private static final int PACKET_HOST = 0;
    private static final int PACKET_OUTGOING = 4;
    private static final int EPB_DIRECTION_MASK = 0x3;
    private static final int EPB_INBOUND = 1;
    private static final int EPB_OUTBOUND = 2;

    /** The direction a Linux cooked header's packet type states. */
    public static LinkDirection ofLinuxPacketType(final int packetType) {
        if (packetType == PACKET_HOST) {
            return INBOUND;
        }
        return packetType == PACKET_OUTGOING ? OUTBOUND : NEITHER;
    }

    /** The two low bits of a pcapng epb_flags word for this direction: 1 inbound, 2 outbound, else 0 (not given). */
    public int pcapngFlags() {
        return this == INBOUND ? EPB_INBOUND : this == OUTBOUND ? EPB_OUTBOUND : 0;
    }

    /**
     * The direction in the two low bits of a pcapng epb_flags word (draft-ietf-opsawg-pcapng section
     * 4.3.1): 1 inbound, 2 outbound, 0 not given (3 is invalid and taken as not given).
     */
    public static LinkDirection ofPcapngFlags(final long flags) {
        final int bits = (int) (flags & EPB_DIRECTION_MASK);
        if (bits == EPB_INBOUND) {
            return INBOUND;
        }
        return bits == EPB_OUTBOUND ? OUTBOUND : NOT_STATED;
    }
}
