package org.mprt.ctk.dut.live;

import java.nio.ByteBuffer;
import org.mprt.ctk.wire.ip.Ecn;
import org.mprt.ctk.wire.ip.InternetChecksum;
import org.mprt.ctk.wire.ip.Ipv4Flyweight;

/**
 * What a congested switch does to an ECN-capable IPv4 packet (RFC 3168): sets its ECN field to CE and
 * its header checksum to match. The ICRC leaves the ECN field out (MPRT-WIRE-007), so the packet stays
 * whole. Frames as the kit's ports carry them: untagged Ethernet.
 */
final class CongestionMark {

    private static final int ETHERNET_HEADER = 14;
    private static final int ETHER_TYPE = 12;
    private static final int IPV4 = 0x0800;

    private CongestionMark() {
    }

    /** Marks the frame CE when it is an ECN-capable IPv4 packet; true when it did. */
    static boolean apply(final byte[] frame, final int length) {
        if (length < ETHERNET_HEADER + Ipv4Flyweight.IPV4_LENGTH
            || ((frame[ETHER_TYPE] & 0xFF) << 8 | frame[ETHER_TYPE + 1] & 0xFF) != IPV4) {
            return false;
        }
        final int tos = ETHERNET_HEADER + Ipv4Flyweight.TOS_FIELD_OFFSET;
        final int ecn = frame[tos] & 0x3;
        if (ecn == Ecn.NOT_ECT || ecn == Ecn.CE) {
            return false;
        }
        frame[tos] = (byte) (frame[tos] | Ecn.CE);
        final int headerLength = (frame[ETHERNET_HEADER] & 0xF) * 4;
        final int checksum = ETHERNET_HEADER + Ipv4Flyweight.HEADER_CHECKSUM_FIELD_OFFSET;
        frame[checksum] = 0;
        frame[checksum + 1] = 0;
        final int value = InternetChecksum.ipv4HeaderChecksum(ByteBuffer.wrap(frame), ETHERNET_HEADER, headerLength);
        frame[checksum] = (byte) (value >>> 8);
        frame[checksum + 1] = (byte) value;
        return true;
    }
}
