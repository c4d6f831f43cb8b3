package org.mprt.ctk.wire.encode;

import java.nio.ByteBuffer;
import java.util.List;
import org.mprt.ctk.wire.FieldSpec;
import org.mprt.ctk.wire.HeaderLayout;
import org.mprt.ctk.wire.bth.BthFlyweight;
import org.mprt.ctk.wire.decode.DecodedPacket;
import org.mprt.ctk.wire.ethernet.EthernetFlyweight;
import org.mprt.ctk.wire.ethernet.VlanTagFlyweight;
import org.mprt.ctk.wire.ip.Ipv4Flyweight;
import org.mprt.ctk.wire.ip.Ipv6Flyweight;
import org.mprt.ctk.wire.ip.NetworkKind;
import org.mprt.ctk.wire.opcode.ExtensionHeaders;

/**
 * Re-encodes a decoded packet from its field values: the settings of a {@link FrameEncoder}
 * from the link, IP and UDP fields, then the BTH and extension headers field by field through
 * their tables. Lengths, pad, checksums and ICRC are computed again by the encoder, which is
 * what makes "decode, encode, same bytes" a test of both directions.
 */
final class FrameCopier {

    private FrameCopier() {
    }

    static void configure(final FrameEncoder encoder, final DecodedPacket packet) {
        if (packet.payloadOffset() < 0) {
            throw new IllegalStateException("only a packet whose headers were all decoded can be re-encoded");
        }
        if (packet.hasEthernet()) {
            final EthernetFlyweight ethernet = packet.ethernet();
            encoder.ethernet(ethernet.destination(), ethernet.source()).clearVlans();
            int tpid = ethernet.type();
            for (int i = 0; i < packet.vlanCount(); i++) {
                final VlanTagFlyweight tag = packet.vlan(i);
                encoder.vlanTag(tpid, tag.pcp() << 13 | tag.dei() << 12 | tag.vid());
                tpid = tag.type();
            }
            encoder.padToMinimumFrame(packet.trailerLength() > 0);
        } else {
            encoder.withoutEthernet();
        }
        if (packet.networkKind() == NetworkKind.IPV4) {
            final Ipv4Flyweight ip = packet.ipv4();
            encoder.ipv4(ip.source(), ip.destination()).dscp(ip.dscp()).ecn(ip.ecn()).ttl(ip.ttl())
                .identification(ip.identification()).dontFragment(ip.df());
        } else {
            final Ipv6Flyweight ip = packet.ipv6();
            encoder.ipv6(ip.sourceHigh(), ip.sourceLow(), ip.destinationHigh(), ip.destinationLow())
                .dscp(ip.dscp()).ecn(ip.ecn()).flowLabel(ip.flowLabel()).ttl(ip.hopLimit());
        }
        encoder.udpSourcePort(packet.udp().sourcePort()).udpDestinationPort(packet.udp().destinationPort());
        final int checksum = packet.udp().checksum();
        if (checksum != 0 && packet.isUdpChecksumZeroOrValid()) {
            encoder.computeUdpChecksum(true);
        } else {
            encoder.udpChecksum(checksum);
        }
        final ExtensionHeaders extensions = packet.extensions();
        int records = 0;
        for (int i = 0; i < extensions.count(); i++) {
            records += extensions.layout(i).recordCount(packet.buffer(), extensions.offset(i));
        }
        encoder.opcode(packet.opcodeValue()).recordCount(records).payloadLength(packet.payloadLength())
            .padCount(packet.padCount());
    }

    static void copyTransport(final FrameEncoder encoder, final DecodedPacket packet) {
        final ByteBuffer from = packet.buffer();
        final ByteBuffer to = encoder.buffer();
        copyFields(BthFlyweight.LAYOUT.fields(), from, packet.bthOffset(), to, encoder.bthOffset());
        final ExtensionHeaders source = packet.extensions();
        final ExtensionHeaders target = encoder.extensions();
        for (int i = 0; i < source.count(); i++) {
            final HeaderLayout layout = source.layout(i);
            final int fromOffset = source.offset(i);
            final int toOffset = target.offset(i);
            copyFields(layout.fields(), from, fromOffset, to, toOffset);
            final int records = layout.recordCount(from, fromOffset);
            for (int k = 0; k < records; k++) {
                copyFields(layout.recordFields(), from, fromOffset + layout.length(k), to, toOffset + layout.length(k));
            }
        }
        // Payload and pad bytes are data, not fields: copied as they are, non-zero pad included.
        final int dataLength = packet.payloadLength() + packet.padCount();
        for (int i = 0; i < dataLength; i++) {
            to.put(encoder.payloadOffset() + i, from.get(packet.payloadOffset() + i));
        }
        encoder.padCopied();
    }

    private static void copyFields(
        final List<FieldSpec> fields, final ByteBuffer from, final int fromOffset, final ByteBuffer to, final int toOffset) {
        for (int i = 0; i < fields.size(); i++) {
            fields.get(i).copy(from, fromOffset, to, toOffset);
        }
    }
}
