package org.mprt.ctk.wire.decode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.wire.Profile;
import org.mprt.ctk.wire.bth.BthFlyweight;
import org.mprt.ctk.wire.encode.FrameEncoder;
import org.mprt.ctk.wire.ip.NetworkKind;
import org.mprt.ctk.wire.mprt.MaethFlyweight;
import org.mprt.ctk.wire.mprt.MdethFlyweight;
import org.mprt.ctk.wire.opcode.OpcodeTable;
import org.mprt.ctk.wire.roce.RethFlyweight;
import org.mprt.ctk.wire.vector.VectorLoader;

class PacketDecoderTest {

    private final DecodedPacket packet = new DecodedPacket();

    @Test
    void shouldNameFieldValuesAndByteInTheErrorMessage() {
        final byte[] frame = VectorLoader.byId("malformed-tver-1").frame();
        frame[43] = 0x03;
        assertThat(PacketDecoder.decodeEthernet(frame, 0, frame.length, packet)).isEqualTo(DecodeStatus.MALFORMED);
        assertThat(packet.error().message()).isEqualTo("bth.tver: expected 0, found 3 at byte 43");
        assertThat(packet.error().fieldId()).isEqualTo("bth.tver");
        assertThat(packet.error().kind()).isEqualTo(DecodeError.Kind.VALUE);
    }

    @Test
    void shouldSayHowManyBytesATruncatedHeaderNeeded() {
        decode("malformed-mprt-truncated-mdeth");
        assertThat(packet.error().message())
            .isEqualTo("mprt.mdeth.virtual_address: expected 36 bytes of MDETH (WRITE), found 20 at byte 74");
        decode("malformed-mprt-truncated-maeth-records");
        assertThat(packet.error().message()).isEqualTo("mprt.maeth.record.cmsn: expected 72 bytes of MAETH, found 68 at byte 122");
        decode("malformed-mprt-record-count-17");
        assertThat(packet.error().message()).isEqualTo("mprt.maeth.record_count: expected at most 16, found 17 at byte 66");
    }

    @Test
    void shouldTellReservedMprtOpcodesFromUnknownOnes() {
        decode("malformed-mprt-reserved-opcode-0xc2");
        assertThat(packet.error().kind()).isEqualTo(DecodeError.Kind.RESERVED_OPCODE);
        assertThat(packet.error().message()).contains("reserved MPRT opcode 0xc2");
        assertThat(packet.profile()).isEqualTo(Profile.MPRT);
        decode("malformed-unknown-opcode-0xe0");
        assertThat(packet.error().kind()).isEqualTo(DecodeError.Kind.UNKNOWN_OPCODE);
        assertThat(packet.error().message()).isEqualTo("bth.opcode: expected a known opcode, found unknown opcode 0xe0 at byte 42");
    }

    @Test
    void shouldDecodeOnlyTheConfiguredProfilesOpcodes() {
        packet.configureProfile(Profile.ROCEV2);
        assertThat(decode("mprt-write-first")).isEqualTo(DecodeStatus.MALFORMED);
        assertThat(packet.error().kind()).isEqualTo(DecodeError.Kind.UNKNOWN_OPCODE);
        assertThat(packet.profile()).isEqualTo(Profile.ROCEV2);
        assertThat(decode("malformed-mprt-reserved-opcode-0xc2")).isEqualTo(DecodeStatus.MALFORMED);
        assertThat(packet.error().kind()).isEqualTo(DecodeError.Kind.UNKNOWN_OPCODE);
        assertThat(decode("rc-send-first")).isEqualTo(DecodeStatus.OK);
        packet.configureProfile(Profile.MPRT);
        assertThat(decode("rc-send-first")).isEqualTo(DecodeStatus.MALFORMED);
        assertThat(decode("mprt-write-first")).isEqualTo(DecodeStatus.OK);
        packet.configureProfile(null);
        assertThat(decode("rc-send-first")).isEqualTo(DecodeStatus.OK);
        assertThat(packet.profile()).isEqualTo(Profile.ROCEV2);
    }

    @Test
    void shouldKeepEveryHeaderReadableWhenOnlyTheIcrcIsWrong() {
        assertThat(decode("mprt-icrc-mismatch")).isEqualTo(DecodeStatus.ICRC_MISMATCH);
        assertThat(packet.extensions().mdeth().pathId()).isEqualTo(3);
        assertThat(packet.payloadLength()).isEqualTo(16);
        assertThat(packet.icrcMatches()).isFalse();
        assertThat(packet.error().message()).startsWith("roce.icrc: expected 0x").contains(" at byte 106");
        assertThat(packet.error().expected()).isEqualTo(packet.icrcComputed() & 0xFFFF_FFFFL);
    }

    @Test
    void shouldComputeTheIcrcEvenWhenALaterCheckFails() {
        decode("malformed-mprt-ack-with-payload");
        assertThat(packet.isIcrcChecked()).isTrue();
        assertThat(packet.icrcMatches()).isTrue();
        assertThat(packet.has(MaethFlyweight.LAYOUT)).isTrue();
        assertThat(packet.payloadOffset()).isEqualTo(-1);
    }

    @Test
    void shouldExposeTheFieldsOfAValidPacket() {
        assertThat(decode("mprt-write-first")).isEqualTo(DecodeStatus.OK);
        assertThat(packet.profile()).isEqualTo(Profile.MPRT);
        assertThat(packet.opcode()).isSameAs(OpcodeTable.MPRT_WRITE);
        assertThat(packet.ipVersion()).isEqualTo(4);
        assertThat(packet.ecn()).isEqualTo(2);
        assertThat(packet.ttl()).isEqualTo(64);
        assertThat(packet.ipv4().df()).isEqualTo(1);
        assertThat(packet.udp().destinationPort()).isEqualTo(4791);
        assertThat(packet.bth().psn()).isEqualTo(100);
        assertThat(packet.extensions().count()).isEqualTo(1);
        assertThat(packet.extensions().offset(0)).isEqualTo(54);
        assertThat(packet.extensions().length(0)).isEqualTo(36);
        assertThat(packet.payloadOffset()).isEqualTo(90);
        assertThat(packet.payloadLength()).isEqualTo(1024);
        assertThat(packet.datagramLength()).isEqualTo(20 + 8 + 12 + 36 + 1024 + 4);
        assertThat(FieldCatalog.value(packet, MdethFlyweight.MESSAGE_LENGTH)).isEqualTo(3000);
        assertThat(FieldCatalog.value(packet, BthFlyweight.DEST_QP)).isEqualTo(0x102);
        assertThat(FieldCatalog.isPresent(packet, RethFlyweight.R_KEY, 0)).isFalse();
        assertThat(FieldCatalog.isPresent(packet, MdethFlyweight.RSN, 0)).isFalse();
        final byte[] address = new byte[16];
        assertThat(packet.copySourceAddress(address, 0)).isEqualTo(4);
        assertThat(Arrays.copyOf(address, 4)).containsExactly(10, 0, 0, 1);
    }

    @Test
    void shouldDecodeAFrameAtAnOffsetOfALargerBufferAndCountErrorBytesFromTheFrame() {
        final byte[] frame = VectorLoader.byId("malformed-udp-length-mismatch").frame();
        final ByteBuffer buffer = ByteBuffer.allocate(frame.length + 1000);
        buffer.put(500, frame);
        assertThat(PacketDecoder.decode(buffer, 500, 514, NetworkKind.IPV4, frame.length - 14, packet))
            .isEqualTo(DecodeStatus.MALFORMED);
        assertThat(packet.error().frameOffset()).isEqualTo(38);
        assertThat(packet.udpOffset()).isEqualTo(-1);
        assertThat(packet.networkOffset()).isEqualTo(514);
    }

    @Test
    void shouldCountLinkPaddingAsTrailerNotAsAnError() {
        assertThat(decode("ipv4-rc-send-only-minimum-frame")).isEqualTo(DecodeStatus.OK);
        assertThat(packet.trailerLength()).isEqualTo(2);
    }

    @Test
    void shouldReportNotRoceOnlyWhenTheBytesProveIt() {
        assertThat(decode("not-roce-udp-port-4792")).isEqualTo(DecodeStatus.NOT_ROCE);
        assertThat(packet.error().isSet()).isFalse();
        final byte[] tcp = VectorLoader.byId("not-roce-ipv4-tcp").frame();
        assertThat(PacketDecoder.decodeEthernet(tcp, 0, 24, packet)).isEqualTo(DecodeStatus.NOT_ROCE);
        assertThat(PacketDecoder.decodeEthernet(tcp, 0, 23, packet)).isEqualTo(DecodeStatus.MALFORMED);
    }

    @Test
    void shouldRefuseARangeOutsideTheBuffer() {
        assertThatThrownBy(() -> PacketDecoder.decodeEthernet(new byte[10], 0, 11, packet))
            .isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> PacketDecoder.decode(ByteBuffer.allocate(10), 5, 4, NetworkKind.IPV4, 2, packet))
            .isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void shouldDecodeAMaethWithItsRecordsThroughTheFieldCatalog() {
        assertThat(decode("mprt-ack-sixteen-records")).isEqualTo(DecodeStatus.OK);
        assertThat(packet.extensions().length(0)).isEqualTo(48 + 16 * 8);
        assertThat(FieldCatalog.value(packet, MaethFlyweight.RECORD_STREAM_ID, 15)).isEqualTo(115);
        assertThat(FieldCatalog.value(packet, MaethFlyweight.RECORD_CMSN, 3)).isEqualTo(30);
        assertThat(FieldCatalog.isPresent(packet, MaethFlyweight.RECORD_CMSN, 16)).isFalse();
        assertThat(packet.extensions().maeth().recordStreamId(15)).isEqualTo(115);
    }

    @Test
    void shouldDescribeTheDecodedPacket() {
        decode("rc-acknowledge");
        assertThat(packet.toString()).startsWith("OK Base Transport Header [opcode=0x11").contains("ACK Extended Transport Header [syndrome=0x6 msn=1]");
        decode("malformed-truncated-bth");
        assertThat(packet.toString()).startsWith("MALFORMED: bth.dest_qp: expected 12 bytes of Base Transport Header, found 7 at byte 47");
    }

    @Test
    void shouldDecodeAnEncodedFrameThatStartsAtTheIpHeader() {
        final byte[] buffer = new byte[200];
        final FrameEncoder encoder = new FrameEncoder().withoutEthernet().ipv6(1, 2, 3, 4).opcode(OpcodeTable.MPRT_PROBE);
        encoder.begin(buffer, 0).extensions().mpeth().pathId(9).probeId(0xFFFF_FFFFL);
        final int length = encoder.finish();
        assertThat(PacketDecoder.decode(buffer, 0, NetworkKind.IPV6, length, packet)).isEqualTo(DecodeStatus.OK);
        assertThat(packet.hasEthernet()).isFalse();
        assertThat(packet.ipv6().sourceHigh()).isEqualTo(1);
        assertThat(packet.ipv6().destinationLow()).isEqualTo(4);
        assertThat(packet.extensions().mpeth().probeId()).isEqualTo(0xFFFF_FFFFL);
    }

    @Test
    void shouldStopAtTheNextHeaderOfAnIpv6PacketWhoseExtensionHeadersLeadToUdpPort4791() {
        final byte[] hopByHop = withExtensionHeaders(probeOverIpv6(), 0, 17);

        assertThat(PacketDecoder.decode(hopByHop, 0, NetworkKind.IPV6, hopByHop.length, packet))
            .isEqualTo(DecodeStatus.MALFORMED);
        assertThat(packet.error().message()).isEqualTo("ipv6.next_header: expected 17, found 0 at byte 6 (hop-by-hop"
            + " options, an extension header before UDP to port 4791; RoCEv2 and MPRT carry UDP right after the IPv6 header)");
        assertThat(packet.networkHeaderLength()).isEqualTo(40 + 8);

        final byte[] two = withExtensionHeaders(probeOverIpv6(), 60, 43, 17);
        assertThat(PacketDecoder.decode(two, 0, NetworkKind.IPV6, two.length, packet)).isEqualTo(DecodeStatus.MALFORMED);
        assertThat(packet.error().message()).contains("found 60 at byte 6 (destination options, the first of 2 extension"
            + " headers before UDP to port 4791");
        final byte[] firstFragment = withExtensionHeaders(probeOverIpv6(), 44, 17);
        firstFragment[40 + 3] = 1; // offset 0, more fragments
        assertThat(PacketDecoder.decode(firstFragment, 0, NetworkKind.IPV6, firstFragment.length, packet))
            .isEqualTo(DecodeStatus.MALFORMED);
    }

    @Test
    void shouldTellIpv6ExtensionHeadersThatLeadElsewhereOrCannotBeFollowedFromRoce() {
        final byte[] toTcp = withExtensionHeaders(probeOverIpv6(), 0, 6);
        final byte[] laterFragment = withExtensionHeaders(probeOverIpv6(), 44, 17);
        laterFragment[40 + 2] = 0x01; // fragment offset 32 bytes
        final byte[] esp = withExtensionHeaders(probeOverIpv6(), 50, 17);
        final byte[] otherPort = withExtensionHeaders(probeOverIpv6(), 0, 17);
        otherPort[48 + 3] = (byte) 0xB8; // UDP destination port 4792

        for (final byte[] frame : new byte[][] {toTcp, laterFragment, esp, otherPort}) {
            assertThat(PacketDecoder.decode(frame, 0, NetworkKind.IPV6, frame.length, packet)).isEqualTo(DecodeStatus.NOT_ROCE);
        }
        final byte[] hopByHop = withExtensionHeaders(probeOverIpv6(), 0, 17);
        final ByteBuffer cut = ByteBuffer.wrap(hopByHop);
        assertThat(PacketDecoder.decode(cut, 0, 0, NetworkKind.IPV6, 44, hopByHop.length, packet))
            .as("cut inside the extension header").isEqualTo(DecodeStatus.UNIDENTIFIED);
    }

    /** An MPRT PROBE from its IPv6 header on. */
    private static byte[] probeOverIpv6() {
        final byte[] buffer = new byte[200];
        final FrameEncoder encoder = new FrameEncoder().withoutEthernet().ipv6(1, 2, 3, 4).opcode(OpcodeTable.MPRT_PROBE);
        encoder.begin(buffer, 0).extensions().mpeth().pathId(9);
        return Arrays.copyOf(buffer, encoder.finish());
    }

    /**
     * The IPv6 packet with 8-byte extension headers inserted after its fixed header: the IPv6 next header
     * names the first of {@code chain}, each header the one after it, the last the header it carries.
     */
    private static byte[] withExtensionHeaders(final byte[] ipv6, final int... chain) {
        final int added = 8 * (chain.length - 1);
        final byte[] out = new byte[ipv6.length + added];
        System.arraycopy(ipv6, 0, out, 0, 40);
        System.arraycopy(ipv6, 40, out, 40 + added, ipv6.length - 40);
        out[6] = (byte) chain[0];
        for (int i = 1; i < chain.length; i++) {
            out[40 + 8 * (i - 1)] = (byte) chain[i];
        }
        final int payloadLength = ((out[4] & 0xFF) << 8 | out[5] & 0xFF) + added;
        out[4] = (byte) (payloadLength >> 8);
        out[5] = (byte) payloadLength;
        return out;
    }

    private DecodeStatus decode(final String vectorId) {
        final byte[] frame = VectorLoader.byId(vectorId).frame();
        return vectorId.startsWith("ipv") && vectorId.contains("start")
            ? PacketDecoder.decode(frame, 0, NetworkKind.IPV4, frame.length, packet)
            : PacketDecoder.decodeEthernet(frame, 0, frame.length, packet);
    }
}
