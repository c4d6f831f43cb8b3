package org.mprt.ctk.wire.encode;

import java.nio.ByteBuffer;
import org.mprt.ctk.wire.ethernet.EtherType;
import org.mprt.ctk.wire.ip.Ecn;
import org.mprt.ctk.wire.ip.Ipv4Flyweight;
import org.mprt.ctk.wire.ip.Ipv6Flyweight;
import org.mprt.ctk.wire.ip.NetworkKind;

/** The IP settings of a {@link FrameEncoder} and the IPv4 or IPv6 header it writes. */
final class NetworkWriter {

    private final Ipv4Flyweight ipv4View = new Ipv4Flyweight();
    private final Ipv6Flyweight ipv6View = new Ipv6Flyweight();
    NetworkKind kind = NetworkKind.IPV4;
    int ipv4Source = 0x0A00_0001;
    int ipv4Destination = 0x0A00_0002;
    long ipv6SourceHigh;
    long ipv6SourceLow;
    long ipv6DestinationHigh;
    long ipv6DestinationLow;
    int dscp;
    int ecn = Ecn.ECT_0;
    int ttl = 64;
    int identification;
    int dontFragment = 1;
    int flowLabel;

    int headerLength() {
        return kind == NetworkKind.IPV4 ? Ipv4Flyweight.IPV4_LENGTH : Ipv6Flyweight.IPV6_LENGTH;
    }

    int etherType() {
        return kind == NetworkKind.IPV4 ? EtherType.IPV4 : EtherType.IPV6;
    }

    /** Writes the IP header of a datagram of {@code datagramLength} bytes; the IPv4 checksum comes later. */
    void write(final ByteBuffer buffer, final int offset, final int datagramLength) {
        if (kind == NetworkKind.IPV4) {
            ipv4View.wrap(buffer, offset).clear().version(4).ihl(Ipv4Flyweight.IPV4_LENGTH / 4).dscp(dscp).ecn(ecn)
                .totalLength(datagramLength).identification(identification).df(dontFragment).ttl(ttl)
                .protocol(Ipv4Flyweight.PROTOCOL_UDP).source(ipv4Source).destination(ipv4Destination);
            return;
        }
        ipv6View.wrap(buffer, offset).clear().version(6).dscp(dscp).ecn(ecn).flowLabel(flowLabel)
            .payloadLength(datagramLength - Ipv6Flyweight.IPV6_LENGTH).nextHeader(Ipv6Flyweight.NEXT_HEADER_UDP)
            .hopLimit(ttl).source(ipv6SourceHigh, ipv6SourceLow).destination(ipv6DestinationHigh, ipv6DestinationLow);
    }

    /** Stores the IPv4 header checksum once every field is final. */
    void finish(final ByteBuffer buffer, final int offset) {
        if (kind == NetworkKind.IPV4) {
            ipv4View.wrap(buffer, offset).updateHeaderChecksum();
        }
    }
}
