package org.mprt.ctk.wire.icrc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.wire.decode.DecodeStatus;
import org.mprt.ctk.wire.decode.DecodedPacket;
import org.mprt.ctk.wire.decode.PacketDecoder;
import org.mprt.ctk.wire.encode.FrameEncoder;
import org.mprt.ctk.wire.ip.NetworkKind;
import org.mprt.ctk.wire.opcode.OpcodeTable;
import org.mprt.ctk.wire.vector.TestVector;
import org.mprt.ctk.wire.vector.VectorLoader;

/** ROCE-ICRC-001: CRC-32 over 8 x 0xFF and the packet with its variant fields masked, sent least significant byte first. */
class IcrcTest {

    @Test
    void shouldMatchTheHandCheckedVector() {
        final TestVector vector = VectorLoader.byId("ipv4-rc-send-only-minimum-frame");
        final ByteBuffer frame = ByteBuffer.wrap(vector.frame());
        assertThat(Icrc.compute(frame, 14, NetworkKind.IPV4, 54)).isEqualTo(0x989bd78a);
        assertThat(Icrc.read(frame, 54)).isEqualTo(0x989bd78a);
        assertThat(frame.get(54) & 0xFF).isEqualTo(0x8a);
    }

    @Test
    void shouldEqualTheJdkCrc32OfTheMaskedBytes() {
        final byte[] buffer = new byte[512];
        final FrameEncoder encoder = new FrameEncoder().withoutEthernet().opcode(OpcodeTable.RC_RDMA_WRITE_ONLY).payloadLength(100)
            .ttl(9).dscp(10).ecn(3);
        encoder.begin(buffer, 0).bth().fecn(1).psn(77);
        final int length = encoder.finish();
        final byte[] masked = java.util.Arrays.copyOf(buffer, length - 4);
        masked[1] = (byte) 0xFF;
        masked[8] = (byte) 0xFF;
        masked[10] = (byte) 0xFF;
        masked[11] = (byte) 0xFF;
        masked[26] = (byte) 0xFF;
        masked[27] = (byte) 0xFF;
        masked[32] = (byte) 0xFF;
        final CRC32 crc = new CRC32();
        crc.update(new byte[] {-1, -1, -1, -1, -1, -1, -1, -1});
        crc.update(masked);
        assertThat(Icrc.read(ByteBuffer.wrap(buffer), length - 4)).isEqualTo((int) crc.getValue());
    }

    @Test
    void shouldCoverAPacketLongerThanTheCalculatorFirstHeldThenAShortOneAgain() {
        final Icrc.Calculator calculator = new Icrc.Calculator();
        for (final int payload : new int[] {9000, 100}) {
            final byte[] buffer = new byte[payload + 128];
            final FrameEncoder encoder = new FrameEncoder().withoutEthernet().opcode(OpcodeTable.RC_RDMA_WRITE_ONLY)
                .payloadLength(payload).ttl(3);
            encoder.begin(buffer, 0).bth().psn(5);
            final int length = encoder.finish();
            for (int i = 48; i < length - 4; i++) {
                buffer[i] = (byte) (i * 31);
            }
            final byte[] masked = java.util.Arrays.copyOf(buffer, length - 4);
            for (final int i : new int[] {1, 8, 10, 11, 26, 27, 32}) {
                masked[i] = (byte) 0xFF;
            }
            final CRC32 crc = new CRC32();
            crc.update(new byte[] {-1, -1, -1, -1, -1, -1, -1, -1});
            crc.update(masked);
            assertThat(calculator.of(ByteBuffer.wrap(buffer), 0, NetworkKind.IPV4, length - 4)).as("payload %d", payload)
                .isEqualTo((int) crc.getValue());
        }
    }

    @Test
    void shouldIgnoreTheFieldsRoutersRewriteAndNothingElse() {
        for (final NetworkKind kind : NetworkKind.values()) {
            final byte[] buffer = new byte[256];
            final FrameEncoder encoder = new FrameEncoder().withoutEthernet().opcode(OpcodeTable.RC_SEND_ONLY).payloadLength(8);
            if (kind == NetworkKind.IPV6) {
                encoder.ipv6(1, 2, 3, 4);
            } else {
                encoder.ipv4(1, 2);
            }
            final int length = encoder.begin(buffer, 0).finish();
            final ByteBuffer view = ByteBuffer.wrap(buffer);
            final int icrcOffset = length - 4;
            final int original = Icrc.compute(view, 0, kind, icrcOffset);
            final int ip = kind == NetworkKind.IPV4 ? 20 : 40;
            for (int i = 0; i < icrcOffset; i++) {
                final byte saved = buffer[i];
                final int bit = i == 0 ? 0x01 : 0x10;
                buffer[i] ^= (byte) bit;
                final boolean masked = isMasked(kind, ip, i);
                assertThat(Icrc.compute(view, 0, kind, icrcOffset) == original).as("%s byte %d", kind, i).isEqualTo(masked);
                buffer[i] = saved;
            }
        }
    }

    @Test
    void shouldComputeTheSameValueForAFrameAtAnyOffsetOfAnyBuffer() {
        final byte[] frame = VectorLoader.byId("rc-acknowledge").frame();
        final ByteBuffer direct = ByteBuffer.allocateDirect(frame.length + 100);
        direct.position(37);
        direct.put(frame);
        final DecodedPacket packet = new DecodedPacket();
        assertThat(PacketDecoder.decodeEthernet(direct, 37, frame.length, packet)).isEqualTo(DecodeStatus.OK);
        assertThat(packet.icrcComputed()).isEqualTo(Icrc.read(ByteBuffer.wrap(frame), frame.length - 4));
    }

    private static boolean isMasked(final NetworkKind kind, final int ip, final int i) {
        if (kind == NetworkKind.IPV4 && (i == 1 || i == 8 || i == 10 || i == 11)) {
            return true;
        }
        // IPv6: byte 0 bit 0 is traffic class, bytes 1-3 traffic class and flow label, byte 7 hop limit.
        if (kind == NetworkKind.IPV6 && (i <= 3 || i == 7)) {
            return true;
        }
        return i == ip + 6 || i == ip + 7 || i == ip + 8 + 4;
    }
}
