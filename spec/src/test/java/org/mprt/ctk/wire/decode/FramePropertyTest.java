package org.mprt.ctk.wire.decode;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.wire.RandomFrames;
import org.mprt.ctk.wire.encode.FrameEncoder;
import org.mprt.ctk.wire.ip.NetworkKind;

/**
 * Properties over random valid frames (fixed seeds): decode, encode, same bytes; every prefix and
 * every single-byte corruption decodes to a status without throwing, and a corruption the ICRC
 * covers never decodes OK.
 */
class FramePropertyTest {

    private static final int FRAMES = 10_000;

    private final DecodedPacket packet = new DecodedPacket();
    private final byte[] buffer = new byte[8192];

    @Test
    void shouldReencodeRandomValidFramesToTheSameBytes() {
        final RandomFrames frames = new RandomFrames(1);
        final FrameEncoder encoder = new FrameEncoder();
        final byte[] out = new byte[8192];
        for (int i = 0; i < FRAMES; i++) {
            final int length = frames.next(buffer, 0);
            assertThat(decode(frames, buffer, length)).as("frame %d: %s", i, packet).isEqualTo(DecodeStatus.OK);
            assertThat(packet.opcode().code()).isEqualTo(buffer[frames.encoder().bthOffset()] & 0xFF);
            final int again = encoder.configureFrom(packet).begin(out, 0).copyHeadersFrom(packet).finish();
            assertThat(again).isEqualTo(length);
            assertThat(Arrays.equals(out, 0, length, buffer, 0, length)).as("frame %d", i).isTrue();
        }
    }

    @Test
    void shouldReportEveryPrefixOfAValidFrameAsMalformed() {
        final RandomFrames frames = new RandomFrames(2);
        for (int i = 0; i < 300; i++) {
            final int length = frames.next(buffer, 0);
            final int datagramEnd = frames.encoder().icrcOffset() + 4;
            for (int prefix = 0; prefix < length; prefix++) {
                final DecodeStatus status = decode(frames, buffer, prefix);
                assertThat(status).as("frame %d cut at %d: %s", i, prefix, packet)
                    .isEqualTo(prefix < datagramEnd ? DecodeStatus.MALFORMED : DecodeStatus.OK);
            }
        }
    }

    @Test
    void shouldNeverAcceptASingleByteCorruptionTheIcrcCovers() {
        final RandomFrames frames = new RandomFrames(3);
        final SplittableRandom random = new SplittableRandom(4);
        int notOk = 0;
        for (int i = 0; i < FRAMES; i++) {
            final int length = frames.next(buffer, 0);
            final int position = random.nextInt(length);
            final byte original = buffer[position];
            buffer[position] = (byte) (original ^ (1 + random.nextInt(255)));
            final DecodeStatus status = decode(frames, buffer, length);
            assertThat(status).isNotNull();
            if (coveredAndUnmasked(frames, position, buffer[position] ^ original)) {
                assertThat(status).as("frame %d byte %d: %s", i, position, packet).isNotEqualTo(DecodeStatus.OK);
                notOk++;
            }
            if (status == DecodeStatus.MALFORMED || status == DecodeStatus.ICRC_MISMATCH) {
                assertThat(packet.error().message()).isNotEmpty();
            }
        }
        assertThat(notOk).isGreaterThan(FRAMES / 2);
    }

    @Test
    void shouldDecodeRandomBytesWithoutThrowing() {
        final SplittableRandom random = new SplittableRandom(5);
        for (int i = 0; i < FRAMES; i++) {
            final int length = random.nextInt(200);
            random.nextBytes(buffer);
            // Half the time, make the bytes look like IPv4/UDP/4791 so that decoding goes deeper.
            if (random.nextBoolean() && length > 40) {
                buffer[0] = 0x45;
                buffer[9] = 17;
                buffer[22] = 0x12;
                buffer[23] = (byte) 0xB7;
            }
            final NetworkKind kind = random.nextBoolean() ? NetworkKind.IPV4 : NetworkKind.IPV6;
            assertThat(PacketDecoder.decode(buffer, 0, kind, length, packet)).isNotNull();
            assertThat(PacketDecoder.decodeEthernet(buffer, 0, length, packet)).isNotNull();
        }
    }

    private DecodeStatus decode(final RandomFrames frames, final byte[] frame, final int length) {
        final FrameEncoder encoder = frames.encoder();
        if (encoder.networkOffset() == 0) {
            return PacketDecoder.decode(frame, 0, encoder.networkKind(), length, packet);
        }
        return PacketDecoder.decodeEthernet(frame, 0, length, packet);
    }

    // The ICRC covers the IP datagram except the fields routers rewrite; CRC-32 detects every error in one byte.
    private static boolean coveredAndUnmasked(final RandomFrames frames, final int position, final int flipped) {
        final FrameEncoder encoder = frames.encoder();
        final int ip = encoder.networkOffset();
        final int udp = encoder.udpOffset();
        if (position < ip || position >= encoder.icrcOffset() + 4) {
            return false;
        }
        final int at = position - ip;
        if (encoder.networkKind() == NetworkKind.IPV4) {
            if (at == 1 || at == 8 || at == 10 || at == 11) {
                return false;
            }
        } else if ((at == 0 && (flipped & 0xF0) == 0) || (at >= 1 && at <= 3) || at == 7) {
            return false;
        }
        return position != udp + 6 && position != udp + 7 && position != encoder.bthOffset() + 4;
    }

}
