package org.mprt.ctk.wire.icrc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.wire.ClassicPcap;
import org.mprt.ctk.wire.decode.DecodeStatus;
import org.mprt.ctk.wire.decode.DecodedPacket;
import org.mprt.ctk.wire.decode.PacketDecoder;
import org.mprt.ctk.wire.encode.FrameEncoder;
import org.mprt.ctk.wire.opcode.OpcodeTable;

/**
 * ROCE-ICRC-001 against 105 RoCEv2 frames captured from real NICs (shared/captures-external,
 * see its README): every ICRC verifies, the ICRC goes on the wire least significant byte first,
 * and every frame survives decode, encode, same bytes.
 */
class ExternalCaptureTest {

    private static final int ROCE_FRAMES = 105;

    private static List<byte[]> frames;

    @BeforeAll
    static void readCapture() throws IOException {
        ClassicPcap.assumeExternalCapture();
        frames = ClassicPcap.readFrames(ClassicPcap.EXTERNAL_CAPTURE);
    }

    @Test
    void shouldAcceptTheIcrcOfEveryRoceFrameFromRealNics() {
        final DecodedPacket packet = new DecodedPacket();
        int roce = 0;
        int notRoce = 0;
        for (int n = 0; n < frames.size(); n++) {
            final byte[] frame = frames.get(n);
            final DecodeStatus status = PacketDecoder.decodeEthernet(frame, 0, frame.length, packet);
            if (status == DecodeStatus.NOT_ROCE) {
                notRoce++;
                continue;
            }
            assertThat(status).as("frame %d: %s", n + 1, packet).isEqualTo(DecodeStatus.OK);
            assertThat(packet.icrcMatches()).as("frame %d", n + 1).isTrue();
            roce++;
        }
        assertThat(roce).isEqualTo(ROCE_FRAMES);
        assertThat(notRoce).isEqualTo(frames.size() - ROCE_FRAMES);
    }

    @Test
    void shouldFindTheIcrcBytesLeastSignificantFirstOnTheWire() {
        final DecodedPacket packet = new DecodedPacket();
        final CRC32 reference = new CRC32();
        int checked = 0;
        for (final byte[] frame : frames) {
            if (PacketDecoder.decodeEthernet(frame, 0, frame.length, packet) != DecodeStatus.OK) {
                continue;
            }
            final int expected = independentIcrc(frame, packet, reference);
            final int icrc = packet.icrcOffset();
            final int bigEndian = ByteBuffer.wrap(frame).getInt(icrc);
            assertThat(packet.icrcComputed()).isEqualTo(expected);
            assertThat(bigEndian).isEqualTo(Integer.reverseBytes(expected));
            assertThat(frame[icrc] & 0xFF).isEqualTo(expected & 0xFF);
            checked++;
        }
        assertThat(checked).isEqualTo(ROCE_FRAMES);
    }

    @Test
    void shouldReencodeEveryRoceFrameToTheSameBytes() {
        final DecodedPacket packet = new DecodedPacket();
        final FrameEncoder encoder = new FrameEncoder();
        final byte[] out = new byte[2048];
        for (int n = 0; n < frames.size(); n++) {
            final byte[] frame = frames.get(n);
            if (PacketDecoder.decodeEthernet(frame, 0, frame.length, packet) != DecodeStatus.OK) {
                continue;
            }
            final int length = encoder.configureFrom(packet).begin(out, 0).copyHeadersFrom(packet).finish();
            assertThat(Arrays.copyOf(out, length)).as("frame %d", n + 1).isEqualTo(frame);
        }
    }

    @Test
    void shouldDecodeTheCaptureAsItsReadmeDescribesIt() {
        final DecodedPacket packet = new DecodedPacket();
        final List<String> opcodes = new ArrayList<>();
        for (final byte[] frame : frames) {
            if (PacketDecoder.decodeEthernet(frame, 0, frame.length, packet) == DecodeStatus.OK) {
                if (!opcodes.contains(packet.opcode().fullName())) {
                    opcodes.add(packet.opcode().fullName());
                }
                assertThat(packet.ecn()).isEqualTo(2);
                assertThat(packet.extensions().count()).isEqualTo(packet.opcode().headers().size());
            }
        }
        assertThat(opcodes).containsExactlyInAnyOrder(
            OpcodeTable.RC_ACKNOWLEDGE.fullName(), OpcodeTable.RC_SEND_FIRST.fullName(),
            OpcodeTable.RC_SEND_LAST_WITH_IMMEDIATE.fullName(), OpcodeTable.RC_SEND_ONLY_WITH_IMMEDIATE.fullName());
    }

    // An independent ICRC: copy, mask with plain array writes, CRC32 of the JDK.
    private static int independentIcrc(final byte[] frame, final DecodedPacket packet, final CRC32 crc) {
        final int ip = packet.networkOffset();
        final byte[] copy = Arrays.copyOfRange(frame, ip, packet.icrcOffset());
        final int ihl = (copy[0] & 0xF) * 4;
        copy[1] = (byte) 0xFF;
        copy[8] = (byte) 0xFF;
        copy[10] = (byte) 0xFF;
        copy[11] = (byte) 0xFF;
        copy[ihl + 6] = (byte) 0xFF;
        copy[ihl + 7] = (byte) 0xFF;
        copy[ihl + 8 + 4] = (byte) 0xFF;
        crc.reset();
        crc.update(new byte[] {-1, -1, -1, -1, -1, -1, -1, -1});
        crc.update(copy);
        return (int) crc.getValue();
    }
}
