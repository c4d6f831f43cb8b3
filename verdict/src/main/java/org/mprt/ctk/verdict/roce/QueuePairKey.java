package org.mprt.ctk.verdict.roce;

import org.mprt.ctk.wire.decode.DecodedPacket;

/**
 * The queue pair a RoCEv2 packet is addressed to: destination IP address and BTH.DestQP. On an RC
 * or UC connection this names one direction of one connection.
 */
record QueuePairKey(long addressHigh, long addressLow, int destQp) {

    static QueuePairKey of(final DecodedPacket p) {
        if (p.hasIpv4()) {
            return new QueuePairKey(0, p.ipv4().destination() & 0xFFFF_FFFFL, p.bth().destQp());
        }
        return new QueuePairKey(p.ipv6().destinationHigh(), p.ipv6().destinationLow(), p.bth().destQp());
    }
}
