package org.mprt.ctk.fabric.frame;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.fabric.address.AddressPlan;
import org.mprt.ctk.fabric.address.FiveTuple;
import org.mprt.ctk.fabric.address.IpAddress;
import org.mprt.ctk.wire.decode.DecodeStatus;
import org.mprt.ctk.wire.encode.FrameEncoder;
import org.mprt.ctk.wire.ethernet.EtherType;
import org.mprt.ctk.wire.ip.Ecn;
import org.mprt.ctk.wire.ip.Ipv4Flyweight;
import org.mprt.ctk.wire.ip.Ipv6Flyweight;

class FrameHeadersTest {

    private static final IpAddress V4_SOURCE = AddressPlan.ipv4(1, 2);
    private static final IpAddress V4_DESTINATION = AddressPlan.ipv4(1, 9);
    private static final IpAddress V6_SOURCE = AddressPlan.ipv6(1, 2);
    private static final IpAddress V6_DESTINATION = AddressPlan.ipv6(1, 9);

    @Test
    void shouldReadTheFiveTupleOfIpv4AndIpv6Frames() {
        final byte[] v4 = TestFrames.roce(1, 2, V4_SOURCE, V4_DESTINATION, 0xC123, 64, 0);
        final byte[] v6 = TestFrames.roce(1, 2, V6_SOURCE, V6_DESTINATION, 0xC123, 64, 0);

        assertThat(FrameHeaders.fiveTuple(v4, v4.length)).isEqualTo(FiveTuple.rocev2(V4_SOURCE, V4_DESTINATION, 0xC123));
        assertThat(FrameHeaders.fiveTuple(v6, v6.length)).isEqualTo(FiveTuple.rocev2(V6_SOURCE, V6_DESTINATION, 0xC123));
    }

    @Test
    void shouldFindTheIpHeaderBehindTwoVlanTags() {
        final FrameEncoder encoder = new FrameEncoder().ipv4(V4_SOURCE.ipv4Bits(), V4_DESTINATION.ipv4Bits())
            .vlan(EtherType.QINQ, 0, 0, 10).vlan(EtherType.VLAN, 3, 0, 20).payloadLength(8);
        final byte[] frame = new byte[encoder.frameLength()];
        final int length = encoder.begin(frame, 0).finish();

        assertThat(FrameHeaders.networkOffset(frame, length)).isEqualTo(22);
        assertThat(FrameHeaders.etherType(frame, length)).isEqualTo(EtherType.IPV4);
        assertThat(FrameHeaders.fiveTuple(frame, length).destination()).isEqualTo(V4_DESTINATION);
    }

    @Test
    void shouldNotTakeAFrameTooShortForItsIpHeaderForIp() {
        final byte[] frame = TestFrames.roce(1, 2, V4_SOURCE, V4_DESTINATION, 1, 0, 0);

        assertThat(FrameHeaders.networkOffset(frame, 14 + 19)).isEqualTo(FrameHeaders.NOT_IP);
        assertThat(FrameHeaders.networkOffset(frame, 13)).isEqualTo(FrameHeaders.NOT_IP);
    }

    @Test
    void shouldMarkCeAndKeepTheIpv4ChecksumAndTheIcrcValid() {
        for (final int ect : new int[] {Ecn.ECT_0, Ecn.ECT_1}) {
            final byte[] frame = TestFrames.roce(1, 2, V4_SOURCE, V4_DESTINATION, 7, 100, 5, ect);

            assertThat(FrameHeaders.markCongestionExperienced(frame, 14)).isTrue();

            final Ipv4Flyweight ip = new Ipv4Flyweight().wrap(ByteBuffer.wrap(frame), 14);
            assertThat(ip.ecn()).isEqualTo(Ecn.CE);
            assertThat(ip.isHeaderChecksumValid()).isTrue();
            assertThat(TestFrames.decode(frame, frame.length)).isEqualTo(DecodeStatus.OK);
        }
    }

    @Test
    void shouldMarkCeOnIpv6AndKeepTheIcrcValid() {
        final byte[] frame = TestFrames.roce(1, 2, V6_SOURCE, V6_DESTINATION, 7, 100, 5);

        assertThat(FrameHeaders.markCongestionExperienced(frame, 14)).isTrue();

        assertThat(new Ipv6Flyweight().wrap(ByteBuffer.wrap(frame), 14).ecn()).isEqualTo(Ecn.CE);
        assertThat(FrameHeaders.ecn(frame, 14)).isEqualTo(Ecn.CE);
        assertThat(TestFrames.decode(frame, frame.length)).isEqualTo(DecodeStatus.OK);
    }

    @Test
    void shouldLeaveNotEctAndCeFramesAlone() {
        final byte[] notEct = TestFrames.roce(1, 2, V4_SOURCE, V4_DESTINATION, 7, 10, 5, Ecn.NOT_ECT);
        final byte[] ce = TestFrames.roce(1, 2, V4_SOURCE, V4_DESTINATION, 7, 10, 5, Ecn.CE);
        final byte[] notEctBefore = notEct.clone();
        final byte[] ceBefore = ce.clone();

        assertThat(FrameHeaders.markCongestionExperienced(notEct, 14)).isFalse();
        assertThat(FrameHeaders.markCongestionExperienced(ce, 14)).isFalse();

        assertThat(notEct).isEqualTo(notEctBefore);
        assertThat(ce).isEqualTo(ceBefore);
    }
}
