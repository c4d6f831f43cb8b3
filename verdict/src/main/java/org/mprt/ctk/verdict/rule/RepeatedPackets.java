package org.mprt.ctk.verdict.rule;

import java.nio.ByteBuffer;
import java.util.zip.CRC32;
import org.mprt.ctk.wire.decode.DecodedPacket;
import org.mprt.ctk.wire.ip.Ipv4Flyweight;
import org.mprt.ctk.wire.ip.Ipv6Flyweight;
import org.mprt.ctk.wire.ip.NetworkKind;

/**
 * Tells a RoCEv2 or MPRT packet the capture already holds: a copy whose IP addresses and UDP
 * datagram (as far as captured) are those of a packet captured at most a window before, as a mirror
 * of two ports delivers one packet twice. What a switch may change between the copies (MAC
 * addresses, VLAN tags, TTL, ECN, IP checksum) is left out; a CRC-32 of the rest, with the UDP
 * length, names the packet. The last {@link #KEPT} packets are remembered.
 */
final class RepeatedPackets {

    static final int KEPT = 256;
    /** Source and destination address, one after the other. */
    private static final int IPV4_ADDRESSES_LENGTH = 2 * Integer.BYTES;
    private static final int IPV6_ADDRESSES_LENGTH = 4 * Long.BYTES;

    private final long windowNs;
    private final long[] keys = new long[KEPT];
    private final long[] times = new long[KEPT];
    private final CRC32 crc = new CRC32();
    private int next;
    private int held;

    RepeatedPackets(final long windowNs) {
        this.windowNs = windowNs;
    }

    /** How far apart, in ns, two copies of one packet may be captured. */
    long windowNs() {
        return windowNs;
    }

    /** True when the packet repeats one seen within the window; otherwise remembers it. */
    boolean isRepeat(final DecodedPacket p, final long ns) {
        final long key = key(p);
        for (int i = 0; i < held; i++) {
            if (keys[i] == key && ns >= times[i] && ns - times[i] <= windowNs) {
                return true;
            }
        }
        keys[next] = key;
        times[next] = ns;
        next = (next + 1) % KEPT;
        held = Math.min(held + 1, KEPT);
        return false;
    }

    private long key(final DecodedPacket p) {
        final ByteBuffer b = p.buffer();
        final boolean v4 = p.networkKind() == NetworkKind.IPV4;
        final int addresses = p.networkOffset() + (v4 ? Ipv4Flyweight.SOURCE.byteOffset() : Ipv6Flyweight.SOURCE_FIELD_OFFSET);
        crc.reset();
        crc.update(b.slice(addresses, v4 ? IPV4_ADDRESSES_LENGTH : IPV6_ADDRESSES_LENGTH));
        final int udp = p.udpOffset();
        final int udpLength = p.udp().length();
        final int captured = Math.min(udpLength, p.frameOffset() + p.capturedLengthBytes() - udp);
        crc.update(b.slice(udp, Math.max(0, captured)));
        return crc.getValue() << 32 | udpLength;
    }
}
