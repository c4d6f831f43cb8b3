package org.mprt.ctk.wire.encode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.wire.decode.DecodeStatus;
import org.mprt.ctk.wire.decode.DecodedPacket;
import org.mprt.ctk.wire.decode.PacketDecoder;
import org.mprt.ctk.wire.ethernet.EtherType;
import org.mprt.ctk.wire.ip.InternetChecksum;
import org.mprt.ctk.wire.ip.NetworkKind;
import org.mprt.ctk.wire.opcode.OpcodeTable;

class FrameEncoderTest {

    private final FrameEncoder encoder = new FrameEncoder();
    private final DecodedPacket packet = new DecodedPacket();
    private final byte[] buffer = new byte[2048];

    @Test
    void shouldPadThePayloadToFourBytesAndSetPadCnt() {
        final int length = encoder.opcode(OpcodeTable.MPRT_SEND).payloadLength(5).begin(buffer, 0).finish();
        assertThat(length).isEqualTo(14 + 20 + 8 + 12 + 36 + 5 + 3 + 4);
        assertThat(PacketDecoder.decodeEthernet(buffer, 0, length, packet)).isEqualTo(DecodeStatus.OK);
        assertThat(packet.bth().padCnt()).isEqualTo(3);
        assertThat(packet.padCount()).isEqualTo(3);
    }

    @Test
    void shouldPadShortEthernetFramesToTheMinimumUnlessTold() {
        assertThat(encoder.opcode(OpcodeTable.RC_SEND_ONLY).payloadLength(0).begin(buffer, 0).finish()).isEqualTo(60);
        assertThat(encoder.padToMinimumFrame(false).begin(buffer, 0).finish()).isEqualTo(58);
        assertThat(encoder.withoutEthernet().begin(buffer, 0).finish()).isEqualTo(44);
    }

    @Test
    void shouldWriteVlanTagsOuterFirst() {
        final int length = encoder.vlan(EtherType.QINQ, 1, 0, 300).vlan(EtherType.VLAN, 6, 1, 4095)
            .opcode(OpcodeTable.RC_ACKNOWLEDGE).begin(buffer, 0).finish();
        assertThat(PacketDecoder.decodeEthernet(buffer, 0, length, packet)).isEqualTo(DecodeStatus.OK);
        assertThat(packet.ethernet().type()).isEqualTo(EtherType.QINQ);
        assertThat(packet.vlan(0).vid()).isEqualTo(300);
        assertThat(packet.vlan(0).type()).isEqualTo(EtherType.VLAN);
        assertThat(packet.vlan(1).pcp()).isEqualTo(6);
        assertThat(packet.vlan(1).dei()).isEqualTo(1);
        assertThat(packet.vlan(1).type()).isEqualTo(EtherType.IPV4);
        assertThatThrownBy(() -> encoder.vlan(EtherType.VLAN, 0, 0, 1)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void shouldComputeTheIpv4HeaderChecksumAndOnRequestTheUdpChecksum() {
        for (final NetworkKind kind : NetworkKind.values()) {
            if (kind == NetworkKind.IPV6) {
                encoder.ipv6(-1, -2, -3, -4);
            }
            final int length = encoder.computeUdpChecksum(true).opcode(OpcodeTable.RC_SEND_ONLY).payloadLength(33)
                .begin(buffer, 0).finish();
            assertThat(PacketDecoder.decodeEthernet(buffer, 0, length, packet)).isEqualTo(DecodeStatus.OK);
            assertThat(packet.udp().checksum()).isNotZero();
            assertThat(packet.isUdpChecksumZeroOrValid()).isTrue();
            if (kind == NetworkKind.IPV4) {
                assertThat(packet.ipv4().isHeaderChecksumValid()).isTrue();
            }
            buffer[length - 10] ^= 1;
            assertThat(InternetChecksum.isUdpChecksumZeroOrValid(ByteBuffer.wrap(buffer), 14, kind, packet.udpOffset(),
                packet.udp().length())).isFalse();
        }
    }

    @Test
    void shouldWriteTheExtensionHeadersAndPayloadWhereTheDecoderFindsThem() {
        encoder.opcode(OpcodeTable.RC_RDMA_WRITE_ONLY_WITH_IMMEDIATE).payloadLength(3).begin(buffer, 100);
        encoder.bth().destQp(0xABCDEF).psn(0xFFFFFF).ackReq(1);
        encoder.extensions().reth().virtualAddress(-1L).rKey(0x1234).dmaLength(3);
        encoder.extensions().immDt().immediateData(0xFEEDL);
        encoder.payload(new byte[] {1, 2, 3}, 0, 3);
        final int length = encoder.finish();
        assertThat(PacketDecoder.decodeEthernet(ByteBuffer.wrap(buffer), 100, length, packet)).isEqualTo(DecodeStatus.OK);
        assertThat(packet.bth().destQp()).isEqualTo(0xABCDEF);
        assertThat(packet.extensions().reth().virtualAddress()).isEqualTo(-1L);
        assertThat(packet.extensions().immDt().immediateData()).isEqualTo(0xFEEDL);
        assertThat(buffer[packet.payloadOffset() + 2]).isEqualTo((byte) 3);
    }

    @Test
    void shouldBuildFramesWithOpcodesItDoesNotKnow() {
        final int length = encoder.opcode(0xC5).payloadLength(8).begin(buffer, 0).finish();
        assertThat(PacketDecoder.decodeEthernet(buffer, 0, length, packet)).isEqualTo(DecodeStatus.MALFORMED);
        assertThat(packet.error().fieldId()).isEqualTo("bth.opcode");
        assertThat(packet.icrcMatches()).isTrue();
    }

    @Test
    void shouldRefuseABufferTooSmallForTheFrame() {
        assertThatThrownBy(() -> encoder.opcode(OpcodeTable.MPRT_WRITE).payloadLength(4000).begin(new byte[100], 0))
            .isInstanceOf(IndexOutOfBoundsException.class).hasMessageContaining("does not fit");
        assertThatThrownBy(() -> new FrameEncoder().finish()).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void shouldGiveTheSameBytesWhenReused() {
        encoder.opcode(OpcodeTable.MPRT_ACK).recordCount(3).begin(buffer, 0);
        encoder.extensions().maeth().recordStreamId(2, 9);
        final int length = encoder.finish();
        final byte[] first = java.util.Arrays.copyOf(buffer, length);
        encoder.opcode(OpcodeTable.RC_SEND_FIRST).payloadLength(1000).begin(buffer, 0);
        encoder.finish();
        encoder.opcode(OpcodeTable.MPRT_ACK).payloadLength(0).recordCount(3).begin(buffer, 0);
        encoder.extensions().maeth().recordStreamId(2, 9);
        assertThat(java.util.Arrays.copyOf(buffer, encoder.finish())).isEqualTo(first);
    }
}
