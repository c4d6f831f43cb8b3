package org.mprt.ctk.wire.decode;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.wire.bth.BthFlyweight;
import org.mprt.ctk.wire.ip.Ipv4Flyweight;
import org.mprt.ctk.wire.ip.UdpFlyweight;
import org.mprt.ctk.wire.mprt.MdethFlyweight;
import org.mprt.ctk.wire.opcode.ExtensionHeaders;
import org.mprt.ctk.wire.vector.StartsAt;
import org.mprt.ctk.wire.vector.TestVector;
import org.mprt.ctk.wire.vector.VectorLoader;

/**
 * The decoder places the IPv4, UDP, BTH and MDETH views of each packet it decodes, with their
 * snapshots taken, so that the accessors hand them out as they are: one packet reused for every
 * frame of the test vectors, each frame copied over the last at the same place of one buffer (as a
 * capture reader does), whole and cut by snap lengths, reads what plain views of a copy of that
 * frame read.
 */
class PlacedViewsTest {

    private static final int[] SNAP_LENGTHS = {40, 60, 75, 100, 128};

    @Test
    void aReusedPacketReadsEachFrameAsPlainViewsOfItsBytes() {
        final byte[] shared = new byte[4096];
        final DecodedPacket packet = new DecodedPacket();
        int placed = 0;
        int mdeths = 0;
        for (int round = 0; round < 2; round++) {
            for (final TestVector vector : VectorLoader.fromClasspath()) {
                if (vector.startsAt() != StartsAt.ETHERNET) {
                    continue;
                }
                final byte[] frame = vector.frame();
                final List<Integer> lengths = new ArrayList<>(List.of(frame.length));
                for (final int snap : SNAP_LENGTHS) {
                    if (snap < frame.length) {
                        lengths.add(snap);
                    }
                }
                for (final int captured : lengths) {
                    System.arraycopy(frame, 0, shared, 0, frame.length);
                    final DecodeStatus status = PacketDecoder.decodeEthernet(shared, 0, captured, vector.originalLength(), packet);
                    final ByteBuffer copy = ByteBuffer.wrap(frame.clone(), 0, captured);
                    final String what = vector.id() + " captured " + captured + " (" + status + ")";
                    if (packet.hasIpv4() && packet.isCaptured(packet.networkOffset(), Ipv4Flyweight.IPV4_LENGTH)) {
                        assertThat(packet.ipv4().isPlacedAt(packet.buffer(), packet.networkOffset())).as(what).isTrue();
                        assertThat(ipv4(packet.ipv4())).as(what).isEqualTo(ipv4(new Ipv4Flyweight().wrap(copy, packet.networkOffset())));
                    }
                    if (packet.hasUdp() && packet.isCaptured(packet.udpOffset(), UdpFlyweight.UDP_LENGTH)) {
                        assertThat(packet.udp().isPlacedAt(packet.buffer(), packet.udpOffset())).as(what).isTrue();
                        assertThat(udp(packet.udp())).as(what).isEqualTo(udp(new UdpFlyweight().wrap(copy, packet.udpOffset())));
                    }
                    if (packet.hasBth()) {
                        placed++;
                        assertThat(packet.bth().isPlacedAt(packet.buffer(), packet.bthOffset())).as(what).isTrue();
                        assertThat(bth(packet.bth())).as(what).isEqualTo(bth(new BthFlyweight().wrap(copy, packet.bthOffset())));
                    }
                    final ExtensionHeaders extensions = packet.extensions();
                    final int write = extensions.offsetOf(MdethFlyweight.WRITE_LAYOUT);
                    final int at = write >= 0 ? write : extensions.offsetOf(MdethFlyweight.SEND_LAYOUT);
                    if (at >= 0) {
                        mdeths++;
                        assertThat(extensions.mdeth().isPlacedAt(packet.buffer(), at)).as(what).isTrue();
                        assertThat(mdeth(extensions.mdeth())).as(what).isEqualTo(mdeth(new MdethFlyweight().wrap(copy, at)));
                    }
                }
            }
        }
        assertThat(placed).as("packets with a BTH").isGreaterThan(20);
        assertThat(mdeths).as("packets with an MDETH").isGreaterThan(5);
    }

    private static List<Object> ipv4(final Ipv4Flyweight v) {
        return List.of(v.version(), v.ihl(), v.dscp(), v.ecn(), v.totalLength(), v.identification(), v.flagReserved(),
            v.df(), v.mf(), v.fragmentOffset(), v.ttl(), v.protocol(), v.headerChecksum(), v.source(), v.destination());
    }

    private static List<Object> udp(final UdpFlyweight v) {
        return List.of(v.sourcePort(), v.destinationPort(), v.length(), v.checksum());
    }

    private static List<Object> bth(final BthFlyweight v) {
        return List.of(v.opcode(), v.se(), v.m(), v.padCnt(), v.tver(), v.pKey(), v.fecn(), v.becn(), v.destQp(),
            v.ackReq(), v.psn());
    }

    private static List<Object> mdeth(final MdethFlyweight v) {
        return List.of(v.pathId(), v.f(), v.l(), v.r(), v.streamId(), v.scn(), v.msn(), v.messageOffset(),
            v.messageLength(), v.txTimestamp());
    }
}
