package org.mprt.ctk.pcap.link;

/**
 * Which way the capturing host saw a frame, where the capture says so: Linux cooked captures
 * ({@code tcpdump -i any}) mark each frame with its packet type, PACKET_HOST for one the host
 * received and PACKET_OUTGOING for one it sent. It tells at whose ports a capture was taken.
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

    /** The direction a Linux cooked header's packet type states. */
    static LinkDirection ofLinuxPacketType(final int packetType) {
        if (packetType == PACKET_HOST) {
            return INBOUND;
        }
        return packetType == PACKET_OUTGOING ? OUTBOUND : NEITHER;
    }
}
